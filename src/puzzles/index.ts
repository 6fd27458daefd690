/** Puzzles mined from real games and checked by the solver (pure: no DOM, no I/O). */
export type { Puzzle, PuzzleFile, PuzzleStep } from './types.js';
export { parsePuzzleFile, puzzleId, serializePuzzleFile } from './format.js';
export {
  DEFAULT_MINE_OPTIONS,
  difficulty,
  isChoice,
  minePuzzles,
  mirrorKey,
  puzzleAt,
  trimToChoices,
  type MineOptions,
} from './mine.js';
export { verifyPuzzle } from './verify.js';
export { START_RATING, dailyIndex, nextPuzzleIndex, updateRating, utcDay } from './rating.js';
export { lessonAfterRefutation, lessonAfterWrongMove, threatCells, type Lesson } from './teach.js';
export { puzzlePrompt } from './prompt.js';
export type { FamilyPuzzleGame } from './types.js';
export {
  DEFAULT_FAMILY_MINE_OPTIONS,
  familyPuzzleAt,
  familyPuzzlePosition,
  familyStepMoves,
  mineFamilyPuzzles,
  verifyFamilyPuzzle,
  type FamilyMineOptions,
  type FamilyPuzzleAnalyser,
} from './family.js';
export {
  familyFailedWhy,
  familySolvedWhy,
  lineWords,
  moveName,
  moveResults,
  type MoveResult,
} from './family-why.js';
