import type { GamePosition } from '../../core/index.js';
import type { ThinkingBudget } from '../budgets.js';
import type { RandomSource } from '../random.js';
import type { AbortSignalLike } from '../types.js';
import type { FamilyMoveChoice } from './types.js';

/**
 * Perfect's exact move, when the family solver (src/solver/family) settles the position within
 * the level's budget; undefined otherwise, and Perfect plays its deepest search instead.
 * Until the solver is on main every position is "not settled".
 */
export function exactFamilyMove(
  _position: GamePosition,
  _budget: ThinkingBudget,
  _random: RandomSource,
  _signal: AbortSignalLike | undefined,
): FamilyMoveChoice | undefined {
  return undefined;
}
