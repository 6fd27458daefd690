import {
  movesToEnd,
  sameVariant,
  scoreRangeAfterQuietMove,
  winScore,
  type Position,
} from '../core/index.js';
import { Solver, type Book, type Evaluation } from '../solver/index.js';
import { Board } from './engine/board.js';
import { pick, type RandomSource } from './random.js';
import type { AbortSignalLike, ColumnAssessment, MoveChoice, PerfectContext } from './types.js';

/**
 * A context whose solver is made on first use (its memory is not free): its own, or the one
 * `makeSolver` returns, for a host that shares one solver (and its table, or its threads) with
 * other searches; that solver should have `book` too.
 */
export function createPerfectContext(
  book?: Book,
  makeSolver: () => Solver = () => new Solver(book ? { book } : {}),
): PerfectContext {
  let solver: Solver | undefined;
  return {
    book,
    get solver() {
      solver ??= makeSolver();
      return solver;
    },
  };
}

let defaultContext = createPerfectContext();

/** The context used when a caller passes none. */
export function defaultPerfectContext(): PerfectContext {
  return defaultContext;
}

/**
 * Replaces the default context's book (and so its solver). For hosts that play one game at a
 * time and set the book once; others pass a context from `createPerfectContext` instead.
 */
export function setOpeningBook(next: Book | undefined): void {
  defaultContext = createPerfectContext(next);
}

/**
 * Among equally good columns, the book's strategy move if it is one of them: its line is covered
 * by the book further on, where another column's may not be (search would have to find it).
 */
function preferStrategy<T extends { readonly column: number }>(
  book: Book | undefined,
  position: Position,
  entries: readonly T[],
): readonly T[] {
  if (!book || !sameVariant(book.variant, position.variant)) return entries;
  const backed = entries.filter((entry) =>
    book.isStrategyAnswer([...position.moves, entry.column]),
  );
  return backed.length > 0 ? backed : entries;
}

/** What the book allows the side to move in a position of its variant (1 when it says nothing). */
function bookCeiling(
  book: Book | undefined,
  variant: Position['variant'],
  moves: readonly number[],
): -1 | 0 | 1 {
  if (!book || !sameVariant(book.variant, variant)) return 1;
  return book.ceiling(moves);
}

export interface ExactAnalysis {
  /** Per column: the mover's score for dropping there (null for a full column). */
  readonly columns: readonly (Evaluation | null)[];
  readonly nodes: number;
  readonly interrupted: boolean;
}

const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });
const between = (lower: number, upper: number): Evaluation =>
  lower === upper ? exact(lower) : { exact: false, score: null, lower, upper };

/** Node budget of the first win/draw/loss round per column; each later round gives 4 times more. */
const FIRST_WEAK_ROUND_NODES = 20_000;

/**
 * Column scores within a budget in two passes. First win/draw/loss only (a proof that a column
 * wins is far cheaper than its exact score, and the book's winning strategy answers it at once),
 * in rounds of growing node budgets so a hard column cannot starve an easy one; then exact scores
 * for the columns that could be best, each getting an even share of the time left.
 * `weakMs` caps the first pass (default: half the budget).
 */
export function analyzeExactly(
  position: Position,
  timeMs: number,
  signal: AbortSignalLike | undefined,
  weakMs = timeMs / 2,
  context: PerfectContext = defaultContext,
): ExactAnalysis {
  const { variant, moves } = position;
  const board = Board.from(position);
  const instance = context.solver;
  const cells = variant.width * variant.height;
  const { best, worst } = scoreRangeAfterQuietMove(cells, moves.length);
  const columns: (Evaluation | null)[] = Array.from({ length: variant.width }, () => null);
  const started = Date.now();
  const deadline = started + timeMs;
  const weakDeadline = started + Math.min(weakMs, timeMs);
  const stopped = (): boolean => signal?.aborted === true;
  let nodes = 0;
  let interrupted = false;
  const open: number[] = [];
  for (const column of board.g.centreOrder) {
    if (!board.canPlay(column)) continue;
    if (board.winsAt(board.turn, column)) columns[column] = exact(winScore(cells, moves.length));
    else {
      columns[column] = between(worst, best);
      open.push(column);
    }
  }
  const childOf = (column: number) => ({ variant, moves: [...moves, column] });
  // A drawing strategy in the book proves "at least a draw" without search (wins it proves
  // through the solver itself).
  for (const column of open) {
    if (bookCeiling(context.book, variant, childOf(column).moves) === 0) {
      columns[column] = between(0, columns[column]!.upper);
    }
  }

  // Pass 1: the sign of every column, until all are known or a win is proven.
  let unsettled = [...open];
  for (let budget = FIRST_WEAK_ROUND_NODES; unsettled.length > 0; budget *= 4) {
    if (open.some((c) => columns[c]!.lower > 0) || columns.some((c) => c?.exact && c.lower > 0)) {
      break;
    }
    const next: number[] = [];
    for (const column of unsettled) {
      const left = weakDeadline - Date.now();
      if (left <= 0 || stopped()) {
        next.push(column);
        continue;
      }
      const solved = instance.solve(childOf(column), {
        weak: true,
        maxNodes: budget,
        timeLimitMs: left,
        ...(signal ? { signal } : {}),
      });
      if (!solved.ok) throw solved.error;
      nodes += solved.value.nodes;
      const { lower, upper } = solved.value;
      // The child's sign bounds, turned into bounds on the mover's score.
      const known = columns[column]!;
      const floor = Math.max(known.lower, upper < 0 ? 1 : upper === 0 ? 0 : worst);
      const ceiling = Math.min(known.upper, lower > 0 ? -1 : lower === 0 ? 0 : best);
      columns[column] = between(floor, ceiling);
      if (lower !== upper) next.push(column);
      else if (floor > 0) break;
    }
    if (Date.now() >= weakDeadline || stopped()) break;
    unsettled = next;
  }

  // Pass 2: exact scores for the columns that could still be best.
  // Immediate wins count too: with one in hand no other column needs an exact score.
  const bestFloor = Math.max(...columns.map((c) => c?.lower ?? -Infinity));
  const contenders = open.filter((c) => {
    const value = columns[c]!;
    return !value.exact && value.upper >= bestFloor;
  });
  contenders.forEach((column, index) => {
    const left = deadline - Date.now();
    if (left <= 0 || stopped()) {
      interrupted = true;
      return;
    }
    const share = Math.max(1, Math.floor(left / (contenders.length - index)));
    const solved = instance.solve(childOf(column), {
      timeLimitMs: share,
      ...(signal ? { signal } : {}),
    });
    if (!solved.ok) throw solved.error;
    nodes += solved.value.nodes;
    const known = columns[column]!;
    const lower = Math.max(known.lower, 0 - solved.value.upper);
    const upper = Math.min(known.upper, 0 - solved.value.lower);
    columns[column] = between(lower, upper);
    if (lower !== upper) interrupted = true;
  });
  if (open.some((c) => !columns[c]!.exact)) interrupted = true;
  return { columns, nodes, interrupted };
}

function describeExact(score: number, ply: number, variant: Position['variant']): string {
  if (score === 0) return 'Holds the draw (best possible here)';
  const moves = movesToEnd(variant.width * variant.height, ply, score);
  if (score > 0) return moves <= 1 ? 'Wins now' : `Wins by force in ${moves} moves`;
  return `Loses by force in ${moves} moves at best: holds out longest`;
}

/**
 * Best exact score when every column that could be best is known; otherwise the columns for the
 * heuristic search to pick from: those that keep the best result proven so far (a proven win
 * stays a win, a proven draw at least a draw) and could still match the best proven score.
 */
export function perfectMove(
  position: Position,
  timeMs: number,
  random: RandomSource,
  signal: AbortSignalLike | undefined,
  weakMs = timeMs / 2,
  context: PerfectContext = defaultContext,
):
  | MoveChoice
  | {
      readonly candidates: readonly number[];
      readonly analysis: ExactAnalysis;
      /** The best result proven for the side to move, when one is. */
      readonly proven: 'win' | 'draw' | null;
    } {
  const analysis = analyzeExactly(position, timeMs, signal, weakMs, context);
  const playable: { column: number; value: Evaluation }[] = [];
  analysis.columns.forEach((value, column) => {
    if (value) playable.push({ column, value });
  });
  const bestLower = Math.max(...playable.map((entry) => entry.value.lower));
  const candidates = playable.filter((entry) => entry.value.upper >= bestLower);
  const settled = candidates.every((entry) => entry.value.exact && entry.value.lower === bestLower);
  if (!settled) {
    const keep = bestLower > 0 ? 1 : bestLower === 0 ? 0 : -Infinity;
    const safe = preferStrategy(
      context.book,
      position,
      candidates.filter((entry) => entry.value.lower >= keep),
    );
    const proven = bestLower > 0 ? 'win' : bestLower === 0 ? 'draw' : null;
    return { candidates: safe.map((entry) => entry.column), analysis, proven };
  }
  const chosen = pick(preferStrategy(context.book, position, candidates), random);
  const columns: ColumnAssessment[] = playable
    .filter((entry) => entry.value.exact)
    .map((entry) => ({ column: entry.column, score: entry.value.lower, kind: 'exact' as const }))
    .sort((a, b) => b.score - a.score);
  return {
    column: chosen.column,
    score: bestLower,
    scoreKind: 'exact',
    explanation: {
      summary: describeExact(bestLower, position.ply, position.variant),
      columns,
      depth: position.variant.width * position.variant.height - position.ply,
      nodes: analysis.nodes,
      interrupted: analysis.interrupted,
    },
  };
}
