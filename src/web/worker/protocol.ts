import type { Hint } from '../state/hints.js';

/** Messages between the page and the search worker. Plain data only (structured clone). */
export interface GameRef {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly moves: readonly number[];
  /**
   * PopOut and Five-in-a-Row: the whole game as its game string (`popout:44p4`,
   * src/core/family/notation.ts), which the worker reads instead of `moves`. Absent for the
   * classic game.
   */
  readonly family?: string;
}

export type Request =
  | {
      readonly id: number;
      readonly type: 'move';
      readonly game: GameRef;
      readonly level: string;
      readonly seed: number;
    }
  | { readonly id: number; readonly type: 'analyze'; readonly game: GameRef }
  /** Fetch what a search of this game will need (the opening book) now; no reply. */
  | { readonly id: number; readonly type: 'prepare'; readonly game: GameRef };

export type Reply =
  | {
      readonly id: number;
      readonly type: 'move';
      readonly column: number;
      /** A drop unless it says pop (PopOut). */
      readonly kind?: 'drop' | 'pop';
    }
  | {
      readonly id: number;
      readonly type: 'analysis';
      readonly hints: readonly Hint[];
      /** PopOut: each column's pop, `null` where the side to move has no pop. */
      readonly popHints?: readonly (Hint | null)[];
      /** True for the last message of a request; earlier ones are quicker, rougher passes. */
      readonly final: boolean;
      /** Exact (solver) or a best-effort estimate on boards the solver cannot handle. */
      readonly exact: boolean;
      /**
       * Threads searching (1, or more over one shared table where the page is cross-origin
       * isolated: src/web/worker/threads.ts).
       */
      readonly threads: number;
    }
  | { readonly id: number; readonly type: 'error'; readonly message: string };
