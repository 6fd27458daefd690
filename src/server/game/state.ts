import type { Player, Square } from '../../core/index.js';
import type {
  ClockSetting,
  GameResult,
  GameStatus,
  RatingDelta,
  SeatPlayer,
} from '../../protocol/index.js';

export type { RatingDelta, SeatPlayer };

/** Running clocks: what each side had left when the current turn began, and when it began. */
export interface ClockState {
  readonly remainingMs: readonly [number, number];
  /** Server time (ms since epoch) at which the side to move started thinking. */
  readonly turnStartedAt: number;
}

/**
 * The turn limits a game was created with (from the server's ABORT_MS and LEAVE_MS), kept in
 * the game so every process judges it alike, whatever its own configuration says.
 */
export interface TurnLimits {
  /** Each side's first move must come this soon after its first turn begins, or no game. */
  readonly abortMs: number;
  /** In a rated game without a clock, the side to move loses after this long with no connection. */
  readonly leaveMs: number;
}

/**
 * The whole authoritative state of one game, stored as one record. `version` rises by exactly
 * one per accepted change (each move is one change), which is what compare-and-set checks.
 */
export interface GameState {
  readonly id: string;
  readonly version: number;
  /**
   * The game of the family, canonical (`classic`, `popout`, `five`, `popout-8x7c4`, `7x7c5`):
   * absent on games stored before the family, which are the classic game on `variant`.
   */
  readonly game?: string;
  /** The board, canonical `WxHcN`. */
  readonly variant: string;
  readonly clock: ClockSetting | null;
  readonly status: GameStatus;
  /** SHA-256 hex of each seat's secret; null while the seat is open. Index 0 is player 1. */
  readonly seats: readonly [string | null, string | null];
  /** In play order: a drop as its 0-based column, a pop as `POP_CODE` + column (game/family.ts). */
  readonly moves: readonly number[];
  readonly clocks: ClockState | null;
  /**
   * Server time the side to move began its turn (the game's start for the first move), clock or
   * not: the abort and leave deadlines count from it. Absent on games stored before it existed.
   */
  readonly turnStartedAt?: number;
  /**
   * The process the side to move was connected to began draining (a rolling restart) at `at`:
   * the time until `player` is back on another process is returned to its turn, up to
   * `HANDOVER_MAX_MS` (src/server/game/deadlines.ts). Absent when no handover is pending.
   */
  readonly handover?: { readonly player: Player; readonly at: number };
  /** Absent on games stored before the limits existed: neither rule applies to them. */
  readonly limits?: TurnLimits;
  readonly result: GameResult | null;
  /** Winning cells (for display), filled when the game ends by a connection. */
  readonly winCells: readonly Square[];
  readonly rematchOfferedBy: Player | null;
  readonly rematchGameId: string | null;
  /** The game this one is a rematch of, if any. */
  readonly previousGameId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Named players and computers by seat (absent on games from before identities). */
  readonly players?: readonly [SeatPlayer | null, SeatPlayer | null];
  /** Whether the result changes ratings. */
  readonly rated?: boolean;
  /** Filled when a rated game ends, in the same write that ends it. */
  readonly ratingChanges?: readonly [RatingDelta | null, RatingDelta | null];
}

export const seatIndex = (player: Player): 0 | 1 => (player === 1 ? 0 : 1);
