import type { Position, Variant } from '../core/index.js';
import type { Evaluation, SearchBudget, SolveOptions, Solver } from '../solver/index.js';
import { withWeakBounds } from './classify.js';

const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });
export const range = (lower: number, upper: number): Evaluation =>
  lower === upper ? exact(lower) : { exact: false, score: null, lower, upper };

export interface OpenColumns {
  /** Each column's score for the side to move: exact where the move ends the game, else the
   * widest bounds; null for a full column. */
  readonly columns: (Evaluation | null)[];
  /** The moves after each column still to be searched (null: full or game over). */
  readonly children: readonly (readonly number[] | null)[];
}

/** What is known of every column before any search. */
export function openColumns(position: Position): OpenColumns {
  const { variant, ply } = position;
  const cells = variant.width * variant.height;
  // What the mover can score at most without winning at once, and at worst.
  const top = Math.floor((cells - ply - 1) / 2);
  const bottom = -Math.floor((cells - ply) / 2);
  const columns: (Evaluation | null)[] = [];
  const children: (number[] | null)[] = [];
  for (let c = 0; c < variant.width; c++) {
    const after = position.clone();
    const played = after.play(c);
    if (!played.ok) {
      columns.push(null);
      children.push(null);
    } else if (played.value.kind === 'win') {
      columns.push(exact(Math.floor((cells + 1 - ply) / 2)));
      children.push(null);
    } else if (played.value.kind === 'draw') {
      columns.push(exact(0));
      children.push(null);
    } else {
      columns.push(range(bottom, top));
      children.push([...after.moves]);
    }
  }
  return { columns, children };
}

/**
 * Narrows one column's bounds by solving the position after it (scored for the opponent:
 * negated, bounds swapped); weak searches narrow only to win, draw or loss.
 */
export function solveColumn(
  solver: Solver,
  variant: Variant,
  child: readonly number[],
  current: Evaluation,
  options: SolveOptions,
): { evaluation: Evaluation; nodes: number } {
  const solved = solver.solve({ variant, moves: child }, options);
  if (!solved.ok) throw solved.error;
  const mine = range(0 - solved.value.upper, 0 - solved.value.lower);
  const evaluation =
    options.weak === true
      ? withWeakBounds(current, mine)
      : range(Math.max(current.lower, mine.lower), Math.min(current.upper, mine.upper));
  return { evaluation, nodes: solved.value.nodes };
}

/**
 * Narrows one column's bounds only as far as `window` (the mover's scores) asks, by a windowed
 * search of the position after it (`SolveOptions.window`, the opponent's scores: negated, edges
 * swapped): `{ lower: s, upper: s + 1 }` settles whether the column scores more than s, one
 * null-window search; the column's own bounds, its exact score. `stopped`: the budget ended the
 * search before the window was settled.
 */
export function narrowColumn(
  solver: Solver,
  variant: Variant,
  child: readonly number[],
  current: Evaluation,
  window: { readonly lower: number; readonly upper: number },
  budget: SearchBudget,
): { evaluation: Evaluation; nodes: number; stopped: boolean } {
  const solved = solver.solve(
    { variant, moves: child },
    { ...budget, window: { lower: 0 - window.upper, upper: 0 - window.lower } },
  );
  if (!solved.ok) throw solved.error;
  const lower = Math.max(current.lower, 0 - solved.value.upper);
  const upper = Math.min(current.upper, 0 - solved.value.lower);
  return {
    evaluation: range(lower, upper),
    nodes: solved.value.nodes,
    stopped: solved.value.stopped !== null,
  };
}
