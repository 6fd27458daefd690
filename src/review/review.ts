import { Position, playerToMove, type Player, type Variant } from '../core/index.js';
import type { Evaluation, Solver } from '../solver/index.js';
import { betterColumns, bestOf, classify, provenResult } from './classify.js';
import { openColumns, solveColumn } from './columns.js';
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
}

export const DEFAULT_POSITION_MS = 1000;

const playerAt = playerToMove;

/**
 * Judges the moves of a game from the last to the first: late positions solve in
 * milliseconds and leave the solver's table warm for the earlier ones. Yields each move's
 * review as soon as it is known; a position the budget could not settle is yielded with the
 * bounds found (class `unsolved` unless those suffice). Stops early, without yielding the
 * rest, when the signal aborts or the total time is spent.
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
  for (let ply = moves.length - 1; ply >= 0; ply--) {
    if (wanted !== null && !wanted.has(ply)) continue;
    if (budget.signal?.aborted === true || now() >= deadline) return;
    const share = Math.max(1, Math.min(positionMs, deadline - now()));
    yield reviewPosition(solver, variant, moves, ply, {
      timeLimitMs: share,
      now,
      ...(budget.signal ? { signal: budget.signal } : {}),
    });
  }
}

interface PositionBudget {
  readonly timeLimitMs: number;
  readonly now: () => number;
  readonly signal?: { readonly aborted: boolean };
}

/** Columns from the centre outwards: the played one is searched first, then these. */
function searchOrder(width: number, first: number): number[] {
  const mid = (width - 1) / 2;
  const rest = Array.from({ length: width }, (_, c) => c).filter((c) => c !== first);
  return [first, ...rest.sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b)];
}

/**
 * Every column's score before move `ply` and the judgement of the column played. Each column
 * is solved on its own, the played one first, so a cut-short search still settles what the
 * judgement needs most; exact scores get half the time, win/draw/loss the rest.
 */
export function reviewPosition(
  solver: Solver,
  variant: Variant,
  moves: readonly number[],
  ply: number,
  budget: PositionBudget,
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
  const order = searchOrder(variant.width, column);
  const started = budget.now();
  let nodes = 0;
  for (const weak of [false, true]) {
    const until = started + (weak ? budget.timeLimitMs : budget.timeLimitMs / 2);
    for (const c of order) {
      const child = children[c];
      const current = columns[c];
      if (child === null || child === undefined || current === null || current?.exact !== false) {
        continue;
      }
      if (weak && provenResult(current) !== null) continue;
      const left = until - budget.now();
      if (left <= 0 || budget.signal?.aborted === true) break;
      const solved = solveColumn(solver, variant, child, current, {
        weak,
        timeLimitMs: left,
        now: budget.now,
        ...(budget.signal ? { signal: budget.signal } : {}),
      });
      nodes += solved.nodes;
      columns[c] = solved.evaluation;
    }
  }
  return {
    ply,
    player: playerAt(ply),
    column,
    columns,
    value: bestOf(columns),
    played: columns[column],
    class: classify(columns, column),
    better: betterColumns(columns, column),
    nodes,
  };
}
