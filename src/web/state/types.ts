import type { GameName, Player, Variant } from '../../core/index.js';
import type { MoveCode } from './move-code.js';

/**
 * The four ways to play on one device. `analysis` is a free board: any move for either side, with
 * scores always shown.
 */
export type Mode = 'pvp' | 'cpu' | 'watch' | 'analysis';
export const MODES: readonly Mode[] = ['pvp', 'cpu', 'watch', 'analysis'];

/**
 * Who moves first (plays Red) in a new round. Side A is "you" against the computer, "Player 1" in
 * a two-player game and "Computer 1" when watching; side B is the other one.
 */
export type StartRule = 'a' | 'b' | 'random' | 'alternate';
export const START_RULES: readonly StartRule[] = ['a', 'b', 'random', 'alternate'];

/** Level ids are the AI's (`src/ai`); kept as strings here so the state needs no AI import. */
export type LevelId = string;

export interface Settings {
  readonly mode: Mode;
  /** Which member of the family: the classic game, PopOut or Five-in-a-Row (src/core/family). */
  readonly game: GameName;
  /** The board (Five-in-a-Row's is always its own 9×6, connect 5). */
  readonly variant: Variant;
  readonly start: StartRule;
  /** The computer's level against you, and the two levels when watching (side A, side B). */
  readonly level: LevelId;
  readonly watchLevels: readonly [LevelId, LevelId];
  /** Per-column scores for the side to move (always on in analysis mode). */
  readonly hints: boolean;
}

/** Finished games of one mode; the round being played is their total plus one. */
export interface Score {
  readonly a: number;
  readonly b: number;
  readonly draws: number;
}

export const EMPTY_SCORE: Score = Object.freeze({ a: 0, b: 0, draws: 0 });

export type Scores = Readonly<Record<Mode, Score>>;

/** The result this game added to the scoreboard (it counts once, the first time it ends). */
export type Counted = 'a' | 'b' | 'draws' | null;

export interface GameState {
  readonly settings: Settings;
  /**
   * Played moves as move codes (`move-code.ts`: a drop is its 0-based column, a pop negative);
   * always a legal game of `settings.game` on `settings.variant`.
   */
  readonly moves: readonly MoveCode[];
  /** Undone moves, the next one to redo first. */
  readonly redo: readonly MoveCode[];
  /** Which colour side A plays this round (1 = Red, who moves first). */
  readonly aPlays: Player;
  readonly scores: Scores;
  readonly counted: Counted;
}
