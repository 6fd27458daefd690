/** What the server asks a bot thread and what it answers. */
export interface ThinkRequest {
  readonly id: number;
  /** The game of the family (game/family.ts `gameTextOf`); the classic engine plays classic. */
  readonly game: string;
  readonly variant: string;
  /** As stored: a pop is `POP_CODE` + column. */
  readonly moves: readonly number[];
  readonly level: string;
  /**
   * Absent: the level's own budget (src/ai/budgets.ts), as on the web page and in the CLI.
   * Present only while more requests wait than there are threads: a lower time ceiling, so the
   * queue drains (the level then plays weaker than rated until the load passes).
   */
  readonly timeMs?: number;
}

export type ThinkReply =
  /** `column` is a stored move code (a pop is `POP_CODE` + column). */
  | { readonly id: number; readonly column: number }
  | { readonly id: number; readonly error: string };
