/**
 * Computer levels for the family's other members (PopOut, Five-in-a-Row): the classic ladder's
 * levels over the rules' GamePosition. Pure, synchronous and bounded by the level's budget.
 *
 *   const move = chooseFamilyMove(position, 'strong', { rng: createRandom(7) });
 *   position.play(move);
 */
export {
  FAMILY_BEGINNER_STYLE,
  FAMILY_SEARCH_STYLES,
  chooseFamilyMove,
  chooseFamilyMoveExplained,
  immediateWins,
} from './choose.js';
export type { FamilySearchStyle } from './choose.js';
export type {
  ChooseFamilyMoveOptions,
  FamilyMoveAssessment,
  FamilyMoveChoice,
  FamilyPerfectContext,
} from './types.js';
export { FAMILY_LEVELS } from './levels.js';
export type { FamilyGame } from './levels.js';
export { WIN as FAMILY_WIN, WIN_THRESHOLD as FAMILY_WIN_THRESHOLD } from './evaluate.js';
export { FAMILY_LEVEL_NODES, familyThinkingBudget } from '../budgets.js';
export { FAMILY_MATCH_MAX_PLIES, playFamilyMatch } from './matches.js';
export type { FamilyGameReport, FamilyMatchResult, FamilyMatchSetup } from './matches.js';
