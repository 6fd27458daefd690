/**
 * Computer opponents: one pure API for the web worker, the CLI and the server. No DOM, no Node.
 *
 *   const choice = await chooseMove(position, 'strong', { signal, timeMs: 500, random });
 *   position.play(choice.column);
 */
export { chooseMove, chooseMoveNow } from './choose.js';
export {
  FAMILY_LEVEL_NODES,
  LEVEL_NODES,
  PERFECT_CLASSIC_MS,
  PERFECT_OTHER_MS,
  effectiveBudget,
  familyThinkingBudget,
  thinkingBudget,
} from './budgets.js';
export type { ThinkingBudget } from './budgets.js';
export { LEVELS, isSolvable, levelById, levelLabel, parseLevel } from './levels.js';
export type { Level, LevelId } from './levels.js';
export { createPerfectContext, defaultPerfectContext, setOpeningBook } from './perfect.js';
export { createRandom } from './random.js';
export type { RandomSource } from './random.js';
export type {
  AbortSignalLike,
  ChooseMoveOptions,
  ColumnAssessment,
  MoveChoice,
  MoveExplanation,
  PerfectContext,
  ScoreKind,
} from './types.js';
