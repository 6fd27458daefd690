/**
 * The solver's book- and strategy-building tools, for the CLI and scripts that make
 * `src/solver/book/7x6.book`. Players and analysis need only `./index.ts`.
 */
export { serializeBook, BOOK_MAGIC, BOOK_VERSION } from './book/format.js';
export {
  bookFromScores,
  centreFirst,
  hardestParentsFirst,
  completePly,
  deriveShallower,
  LINE_COST_GROWTH,
  positionsAlongLines,
  positionsAtPly,
  type BookTask,
  type LineTask,
  type SolvedParent,
} from './book/build.js';
export {
  DEFAULT_STRATEGY_LIMITS,
  decisionColumn,
  proveWinningColumn,
  quicklyProven,
  rememberDecision,
  walkStrategy,
  type StrategyDecision,
  type StrategyGoal,
  type StrategyLimits,
} from './book/strategy.js';
