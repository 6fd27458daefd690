import { Position, playerToMove, type Player, type Variant } from '../core/index.js';
import type { Evaluation, Solver } from '../solver/index.js';
import { betterColumns, bestOf, classify, provenResult } from './classify.js';
import { narrowColumn, openColumns, range } from './columns.js';
import type { MoveClass } from './vocabulary.js';

/** The judgement of one move: the position before it, every column's score, the class. */
export interface MoveReview {
  /** Discs on the board before the move (the move is number ply + 1). */
  readonly ply: number;
  readonly player: Player;
  /** 0-based column played. */
  readonly column: number;
  /** Each column's score for the mover (bounds where unsettled); null for a full column. */
  readonly columns: readonly (Evaluation | null)[];
  /** The position's value for the mover: the best column's score, or bounds on it. */
  readonly value: Evaluation;
  readonly played: Evaluation;
  readonly class: MoveClass;
  /** Columns proven to score more than the one played, best first. */
  readonly better: readonly number[];
  readonly nodes: number;
}

export interface ReviewBudget {
  /** Checked between positions and by the solver every few thousand nodes. */
  readonly signal?: { readonly aborted: boolean };
  /** Search time per position (split between exact scores and, if needed, win/draw/loss). */
  readonly positionMs?: number;
  /** Total time for the whole call: later positions get what is left. */
  readonly timeLimitMs?: number;
  readonly now?: () => number;
  /** Review only these plies (e.g. the ones still unsolved, with a larger budget). */
  readonly plies?: readonly number[];
  /**
   * Stop a position's search as soon as its move is judged (default false: go on to every
   * column's exact score within the position's time). A first pass that judges the whole game
   * quickly, leaving the other columns' scores to a later pass.
   */
  readonly verdictOnly?: boolean;
  /**
   * Reviews from an earlier pass, by ply: a position starts from the bounds its columns were
   * given there, and the value of the position after a move bounds the move's score.
   */
  readonly known?: ReadonlyMap<number, MoveReview>;
}

export const DEFAULT_POSITION_MS = 1000;

const playerAt = playerToMove;

/**
 * Judges the moves of a game from the last to the first: late positions solve in
 * milliseconds and leave the solver's table warm for the earlier ones, and each judged
 * position bounds the score of the move that led to it. Yields each move's review as soon as it
 * is known; a position the budget could not settle is yielded with the bounds found (class
 * `unsolved` unless those suffice). Stops early, without yielding the rest, when the signal
 * aborts or the total time is spent.
 * `moves` are 0-based columns of a legal game (checked by the solver: a bad move throws).
 */
export function* reviewMoves(
  solver: Solver,
  variant: Variant,
  moves: readonly number[],
  budget: ReviewBudget = {},
): Generator<MoveReview, void, undefined> {
  const now = budget.now ?? Date.now;
  const positionMs = budget.positionMs ?? DEFAULT_POSITION_MS;
  const deadline = budget.timeLimitMs === undefined ? Infinity : now() + budget.timeLimitMs;
  const wanted = budget.plies === undefined ? null : new Set(budget.plies);
  const known = new Map(budget.known);
  for (let ply = moves.length - 1; ply >= 0; ply--) {
    if (wanted !== null && !wanted.has(ply)) continue;
    if (budget.signal?.aborted === true || now() >= deadline) return;
    const share = Math.max(1, Math.min(positionMs, deadline - now()));
    const review = reviewPosition(
      solver,
      variant,
      moves,
      ply,
      {
        timeLimitMs: share,
        now,
        verdictOnly: budget.verdictOnly ?? false,
        ...(budget.signal ? { signal: budget.signal } : {}),
      },
      { next: known.get(ply + 1)?.value, columns: known.get(ply)?.columns },
    );
    known.set(ply, review);
    yield review;
  }
}

/** What earlier reviews already proved about a position (see `ReviewBudget.known`). */
interface Known {
  /** The value of the position after the move: minus it bounds the played column's score. */
  readonly next?: Evaluation | undefined;
  /** Bounds on each column's score. */
  readonly columns?: readonly (Evaluation | null)[] | undefined;
}

interface PositionBudget {
  readonly timeLimitMs: number;
  readonly now: () => number;
  readonly signal?: { readonly aborted: boolean };
  readonly verdictOnly?: boolean;
}

/** Columns from the centre outwards: the played one is searched first, then these. */
function searchOrder(width: number, first: number): number[] {
  const mid = (width - 1) / 2;
  const rest = Array.from({ length: width }, (_, c) => c).filter((c) => c !== first);
  return [first, ...rest.sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b)];
}

/** A search a judgement still needs: column `column` against the window (the mover's scores). */
interface Test {
  readonly column: number;
  readonly window: { readonly lower: number; readonly upper: number };
}

const sign = (n: number): number => Math.sign(n) + 0;

/**
 * The next search the judgement of `played` needs, cheapest facts first; null once the class is
 * proven. A move is judged by comparing it with the best column, and each comparison is one
 * null-window search: the played column's result (win/draw/loss), its exact score once it wins
 * or loses (a draw is exact already), then each other column that might beat it: "more than the
 * played score?", then "a better result?" while the best result is still open. No other
 * column's exact score is needed: a later pass fills those in.
 */
function nextTest(
  columns: readonly (Evaluation | null)[],
  played: number,
  order: readonly number[],
  best: Evaluation,
): Test | null {
  if (classify(columns, played, best) !== 'unsolved') return null;
  const mine = columns[played]!;
  if (provenResult(mine) === null) return { column: played, window: { lower: -1, upper: 1 } };
  if (!mine.exact) {
    // Its exact score, one null window at a time from the side nearest a draw: early scores are
    // small, and probing next to the truth first costs fewer nodes than bisecting the whole range.
    const t = mine.lower > 0 ? mine.lower : mine.upper - 1;
    return { column: played, window: { lower: t, upper: t + 1 } };
  }
  const s = mine.lower;
  const open = (i: number, t: number): boolean => {
    const c = columns[i];
    return c !== null && c !== undefined && c.lower <= t && c.upper > t;
  };
  // Until some column is proven to beat the move, it may be the best: ask each "more than s?".
  if (best.lower <= s) {
    const beats = order.find((i) => i !== played && open(i, s));
    if (beats !== undefined) return { column: beats, window: { lower: s, upper: s + 1 } };
  }
  // Some column beats the move (or none can): only the best result is left to settle, each
  // column asked at the top of the result reached so far (a loss's -1, a draw's 0), the
  // cheapest windows there are.
  const t = sign(best.lower) < 0 ? -1 : 0;
  const better = order.find((i) => open(i, t));
  return better === undefined ? null : { column: better, window: { lower: t, upper: t + 1 } };
}

/**
 * Every column's score before move `ply` and the judgement of the column played, cheapest
 * facts first: the comparisons the class needs (`nextTest`: the played column's result and
 * score, then one null-window search per other column that might beat it), then (unless
 * `verdictOnly`) every column's exact score, each search starting from the bounds already
 * proven. Everything shares the position's time.
 * `known` (earlier reviews) narrows the columns before any search.
 */
export function reviewPosition(
  solver: Solver,
  variant: Variant,
  moves: readonly number[],
  ply: number,
  budget: PositionBudget,
  known: Known = {},
): MoveReview {
  const column = moves[ply];
  if (column === undefined) throw new RangeError(`no move ${ply + 1} in a game of ${moves.length}`);
  const before = Position.fromMoves(variant, moves.slice(0, ply));
  if (!before.ok) throw before.error;
  if (before.value.isOver) throw new RangeError(`move ${ply + 1}: the game is already over`);
  const { columns, children } = openColumns(before.value);
  if (columns[column] === null || columns[column] === undefined) {
    throw new RangeError(`move ${ply + 1}: column ${column + 1} is full`);
  }
  const narrow = (c: number, lower: number, upper: number): void => {
    const e = columns[c];
    if (e === null || e === undefined || e.exact) return;
    columns[c] = range(Math.max(e.lower, lower), Math.min(e.upper, upper));
  };
  known.columns?.forEach((e, c) => {
    if (e !== null) narrow(c, e.lower, e.upper);
  });
  if (known.next !== undefined) narrow(column, 0 - known.next.upper, 0 - known.next.lower);
  // The book's score of the position is the best column's: no column scores more, and the
  // played one is judged against it without searching any other column.
  const bookValue = solver.bookValue({ variant, moves: moves.slice(0, ply) });
  if (bookValue !== undefined) {
    for (let c = 0; c < columns.length; c++) narrow(c, -Infinity, bookValue);
  }
  const best = (): Evaluation =>
    bookValue === undefined ? bestOf(columns) : range(bookValue, bookValue);
  const order = searchOrder(variant.width, column);
  let nodes = 0;
  const end = budget.now() + budget.timeLimitMs;
  /** Narrows column `c` as far as `window` asks; false when the time (or the signal) says stop. */
  const search = (c: number, window: Test['window']): boolean => {
    const child = children[c];
    const bounds = columns[c];
    if (child === null || child === undefined || bounds === null || bounds === undefined) {
      return true;
    }
    const left = end - budget.now();
    if (left <= 0 || budget.signal?.aborted === true) return false;
    const narrowed = narrowColumn(solver, variant, child, bounds, window, {
      timeLimitMs: left,
      now: budget.now,
      ...(budget.signal ? { signal: budget.signal } : {}),
    });
    nodes += narrowed.nodes;
    const changed =
      narrowed.evaluation.lower !== bounds.lower || narrowed.evaluation.upper !== bounds.upper;
    columns[c] = narrowed.evaluation;
    return !narrowed.stopped && changed;
  };
  for (let test = nextTest(columns, column, order, best()); test !== null;) {
    // A search that ran out leaves its window open: asking again would only spin.
    if (!search(test.column, test.window)) break;
    test = nextTest(columns, column, order, best());
  }
  if (budget.verdictOnly !== true) {
    for (const c of order) {
      const e = columns[c];
      if (e === null || e === undefined || e.exact) continue;
      if (!search(c, { lower: e.lower, upper: e.upper })) break;
    }
  }
  return {
    ply,
    player: playerAt(ply),
    column,
    columns,
    value: best(),
    played: columns[column],
    class: classify(columns, column, best()),
    better: betterColumns(columns, column),
    nodes,
  };
}
