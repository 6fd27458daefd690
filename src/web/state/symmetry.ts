import type { Position } from '../../core/index.js';
import type { Hint } from './hints.js';
import { rankEstimates } from './hints.js';

/**
 * Mirror symmetry of the board. A position equal to its left-right mirror gives the same result
 * in mirror columns (dropping in column c or in its mirror leads to mirrored positions), so an
 * analysis needs to search only one of each pair and must show the same hint in both: anything
 * else (a proven loss beside its starred mirror) tells the player something false.
 */

/** The column a drop in `column` mirrors to on a board `width` columns wide. */
export const mirrorColumn = (width: number, column: number): number => width - 1 - column;

/** Whether the position reads the same from left to right as from right to left. */
export function isMirrorSymmetric(position: Position): boolean {
  const { width } = position.variant;
  for (let column = 0; column < width >> 1; column++) {
    const other = mirrorColumn(width, column);
    if (position.columnHeight(column) !== position.columnHeight(other)) return false;
    for (let row = 0; row < position.columnHeight(column); row++) {
      if (position.cell(column, row) !== position.cell(other, row)) return false;
    }
  }
  return true;
}

/** How much a hint tells: a proof beats a bound, a bound beats an estimate. */
const KNOWLEDGE: Readonly<Record<Hint['kind'], number>> = {
  full: 5,
  draw: 4,
  win: 4,
  loss: 4,
  notLosing: 2,
  notWinning: 2,
  estimate: 1,
  unknown: 0,
};

const knowledge = (hint: Hint): number =>
  // A win or loss with its distance says more than one without.
  KNOWLEDGE[hint.kind] +
  ((hint.kind === 'win' || hint.kind === 'loss') && hint.moves !== null ? 1 : 0);

/**
 * The hints of a mirror-symmetric position made symmetric: each pair of mirror columns shows
 * what the better-informed of the two knows (the left one on a tie, the one searched), and the
 * estimates are ranked again so mirror estimates carry the same mark.
 */
export function symmetricHints(hints: readonly Hint[]): Hint[] {
  const width = hints.length;
  const out = [...hints];
  for (let column = 0; column < width >> 1; column++) {
    const other = mirrorColumn(width, column);
    const left = hints[column]!;
    const right = hints[other]!;
    const best = knowledge(right) > knowledge(left) ? right : left;
    out[column] = best;
    out[other] = best;
  }
  return out.some((h) => h.kind === 'estimate') ? rankEstimates(out) : out;
}
