import { createRandom, parseLevel } from '../../ai/index.js';
import {
  FAMILY_WIN_THRESHOLD,
  chooseFamilyMove,
  chooseFamilyMoveExplained,
  immediateWins,
  type FamilyPerfectContext,
} from '../../ai/family/index.js';
import { POPOUT_BOOK_RULESET, parsePopoutBook } from '../../solver/family/popout-book.js';
import {
  movesToEnd,
  parseFamilyGame,
  rulesetToString,
  sameMove,
  type GamePosition,
  type Move,
} from '../../core/index.js';
import { POPOUT_WIN, analyseFamily, solveFamily } from '../../solver/family/index.js';
import { fastSupports } from '../../solver/family/fast.js';
import { releasePopOutHelpers, type PopOutSharedTable } from '../../solver/family/fast-shared.js';
import { familyHints, type FamilyMoveValue } from '../state/family-hints.js';
import type { GameRef, Reply, Request } from './protocol.js';
import { startPopOutThreads, type Threads } from './start-threads.js';

/**
 * The worker's half for PopOut and Five-in-a-Row: the family's levels (src/ai/family) and
 * analysis, read from the game string the page sends (`popout:44p4`).
 */
export function familyPosition(game: GameRef): GamePosition {
  const parsed = parseFamilyGame(game.family ?? '');
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

const POPOUT_BOOK_URL = new URL('../../solver/book/popout-7x6.book', import.meta.url);
let popoutBook: Promise<FamilyPerfectContext> | undefined;
/**
 * Perfect's context with PopOut's opening book, fetched the first time Perfect plays PopOut (a
 * failure leaves the book out); the same promise for every later move.
 */
function loadPopoutBook(): Promise<FamilyPerfectContext> {
  popoutBook ??= fetch(POPOUT_BOOK_URL)
    .then(async (response) => (response.ok ? new Uint8Array(await response.arrayBuffer()) : null))
    .then((bytes): FamilyPerfectContext => {
      const parsed = bytes ? parsePopoutBook(bytes) : null;
      return parsed?.ok ? { popoutBook: parsed.value } : {};
    })
    .catch(() => ({}));
  return popoutBook;
}
/** PopOut's shared table and its helpers, for the board they were started for. */
let popoutThreads:
  | { readonly board: string; readonly started: Promise<Threads<PopOutSharedTable> | null> }
  | undefined;

/**
 * PopOut's threads for `position`'s board, started the first time a PopOut search needs them on
 * a cross-origin isolated page (null: one thread, or a game without pops, or a board the fast
 * search does not take). Another board ends the helpers of the last one first.
 */
async function threadsFor(
  scope: DedicatedWorkerGlobalScope,
  position: GamePosition,
): Promise<Threads<PopOutSharedTable> | null> {
  const { width, height, connect } = position.variant;
  if (!position.ruleset.pops || !fastSupports(width, height, connect)) return null;
  const board = `${width}x${height}`;
  if (popoutThreads?.board !== board) {
    const previous = await popoutThreads?.started;
    if (previous) releasePopOutHelpers(previous.table);
    popoutThreads = { board, started: startPopOutThreads(scope, width, height) };
  }
  return popoutThreads.started;
}

/** How long Perfect's first PopOut move waits for the book (its ~1 KB is normally at hand). */
const POPOUT_BOOK_WAIT_MS = 1500;

export async function familyMove(
  request: Extract<Request, { type: 'move' }>,
  scope: DedicatedWorkerGlobalScope,
): Promise<Reply> {
  const position = familyPosition(request.game);
  // The level's own budget (src/ai/budgets.ts), as in the CLI and on the server.
  const level = parseLevel(request.level);
  const isPerfect = level.ok && level.value.id === 'perfect';
  // A book slower than the wait is left out of this move (and used by the next ones).
  const book: FamilyPerfectContext =
    isPerfect && rulesetToString(position.ruleset) === POPOUT_BOOK_RULESET
      ? await Promise.race([
          loadPopoutBook(),
          new Promise<FamilyPerfectContext>((resolve) => {
            setTimeout(() => {
              resolve({});
            }, POPOUT_BOOK_WAIT_MS);
          }),
        ])
      : {};
  // Only Perfect's solver searches the shared table; the other levels' search is their own.
  const threads = isPerfect ? await threadsFor(scope, position) : null;
  const perfect: FamilyPerfectContext = threads ? { ...book, popoutShared: threads.table } : book;
  const move = chooseFamilyMove(position, level.ok ? level.value : 'intermediate', {
    rng: createRandom(request.seed),
    perfect,
  });
  return { id: request.id, type: 'move', column: move.column, kind: move.kind };
}

/** A deeper look than Strong plays with, for the hints. */
const ANALYSIS_BUDGET = { nodes: null, timeMs: 1500 } as const;

/** A move's value from the position it leaves: a win now, a loss next move, or unknown. */
function oneMoveLook(position: GamePosition, move: Move): FamilyMoveValue {
  const after = position.clone();
  after.play(move);
  const outcome = after.outcome;
  if (outcome.kind === 'win') {
    const score = outcome.winner === position.turn ? FAMILY_WIN_THRESHOLD : -FAMILY_WIN_THRESHOLD;
    return { move, score, exact: false };
  }
  if (outcome.kind === 'draw') return { move, score: 0, exact: true };
  if (immediateWins(after).length > 0) return { move, score: -FAMILY_WIN_THRESHOLD, exact: false };
  return { move, score: null, exact: false };
}

/** The solver's time for the exact pass of the hints. */
const SOLVE_MS = 4000;

/**
 * The mover's moves to the end, this one included, for an exact score of the family solver
 * (docs/family.md): PopOut counts plies to the end, Five-in-a-Row scores as the classic solver
 * with the set-up discs on the board.
 */
export function familyDistance(position: GamePosition, score: number): number {
  if (position.ruleset.pops) {
    const plies = POPOUT_WIN - Math.abs(score);
    return score > 0 ? Math.ceil(plies / 2) : Math.floor(plies / 2);
  }
  const { width, height } = position.variant;
  const discs = position.heights.reduce((sum, h) => sum + h, 0);
  return movesToEnd(width * height, discs, score);
}

/**
 * Hints in two passes: the search's estimates at once, then the solver's exact scores for every
 * move it settles in its time (the estimates stay for the rest).
 */
export async function familyAnalysis(
  request: Extract<Request, { type: 'analyze' }>,
  post: (reply: Reply) => void,
  scope: DedicatedWorkerGlobalScope,
): Promise<void> {
  const position = familyPosition(request.game);
  const choice = chooseFamilyMoveExplained(position, 'strong', { budget: ANALYSIS_BUDGET });
  const searched: FamilyMoveValue[] = choice.moves.map(({ move, score, kind }) => ({
    move,
    score,
    exact: kind === 'exact',
  }));
  // The search skips moves it settles without searching (a win on the spot, a move that lets
  // the opponent win at once): those are judged here, one ply deep, so every move has a hint.
  const estimates = position
    .legalMoves()
    .map((move) => searched.find((e) => sameMove(e.move, move)) ?? oneMoveLook(position, move));
  const reply = (values: readonly FamilyMoveValue[], final: boolean): Reply => {
    const hints = familyHints(position, values, FAMILY_WIN_THRESHOLD);
    return {
      id: request.id,
      type: 'analysis',
      hints: hints.drops,
      popHints: hints.pops,
      final,
      exact: values.length > 0 && values.every((v) => v.exact),
      threads: final && threads ? 1 + threads.helpers : 1,
    };
  };
  let threads: Threads<PopOutSharedTable> | null = null;
  post(reply(estimates, false));
  threads = await threadsFor(scope, position);
  const deadline = Date.now() + SOLVE_MS;
  const table = threads ? { shared: threads.table } : {};
  /** Every move's hint: the exact score where known (`scores`), else the estimate. */
  const valuesFrom = (scores: (move: Move) => number | null): FamilyMoveValue[] =>
    position.legalMoves().map((move): FamilyMoveValue => {
      const score = scores(move);
      if (score !== null) {
        const distance = score === 0 ? undefined : familyDistance(position, score);
        return { move, score, exact: true, ...(distance === undefined ? {} : { distance }) };
      }
      return estimates.find((e) => sameMove(e.move, move)) ?? oneMoveLook(position, move);
    });
  // PopOut: the position's score and its best moves first, shown at once. They cost far less
  // than every move's score (docs/family.md, "Computer levels"), which in the opening often
  // does not finish in time; the full pass reuses their proof from the table, so both together
  // cost about what it did alone (popout:433434: 7.79 M positions against 7.91 M).
  let best: { readonly score: number; readonly moves: readonly Move[] } | undefined;
  if (position.ruleset.pops) {
    try {
      const found = solveFamily(position.clone(), { best: true, deadline, ...table });
      if (found.exact && found.best.length > 0) {
        best = { score: found.score, moves: found.best };
        const known = best;
        post(
          reply(
            valuesFrom((move) => (known.moves.some((m) => sameMove(m, move)) ? known.score : null)),
            false,
          ),
        );
      }
    } catch {
      // The solver could not run here: the pass below says so.
    }
  }
  let solved: ReturnType<typeof analyseFamily>;
  try {
    // On a copy: the hints are read from `position` after the search, whatever it left behind.
    solved = analyseFamily(position.clone(), { deadline, ...table });
  } catch {
    // The solver could not run here (e.g. its WebAssembly is missing): the estimates stand.
    post(reply(estimates, true));
    return;
  }
  const values = valuesFrom(
    (move) =>
      solved.moves.find((m) => sameMove(m.move, move))?.score ??
      (best?.moves.some((m) => sameMove(m, move)) === true ? best.score : null),
  );
  post(reply(values, true));
}
