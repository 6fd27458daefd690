/** What the server asks a bot thread and what it answers. */
export interface ThinkRequest {
  readonly id: number;
  readonly variant: string;
  readonly moves: readonly number[];
  readonly level: string;
  /** Ceiling on the level's own budget; lowered when many requests wait. */
  readonly timeMs: number;
}

export type ThinkReply =
  | { readonly id: number; readonly column: number }
  | { readonly id: number; readonly error: string };
