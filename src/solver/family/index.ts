/**
 * Exact scores for every member of the family the rules core plays (`src/core/family`):
 * PopOut by its own search (`popout-search.ts`), the classic game and Five-in-a-Row by the
 * classic solver (both are drop-only games; Five-in-a-Row's set-up is replayed as drops).
 * Pure: no I/O. Score conventions are in docs/family.md ("The solver"):
 *
 * - Scores are for the side to move: 0 a draw, > 0 a win, < 0 a loss, larger the sooner.
 * - Classic and Five-in-a-Row: the classic solver's scores, floor((width*height + 1 - m) / 2)
 *   for a win with the disc dropped after m discs (set-up discs count).
 * - PopOut: `POPOUT_WIN - d` for a win in which the game ends d plies from now with best play
 *   (the loser delaying), the negative for a loss (`familyPlies` reads d back).
 */
export {
  analyseFamily,
  familyPlies,
  forgetFamilyTables,
  popoutMoveScore,
  solveFamily,
  POPOUT_WIN,
  type FamilyAnalysis,
  type FamilyMoveScore,
  type FamilySolveOptions,
  type FamilySolveResult,
} from './solve.js';
