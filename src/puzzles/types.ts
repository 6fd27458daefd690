/**
 * A puzzle: a position from a real game where the side to move has exactly one column that
 * wins (or, with no win, exactly one that saves the draw).
 *
 * `steps` are the solver's side of the line: at each step every column in `accept` keeps the
 * goal. While exactly one column does, the puzzle goes on with the opponent's best defence
 * (`reply`); where several do, any of them is accepted and the puzzle ends there, as it does
 * after the last step (`reply` null).
 */
export interface Puzzle {
  /** Stable: the start position's game string hashed (see `puzzleId`). */
  readonly id: string;
  /**
   * PopOut or Five-in-a-Row (absent: the classic game). Their puzzles write `start`, `accept`
   * and `reply` in the family's notation, where `p4` pops column 4 (docs/family.md); `accept`
   * lists the accepted moves one after another (`p43`: pop 4 or drop 3).
   */
  readonly game?: FamilyPuzzleGame;
  /** `WxHcN`. */
  readonly variant: string;
  /** The moves to the puzzle position (1-based column characters, as in game strings). */
  readonly start: string;
  readonly goal: 'win' | 'draw';
  readonly steps: readonly PuzzleStep[];
  /** For a win: the solver side's moves until the win with best play; for a draw: null. */
  readonly distance: number | null;
  /** Difficulty on an Elo-like scale (see `difficulty`). */
  readonly rating: number;
}

export type FamilyPuzzleGame = 'popout' | 'five';

export interface PuzzleStep {
  /** Column characters that keep the goal, in column order. */
  readonly accept: string;
  /** The defence after the (single) accepted column, or null where the puzzle ends. */
  readonly reply: string | null;
}

export interface PuzzleFile {
  readonly format: 'c4-puzzles';
  readonly version: 1;
  readonly puzzles: readonly Puzzle[];
}
