import type { Move } from '../../core/index.js';
import type { MoveClass } from '../../review/index.js';

/** Messages between the family Review view and its worker. Plain data only (structured clone). */
export interface FamilyReviewRequest {
  /** The game string (`popout:44p4`, src/core/family/notation.ts). */
  readonly game: string;
  /** The solver's time per position of each pass, ms (quick first, then what is still open). */
  readonly passes: readonly number[];
}

/** One move as the worker judged it, with its words ready (the page holds no solver). */
export interface FamilyJudgedMove {
  readonly ply: number;
  readonly class: MoveClass;
  /** "win in 3", "draw", "loss in 2", "not solved": the result of the move played. */
  readonly outcome: string;
  /** The best result on offer, in the same words (null when not every move is solved). */
  readonly best: string | null;
  /** Moves proven better than the one played, best first, with their results. */
  readonly better: readonly { readonly move: Move; readonly outcome: string }[];
}

export type FamilyReviewReply =
  | { readonly type: 'position'; readonly review: FamilyJudgedMove }
  | { readonly type: 'done' }
  | { readonly type: 'error'; readonly message: string };
