/// <reference lib="webworker" />
import { createVariant, isClassic } from '../../core/index.js';
import { reviewMoves, type MoveReview } from '../../review/index.js';
import { Solver, parseBook, solverSupports, type Book } from '../../solver/index.js';
import type { ReviewReply, ReviewRequest } from './protocol.js';

/**
 * The Review's own worker: one game per worker, judged from the last move back, pass after
 * pass with more time for what is still unsolved. Leaving the review terminates the worker,
 * which is the cancellation (the search does not poll for messages).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: ReviewReply): void => {
  scope.postMessage(reply);
};

/** The 7x6 opening book, as the search worker fetches it (absent: the solver searches). */
async function openingBook(): Promise<Book | undefined> {
  try {
    const response = await fetch(new URL('../../solver/book/7x6.book', import.meta.url));
    if (!response.ok) return undefined;
    const parsed = parseBook(new Uint8Array(await response.arrayBuffer()));
    return parsed.ok ? parsed.value : undefined;
  } catch {
    return undefined;
  }
}

async function review(request: ReviewRequest): Promise<void> {
  const variant = createVariant(request);
  if (!variant.ok) throw variant.error;
  if (!solverSupports(variant.value)) {
    throw new Error('the solver cannot review boards this large (past 12×12)');
  }
  const book = isClassic(variant.value) ? await openingBook() : undefined;
  const solver = new Solver(book ? { tableBits: 21, book } : { tableBits: 21 });
  let pending: readonly number[] | undefined;
  for (const [pass, positionMs] of request.passes.entries()) {
    const unsolved: number[] = [];
    const budget = pending === undefined ? { positionMs } : { positionMs, plies: pending };
    for (const judged of reviewMoves(solver, variant.value, request.moves, budget)) {
      post({ type: 'position', review: judged, pass });
      if (unsettled(judged)) unsolved.push(judged.ply);
    }
    post({ type: 'pass', pass, unsolved: unsolved.length });
    if (unsolved.length === 0) break;
    pending = unsolved;
  }
  post({ type: 'done' });
}

/** Worth another pass: not judged, or judged without every column exact. */
const unsettled = (r: MoveReview): boolean =>
  r.class === 'unsolved' || r.columns.some((c) => c !== null && !c.exact);

scope.addEventListener('message', (event: MessageEvent<ReviewRequest>) => {
  review(event.data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
});
