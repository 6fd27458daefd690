import type { Variant } from '../core/index.js';

/**
 * What the solver needs of a position. A core `Position` satisfies it as is; so does
 * `{ variant, moves }` built from a move string (0-based columns).
 */
export interface SolverInput {
  readonly variant: Variant;
  readonly moves: readonly number[];
}

/** Why a search ended early. */
export type StopReason = 'stopped' | 'nodes' | 'time';

/** When to give up: whichever comes first. A stopped search returns the bounds proven so far. */
export interface SearchBudget {
  /** Asked every few thousand nodes; `true` ends the search (reason `stopped`). */
  readonly shouldStop?: () => boolean;
  /** An AbortSignal (or anything with `aborted`); checked like `shouldStop`. */
  readonly signal?: { readonly aborted: boolean };
  /** Total nodes for this call (for `analyze`: over all columns). */
  readonly maxNodes?: number;
  /** Wall-clock limit for this call, measured with `now`. */
  readonly timeLimitMs?: number;
  /** Milliseconds clock for `timeLimitMs`; defaults to `Date.now`. */
  readonly now?: () => number;
}

export interface SolveOptions extends SearchBudget {
  /** Win/draw/loss only: scores are -1, 0 or 1. Much faster than the exact score. */
  readonly weak?: boolean;
  /**
   * Strong scores, searched only as far as this window asks: the search stops once the score
   * is known to be at most `lower`, at least `upper`, or exactly (between them). `{ lower: s,
   * upper: s + 1 }` is one null-window search, "does the position score more than s?": what
   * comparing one column with another needs, often far cheaper than either exact score. The
   * result holds true bounds (exact only when settled inside the window). Ignored when `weak`.
   */
  readonly window?: { readonly lower: number; readonly upper: number };
  /** Skip the opening book even if the solver has one. */
  readonly noBook?: boolean;
}

/**
 * The score of a position for the side to move, or bounds on it when the search was stopped.
 * Exact means `lower === upper === score`. In weak mode the values are -1 (loss), 0 (draw),
 * 1 (win). Strong scores: a win with the disc dropped after m discs scores
 * floor((width*height + 1 - m) / 2); a loss is the negative; a draw is 0.
 */
export interface Evaluation {
  readonly exact: boolean;
  /** The exact score, or `null` when only bounds are known. */
  readonly score: number | null;
  readonly lower: number;
  readonly upper: number;
}

export interface SolveResult extends Evaluation {
  readonly weak: boolean;
  /** Search nodes visited by this call (0 when answered by the book). */
  readonly nodes: number;
  /** Set when the budget ran out before the score was exact. */
  readonly stopped: StopReason | null;
  readonly fromBook: boolean;
}

export interface AnalyzeResult {
  readonly weak: boolean;
  /** One entry per column: the score of dropping a disc there, `null` for a full column. */
  readonly columns: readonly (Evaluation | null)[];
  /** The best exact score over the columns, when every column is exact. */
  readonly score: number | null;
  readonly nodes: number;
  readonly stopped: StopReason | null;
}

export interface SolverOptions {
  /** log2 of the transposition-table entries (16 bytes each). Default 22 (64 MiB); 10..28. */
  readonly tableBits?: number;
  /** An opening book consulted before searching (only for its own variant). */
  readonly book?: import('./book/book.js').Book;
  /**
   * Be thread 0 of this shared table (`createSharedTable`; `tableBits` is then the table's):
   * long searches are shared with its helper threads. A wide table (`wide: true`, for boards
   * past 64 bits) searches every board with the wide build.
   */
  readonly shared?: import('./shared.js').SharedTable;
  /**
   * Search every board with the wide build (192-bit bitboards), even those that fit 64 bits.
   * Boards past 64 bits always use it. For tests and measurements: same scores, slower.
   */
  readonly wideKeys?: boolean;
}
