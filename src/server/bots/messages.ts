/** What the server asks a bot thread and what it answers. */
export interface ThinkRequest {
  readonly id: number;
  readonly variant: string;
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
  | { readonly id: number; readonly column: number }
  | { readonly id: number; readonly error: string };
