/// <reference lib="webworker" />
import { createVariant, isClassic } from '../../core/index.js';
import { reviewInPasses } from '../../review/index.js';
import { Solver, needsWideKey, parseBook, solverSupports, type Book } from '../../solver/index.js';
import { startThreads } from '../worker/start-threads.js';
import type { ReviewReply, ReviewRequest } from './protocol.js';

/**
 * The Review's own worker: one game per worker, judged from the last move back, pass after
 * pass with more time: every move's verdict first, then the other columns' exact scores. On a
 * cross-origin isolated page it searches on every core the search worker would (helper workers
 * over one shared table). Leaving the review terminates the worker, which is the cancellation
 * (the search does not poll for messages; the browser ends the nested helpers with it).
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
  // Every core the page may use (the search worker's plan), over one table for the whole game.
  const [book, shared] = await Promise.all([
    isClassic(variant.value) ? openingBook() : undefined,
    // The wide build (boards past 64 bits) searches on one thread: no helpers to start.
    needsWideKey(variant.value) ? null : startThreads(scope),
  ]);
  const size = shared ? { shared: shared.table } : { tableBits: 21 };
  const solver = new Solver(book ? { ...size, book } : size);
  for (const event of reviewInPasses(solver, variant.value, request.moves, request.passes)) {
    if (event.type === 'position') post(event);
    else post({ type: 'pass', pass: event.pass, unsolved: event.open });
  }
  post({ type: 'done' });
}

scope.addEventListener('message', (event: MessageEvent<ReviewRequest>) => {
  review(event.data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
});
