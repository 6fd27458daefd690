import type { GamePosition, Move } from '../../core/index.js';
import { rankEstimates, type Hint } from './hints.js';

/** One move's value for the side to move, as the family's search or solver reports it. */
export interface FamilyMoveValue {
  readonly move: Move;
  /** Side to move's view: > 0 good; exact scores follow the solver (win > 0, draw 0, loss < 0). */
  readonly score: number | null;
  readonly exact: boolean;
  /** For an exact win or loss: the mover's moves to the end, this one included, when known. */
  readonly distance?: number;
}

/** The hint row (drops, by column) and the pop buttons' hints (PopOut; null: no pop there). */
export interface FamilyHints {
  readonly drops: readonly Hint[];
  readonly pops: readonly (Hint | null)[];
}

/**
 * Hints for every move of a family position. An exact score says win, draw or loss, "in N" when
 * the caller read the distance from it (`distance`); a search value at
 * or past `proven` is a forced result the search found; anything else is an estimate, ranked
 * against the other moves like the classic game's estimates.
 */
export function familyHints(
  position: GamePosition,
  values: readonly FamilyMoveValue[],
  proven: number,
): FamilyHints {
  const { width } = position.variant;
  const drops: Hint[] = Array.from({ length: width }, (_, column) =>
    position.canPlay({ kind: 'drop', column }) ? { kind: 'unknown' } : { kind: 'full' },
  );
  const pops: (Hint | null)[] = Array.from({ length: width }, (_, column) =>
    position.canPlay({ kind: 'pop', column }) ? { kind: 'unknown' } : null,
  );
  for (const value of values) {
    const { move } = value;
    const list = move.kind === 'pop' ? pops : drops;
    if (move.column < 0 || move.column >= width || list[move.column] === null) continue;
    list[move.column] = hintOf(value, proven);
  }
  // Estimates are ranked over drops and pops together: one scale for every move.
  const ranked = rankEstimates([...drops, ...pops.map((h) => h ?? { kind: 'full' as const })]);
  return {
    drops: ranked.slice(0, width),
    pops: ranked.slice(width).map((hint, column) => (pops[column] === null ? null : hint)),
  };
}

function hintOf({ score, exact, distance }: FamilyMoveValue, proven: number): Hint {
  if (score === null) return { kind: 'unknown' };
  if (exact) {
    const moves = distance ?? null;
    if (score > 0) return { kind: 'win', moves };
    if (score < 0) return { kind: 'loss', moves };
    return { kind: 'draw' };
  }
  if (score >= proven) return { kind: 'win', moves: null };
  if (score <= -proven) return { kind: 'loss', moves: null };
  return { kind: 'estimate', value: score };
}
