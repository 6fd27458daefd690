/// <reference lib="webworker" />
import {
  chooseMove,
  createPerfectContext,
  createRandom,
  parseLevel,
  type PerfectContext,
} from '../../ai/index.js';
import { Position, createVariant, isClassic } from '../../core/index.js';
import {
  Solver,
  parseBook,
  needsWideKey,
  solverSupports,
  type AnalyzeResult,
  type Book,
} from '../../solver/index.js';
import { hintFromEvaluation, rankEstimates, type Hint } from '../state/hints.js';
import { isMirrorSymmetric, symmetricHints } from '../state/symmetry.js';
import { BOOK_URL } from './book-url.js';
import { familyAnalysis, familyMove } from './family.js';
import { analyzeWithMirror } from './mirror-analysis.js';
import type { GameRef, Reply, Request } from './protocol.js';
import { delay, startThreads, type Threads } from './start-threads.js';

/**
 * The search worker: computer moves and column analysis, off the page's thread. A search is
 * cancelled by terminating the worker (the page starts a fresh one), so nothing here needs to
 * poll for messages mid-search.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: Reply): void => {
  scope.postMessage(reply);
};

let threads: Promise<Threads | null> | undefined;

const sharedThreads = (): Promise<Threads | null> => (threads ??= startThreads(scope));

/** Threads the exact searches run on. */
const threadCount = (shared: Threads | null): number => (shared ? 1 + shared.helpers : 1);

/**
 * The analysis solver. One thread: 2^20 table entries of 16 bytes (16 MiB), plenty for
 * interactive analysis and light on a phone, and Perfect has its own. Several: thread 0 of the
 * shared table, which Perfect uses too (a table has one thread 0).
 */
let solver: Solver | undefined;
let solverHasBook = false;

/** The analysis solver, made again once when the book arrives so classic positions can use it. */
function solverWith(loaded: Book | undefined, shared: Threads | null): Solver {
  if (!solver || (loaded && !solverHasBook)) {
    const size = shared ? { shared: shared.table } : { tableBits: 20 };
    solver = new Solver(loaded ? { ...size, book: loaded } : size);
    solverHasBook = loaded !== undefined;
  }
  return solver;
}

/**
 * The 7x6 opening book, fetched when a classic game is prepared for Perfect or the analysis
 * board, or first needs a computer move or hints (never for the first view). Missing or
 * unreadable, the solver simply searches without it.
 */
let book: Promise<Book | undefined> | undefined;
/**
 * Perfect's solver (its table stays warm between moves) and, once it arrives, the book. With
 * several threads, the analysis solver instead (`perfectContext`).
 */
let perfect = createPerfectContext();
function perfectContext(shared: Threads | null): PerfectContext {
  if (!shared) return perfect;
  const { book: loaded } = perfect;
  return createPerfectContext(loaded, () => solverWith(loaded, shared));
}
function openingBook(): Promise<Book | undefined> {
  book ??= fetch(BOOK_URL)
    .then(async (response) => (response.ok ? new Uint8Array(await response.arrayBuffer()) : null))
    .then((bytes) => {
      if (!bytes) return undefined;
      const parsed = parseBook(bytes);
      return parsed.ok ? parsed.value : undefined;
    })
    .catch(() => undefined)
    .then((loaded) => {
      if (loaded) perfect = createPerfectContext(loaded);
      return loaded;
    });
  return book;
}

const BOOK_WAIT_MS = 1500;
/** How long an analysis waits for the book before starting the helpers anyway. */
const BOOK_FIRST_MS = 150;

function positionOf(game: GameRef): Position {
  const variant = createVariant(game);
  if (!variant.ok) throw variant.error;
  const position = Position.fromMoves(variant.value, game.moves);
  if (!position.ok) throw position.error;
  return position.value;
}

async function move(request: Extract<Request, { type: 'move' }>): Promise<void> {
  if (request.game.family !== undefined) {
    post(await familyMove(request, scope));
    return;
  }
  const position = positionOf(request.game);
  // The book helps from the first move, but a slow network must not hold the computer's reply:
  // wait for it a little, then play without it until it arrives.
  if (isClassic(position.variant)) await Promise.race([openingBook(), delay(BOOK_WAIT_MS)]);
  const level = parseLevel(request.level);
  // Only Perfect searches with the solver; other levels start no helpers.
  const solving = level.ok && level.value.id === 'perfect' && solverSupports(position.variant);
  // The wide build (boards past 64 bits) searches on one thread: no helpers to start.
  const shared = solving && !needsWideKey(position.variant) ? await sharedThreads() : null;
  const choice = await chooseMove(position, level.ok ? level.value : 'intermediate', {
    random: createRandom(request.seed),
    perfect: perfectContext(shared),
  });
  post({ id: request.id, type: 'move', column: choice.column });
}

function toHints(result: AnalyzeResult, game: GameRef): Hint[] {
  return result.columns.map((evaluation) =>
    hintFromEvaluation(evaluation, game, game.moves.length, result.weak),
  );
}

/**
 * The AI's search values: at or beyond this they are proven wins/losses (src/ai/engine/evaluate.ts
 * puts them within 10 000 of 1e9); below it they are heuristic judgements.
 */
const PROVEN = 999_990_000;

/** Search estimates for every playable column (a forced result the search found is exact). */
async function estimates(position: Position): Promise<Hint[]> {
  // An estimate, not a move: a deeper look than Strong plays with.
  const choice = await chooseMove(position, 'strong', {
    analysisBudget: { nodes: null, timeMs: 1500 },
  });
  const hints: Hint[] = Array.from({ length: position.variant.width }, (_, column) =>
    position.canPlay(column) ? { kind: 'unknown' } : { kind: 'full' },
  );
  for (const { column, score, kind } of choice.explanation.columns) {
    if (kind === 'exact') {
      hints[column] = hintFromEvaluation(
        { exact: true, score, lower: score, upper: score },
        position.variant,
        position.ply,
        false,
      );
    } else if (score >= PROVEN) hints[column] = { kind: 'win', moves: null };
    else if (score <= -PROVEN) hints[column] = { kind: 'loss', moves: null };
    else hints[column] = { kind: 'estimate', value: score };
  }
  // A time-limited search may value mirror columns differently: the position says they are equal.
  return isMirrorSymmetric(position) ? symmetricHints(hints) : rankEstimates(hints);
}

const settled = (hint: Hint | undefined): boolean =>
  hint !== undefined &&
  (hint.kind === 'win' || hint.kind === 'loss' || hint.kind === 'draw' || hint.kind === 'full');

/** Column by column, the first settled hint in order of preference, else the last fallback. */
function merge(...lists: readonly (readonly Hint[])[]): Hint[] {
  const width = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: width }, (_, column) => {
    const candidates = lists.map((list) => list[column]).filter((h) => h !== undefined);
    return (
      candidates.find(settled) ??
      candidates.find((h) => h.kind === 'notLosing' || h.kind === 'notWinning') ??
      candidates.find((h) => h.kind === 'estimate') ?? { kind: 'unknown' }
    );
  });
}

async function analyzeGame(request: Extract<Request, { type: 'analyze' }>): Promise<void> {
  const { id, game } = request;
  if (game.family !== undefined) {
    await familyAnalysis(request, post, scope);
    return;
  }
  const position = positionOf(game);
  if (!solverSupports(position.variant)) {
    // Too big to solve: a depth-limited search, labelled as an estimate.
    const hints = await estimates(position);
    post({ id, type: 'analysis', hints, final: true, exact: false, threads: 1 });
    return;
  }
  // The book first: starting the helpers (the shared table, nested workers) holds this thread
  // for a while on a busy device, and a position the book answers needs none of it. The page
  // has usually fetched the book already (local/book-prefetch.ts), so it is read from the cache
  // at once; a slow download gets a moment, then the helpers start while it goes on.
  const reading = isClassic(position.variant) ? openingBook() : undefined;
  let loaded = reading
    ? await Promise.race([reading, delay(BOOK_FIRST_MS).then(() => undefined)])
    : undefined;
  let answered = loaded ? fromBook(loaded, position) : undefined;
  const starting = answered || needsWideKey(position.variant) ? null : sharedThreads();
  if (!answered && reading && !loaded) {
    loaded = await reading;
    answered = loaded ? fromBook(loaded, position) : undefined;
  }
  if (answered) {
    post({
      id,
      type: 'analysis',
      hints: toHints(answered, game),
      final: true,
      exact: true,
      threads: 1,
    });
    return;
  }
  const shared = await starting;
  const solver = solverWith(loaded, shared);
  // Win/draw/loss first (fast), then the exact distances.
  // A position equal to its mirror has half the columns to search (mirror-analysis.ts).
  const weak = analyzeWithMirror(solver, position, { weak: true, timeLimitMs: 2500 });
  if (!weak.ok) throw weak.error;
  let best = toHints(weak.value, game);
  // Deep positions the solver cannot finish quickly get a search estimate meanwhile.
  if (!best.every(settled)) best = merge(best, await estimates(position));
  post({
    id,
    type: 'analysis',
    hints: best,
    final: false,
    exact: true,
    threads: threadCount(shared),
  });
  const strong = analyzeWithMirror(solver, position, { timeLimitMs: 15000 });
  if (!strong.ok) throw strong.error;
  post({
    id,
    type: 'analysis',
    hints: merge(toHints(strong.value, game), best),
    final: true,
    exact: true,
    threads: threadCount(shared),
  });
}

/** Nodes the book check may search (a child the book lacks but a short search settles). */
const BOOK_PROBE_NODES = 20_000;
let probe: Solver | undefined;

/** Every column's exact score when the book (and at most a short search) gives them. */
function fromBook(loaded: Book, position: Position): AnalyzeResult | undefined {
  probe ??= new Solver({ tableBits: 12, book: loaded });
  const result = analyzeWithMirror(probe, position, { maxNodes: BOOK_PROBE_NODES });
  if (!result.ok || result.value.stopped !== null) return undefined;
  return result.value.columns.every((c) => c === null || c.exact) ? result.value : undefined;
}

function prepare(game: GameRef): void {
  if (game.family !== undefined) return;
  const variant = createVariant(game);
  if (variant.ok && isClassic(variant.value)) void openingBook();
}

scope.addEventListener('message', (event: MessageEvent<Request>) => {
  const request = event.data;
  if (request.type === 'prepare') {
    prepare(request.game);
    return;
  }
  const work = request.type === 'move' ? move(request) : analyzeGame(request);
  work.catch((error: unknown) => {
    post({
      id: request.id,
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  });
});
