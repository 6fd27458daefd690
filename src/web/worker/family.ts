import { createRandom, parseLevel } from '../../ai/index.js';
import {
  FAMILY_WIN_THRESHOLD,
  chooseFamilyMove,
  chooseFamilyMoveExplained,
  immediateWins,
  type FamilyPerfectContext,
} from '../../ai/family/index.js';
import { popoutBookAnalysis, popoutBookScore } from '../../solver/family/popout-book.js';
import {
  movesToEnd,
  parseFamilyGame,
  sameMove,
  type GamePosition,
  type Move,
} from '../../core/index.js';
import {
  POPOUT_WIN,
  analyseFamily,
  solveFamily,
  type FamilyAnalysis,
} from '../../solver/family/index.js';
import { fastSupports } from '../../solver/family/fast.js';
import { releasePopOutHelpers, type PopOutSharedTable } from '../../solver/family/fast-shared.js';
import { familyHints, type FamilyMoveValue } from '../state/family-hints.js';
import type { GameRef, Reply, Request } from './protocol.js';
import { popoutBookFor } from './popout-book.js';
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

export async function familyMove(
  request: Extract<Request, { type: 'move' }>,
  scope: DedicatedWorkerGlobalScope,
): Promise<Reply> {
  const position = familyPosition(request.game);
  // The level's own budget (src/ai/budgets.ts), as in the CLI and on the server.
  const level = parseLevel(request.level);
  const isPerfect = level.ok && level.value.id === 'perfect';
  const popoutBook = isPerfect ? await popoutBookFor(position) : undefined;
  const book: FamilyPerfectContext = popoutBook ? { popoutBook } : {};
  // Only Perfect's solver searches the shared table; the other levels' search is their own.
  const threads = isPerfect ? await threadsFor(scope, position) : null;
  const perfect: FamilyPerfectContext = threads ? { ...book, popoutShared: threads.table } : book;
  const move = chooseFamilyMove(position, level.ok ? level.value : 'intermediate', {
    rng: createRandom(request.seed),
    perfect,
  });
  return { id: request.id, type: 'move', column: move.column, kind: move.kind };
}

/**
 * A deeper look than Strong plays with, for the hints of the moves the solver has not settled.
 * It nearly always runs its whole time, which is why it comes after the solver's first pass,
 * not before: first, it held back hints the solver gives in a fraction of that.
 */
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

/** The solver's time for the exact hints, in all. */
const SOLVE_MS = 4000;
/**
 * Five-in-a-Row's first pass: a position the solver settles within this needs no estimates.
 * Measured in Node on two games of src/puzzles/sets/games-five.txt: ply 14 in 0.17–0.43 s,
 * ply 12 in 0.69–1.9 s, ply 10 in 2.1 s or more. Earlier, the estimates come after it. PopOut's
 * first pass is the solver's whole time: its best moves, shown first, come in 3–320 ms even
 * where every move's score does not (popout:43), and a pass cut short to make room for the
 * estimates finished later than one let run (popout:436157 in the page: 3.8–4.1 s against
 * 3.1–3.7 s with the estimates first, `npm run bench:web-family`).
 */
const FIVE_FIRST_PASS_MS = 1500;

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
 * Hints from the solver first, then estimates for the moves it has not settled. PopOut's best
 * moves come first (cheap: one proof, docs/family.md), then every move's score in a first pass;
 * a position settled by then is final. Otherwise the search's estimates fill in the rest, and
 * the solver goes on, with its tables, for what is left of `SOLVE_MS`.
 */
export async function familyAnalysis(
  request: Extract<Request, { type: 'analyze' }>,
  post: (reply: Reply) => void,
  scope: DedicatedWorkerGlobalScope,
): Promise<void> {
  const position = familyPosition(request.game);
  const threads = await threadsFor(scope, position);
  const table = threads ? { shared: threads.table } : {};
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
  // Until the search has looked: one ply deep (a win on the spot, a move that loses at once).
  let estimates: readonly FamilyMoveValue[] = position
    .legalMoves()
    .map((move) => oneMoveLook(position, move));
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
  // PopOut 7x6's opening book: every first move scored on the empty board (an edge disc loses),
  // and a best reply to each first disc, without a search.
  const popoutBook = await popoutBookFor(position);
  const fromBook = popoutBook && popoutBookAnalysis(popoutBook, position);
  const bookScore = (move: Move): number | null =>
    fromBook?.moves.find((m) => sameMove(m.move, move))?.score ?? null;
  if (fromBook?.moves.every((m) => m.score !== null) === true) {
    post(reply(valuesFrom(bookScore), true));
    return;
  }
  const solverEnd = Date.now() + SOLVE_MS;
  // PopOut: the position's score and its best moves, shown at once. They cost far less than
  // every move's score, which in the opening often does not finish in time; the full pass
  // reuses their proof from the table (popout:433434: 7.79 M positions against 7.91 M alone).
  // The book's own score of the position names a best move with none.
  let best: { readonly score: number; readonly moves: readonly Move[] } | undefined;
  const own = popoutBook && popoutBookScore(popoutBook, position);
  const bookBest = fromBook?.moves.filter((m) => own !== undefined && m.score === own) ?? [];
  if (own !== undefined && bookBest.length > 0) {
    best = { score: own, moves: bookBest.map((m) => m.move) };
  } else if (position.ruleset.pops) {
    try {
      const found = solveFamily(position.clone(), { best: true, deadline: solverEnd, ...table });
      if (found.exact && found.best.length > 0) best = { score: found.score, moves: found.best };
    } catch {
      // The solver could not run here: the pass below says so.
    }
  }
  const known = (solved: FamilyAnalysis | undefined) => (move: Move) =>
    solved?.moves.find((m) => sameMove(m.move, move))?.score ??
    bookScore(move) ??
    (best?.moves.some((m) => sameMove(m, move)) === true ? best.score : null);
  if (best) post(reply(valuesFrom(known(undefined)), false));
  /** Every move's score by `deadline` (on a copy: the hints read `position` after). */
  const pass = (deadline: number): FamilyAnalysis | null => {
    try {
      return analyseFamily(position.clone(), { deadline, ...table });
    } catch {
      // The solver could not run here (e.g. its WebAssembly is missing).
      return null;
    }
  };
  const firstPassMs = position.ruleset.pops ? SOLVE_MS : FIVE_FIRST_PASS_MS;
  let solved = pass(Math.min(solverEnd, Date.now() + firstPassMs));
  const settled = (analysis: FamilyAnalysis | null): boolean =>
    analysis !== null && position.legalMoves().every((move) => known(analysis)(move) !== null);
  if (!settled(solved)) {
    const searchStart = Date.now();
    const choice = chooseFamilyMoveExplained(position, 'strong', { budget: ANALYSIS_BUDGET });
    const searchMs = Date.now() - searchStart;
    const searched = choice.moves.map(({ move, score, kind }) => ({
      move,
      score,
      exact: kind === 'exact',
    }));
    // The search skips moves it settles without searching: those keep their one-ply look.
    estimates = estimates.map((e) => searched.find((s) => sameMove(s.move, e.move)) ?? e);
    if (solved === null) {
      post(reply(estimates, true));
      return;
    }
    post(reply(valuesFrom(known(solved)), false));
    // The rest of the solver's time, counted without the estimates' search.
    const remaining = solverEnd + searchMs - Date.now();
    if (remaining > 0) solved = pass(Date.now() + remaining) ?? solved;
  }
  post(reply(valuesFrom(known(solved ?? undefined)), true));
}
