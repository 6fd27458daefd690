/**
 * Game review: every move judged against the solver (pure: no DOM, no I/O; the shells pass
 * a `Solver`, with the opening book where they have it).
 */
export { MOVE_CLASSES, moveClassInfo, type MoveClass, type MoveClassInfo } from './vocabulary.js';
export {
  describeOutcome,
  lossDistance,
  outcomeOf,
  winDistance,
  type ScoreOutcome,
} from './outcome.js';
export { betterColumns, bestOf, classify, provenResult, withWeakBounds } from './classify.js';
export {
  DEFAULT_POSITION_MS,
  reviewMoves,
  reviewPosition,
  type MoveReview,
  type ReviewBudget,
} from './review.js';
export { reviewInPasses, type PassEvent } from './passes.js';
export { summarize, type PlayerSummary } from './summary.js';
export { evaluationSeries, type EvaluationPoint } from './series.js';
export { moveLine, reviewReport, unreviewed, type MoveLine, type ReviewReport } from './report.js';
export { openColumns, solveColumn, type OpenColumns } from './columns.js';
export {
  classifyFamilyMove,
  describeFamilyScore,
  familyMovesToEnd,
  reviewFamilyGame,
  summarizeFamily,
  type FamilyAnalyser,
  type FamilyMoveReview,
  type FamilyReviewOptions,
  type FamilyScoredMove,
} from './family.js';
export { familyReviewAnalyser } from './family-analyser.js';
