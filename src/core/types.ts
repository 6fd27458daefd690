/** Player 1 moves first (shown as Red), player 2 second (Yellow), as in the tutorials' 2-D arrays. */
export type Player = 1 | 2;
/** 0 is an empty cell. */
export type Cell = 0 | Player;

/** A board cell, 0-based; row 0 is the bottom row. */
export interface Square {
  readonly column: number;
  readonly row: number;
}

export type Outcome =
  | { readonly kind: 'ongoing' }
  | { readonly kind: 'draw' }
  | {
      readonly kind: 'win';
      readonly winner: Player;
      /** Every line the winning disc completed, each whole (a line longer than N is reported whole). */
      readonly lines: readonly (readonly Square[])[];
      /** The union of `lines`, without repeats, sorted by column then row. */
      readonly cells: readonly Square[];
    };

export const ONGOING: Outcome = Object.freeze({ kind: 'ongoing' });
export const DRAW: Outcome = Object.freeze({ kind: 'draw' });

export const otherPlayer = (player: Player): Player => (player === 1 ? 2 : 1);

/** Who drops the next disc when `ply` discs are on the board: player 1 on even plies. */
export const playerToMove = (ply: number): Player => (ply % 2 === 0 ? 1 : 2);
