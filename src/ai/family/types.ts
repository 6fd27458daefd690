import type { Move } from '../../core/index.js';
import type { PopOutSharedTable } from '../../solver/family/fast-shared.js';
import type { PopOutBook } from '../../solver/family/popout-book.js';
import type { ThinkingBudget } from '../budgets.js';
import type { RandomSource } from '../random.js';
import type { AbortSignalLike, ScoreKind } from '../types.js';

/**
 * What Perfect knows beyond the rules, handed in by the shell that loaded it (the CLI, the
 * server's bot worker, the web worker: pure code reads no files), as the classic Perfect's
 * `PerfectContext`. Without PopOut 7x6's opening book Perfect solves every position itself,
 * which in the opening is beyond its budget.
 */
export interface FamilyPerfectContext {
  readonly popoutBook?: PopOutBook;
  /**
   * PopOut's table shared with helper threads (the shell runs them): Perfect's solver searches
   * on it, with them, where its board is the table's. The same moves as on one thread.
   */
  readonly popoutShared?: PopOutSharedTable;
}

export interface ChooseFamilyMoveOptions {
  /** Ties and slips are decided by this; pass `createRandom(seed)` for repeatable games. */
  readonly rng?: RandomSource;
  /** When it becomes aborted, the search stops and the best move found so far is played. */
  readonly signal?: AbortSignalLike;
  /** Lowers the level's wall-clock ceiling (a server under load); never raises it. */
  readonly timeMs?: number;
  /**
   * Replaces the level's budget, for analysis that wants a deeper look. Never for play: a level
   * plays with its own budget (src/ai/budgets.ts), which its rating was measured with.
   */
  readonly budget?: ThinkingBudget;
  /** Perfect's book (`{ popoutBook }`); none by default. Other levels ignore it. */
  readonly perfect?: FamilyPerfectContext;
}

/** One move as the level saw it, best first, for hints and the analysis view. */
export interface FamilyMoveAssessment {
  readonly move: Move;
  /** From the mover's side: exact (the solver's convention) or the search's value. */
  readonly score: number;
  readonly kind: ScoreKind;
}

export interface FamilyMoveChoice {
  /** Always legal in the position it was chosen for. */
  readonly move: Move;
  readonly score?: number;
  readonly scoreKind?: ScoreKind;
  /** One sentence a player can read ("Wins now", "Blocks your line"). */
  readonly summary: string;
  readonly moves: readonly FamilyMoveAssessment[];
  readonly depth: number;
  readonly nodes: number;
  readonly interrupted: boolean;
}
