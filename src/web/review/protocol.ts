import type { MoveReview } from '../../review/index.js';

/** Messages between the Review view and its worker. Plain data only (structured clone). */
export interface ReviewRequest {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly moves: readonly number[];
  /**
   * Search time per position of each pass: the first is quick, later ones judge what is left;
   * then the same passes fill in the other columns' exact scores (`reviewInPasses`).
   */
  readonly passes: readonly number[];
}

export type ReviewReply =
  | { readonly type: 'position'; readonly review: MoveReview; readonly pass: number }
  /** A pass ended; `unsolved` positions are left for the next one. */
  | { readonly type: 'pass'; readonly pass: number; readonly unsolved: number }
  | { readonly type: 'done' }
  | { readonly type: 'error'; readonly message: string };
