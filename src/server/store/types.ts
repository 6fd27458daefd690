import type { Player } from '../../core/index.js';
import type { GameState } from '../game/state.js';

/** A quick-match request as seen by the one that pairs it. */
export interface SeekRequest {
  readonly id: string;
  /** Players are only paired within one pool: variant plus clock. */
  readonly pool: string;
  readonly secretHash: string;
  readonly now: number;
  readonly expiresAt: number;
}

export type SeekOutcome =
  | { readonly kind: 'waiting'; readonly seekId: string }
  | {
      readonly kind: 'matched';
      readonly seekId: string;
      readonly gameId: string;
      readonly seat: Player;
      /** The waiting partner's seek, to notify; null when this was a repeat of a past match. */
      readonly partnerSeekId: string | null;
      readonly partnerSeat: Player;
    };

/** Builds the game for a pair: `waitingHash` queued first, `arrivingHash` just arrived. */
export type PairMaker = (waitingHash: string, arrivingHash: string) => GameState;

/**
 * Everything the server persists. Game writes are compare-and-set on the version, so two
 * writers (tabs, processes) can never both win and no update is lost.
 */
export interface GameStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Applies pending migrations; returns the schema version. Safe to run from many processes. */
  migrate(): Promise<number>;
  insertGame(state: GameState): Promise<void>;
  getGame(id: string): Promise<GameState | undefined>;
  /** Stores `state` only if the stored version is still `expectedVersion`; false when not. */
  compareAndSet(state: GameState, expectedVersion: number): Promise<boolean>;
  deleteGame(id: string): Promise<void>;
  /** Most recently finished games, newest first. */
  listFinished(limit: number): Promise<GameState[]>;
  /** Atomically pairs with the oldest live seek of the pool, or queues this one. */
  seek(request: SeekRequest, makePair: PairMaker): Promise<SeekOutcome>;
  renewSeeks(ids: readonly string[], expiresAt: number): Promise<void>;
  cancelSeek(id: string): Promise<void>;
  /** Games being played (clocks possibly running). */
  listPlaying(): Promise<GameState[]>;
  /** Records that `node` is alive at `now`. */
  beat(node: string, now: number): Promise<void>;
  /**
   * Atomically: the latest sign of life of any process before this one started (null on a new
   * store), and this process's first beat. Two processes starting together cannot both see
   * the same outage: the second sees the first's beat.
   */
  startNode(node: string, now: number): Promise<number | null>;
  close(): Promise<void>;
}

export const serialize = (state: GameState): string => JSON.stringify(state);
export const deserialize = (text: string): GameState => JSON.parse(text) as GameState;

/** A quick-match seek as both SQL stores read it back. */
export interface SeekRow {
  id: string;
  secret_hash: string;
  game_id: string | null;
  seat: number | null;
}

/** Seats are stored as integers; anything but 2 is the first seat. */
export const asPlayer = (n: number | null): Player => (n === 2 ? 2 : 1);
