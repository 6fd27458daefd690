import type { Move } from '../../core/index.js';
import type { ThinkingBudget } from '../budgets.js';
import type { RandomSource } from '../random.js';
import type { AbortSignalLike, ScoreKind } from '../types.js';

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
