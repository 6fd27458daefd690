import type { Player } from '../../core/index.js';
import { wakeAt } from '../game/deadlines.js';
import type { GameState, SeatPlayer } from '../game/state.js';
import type { Migration } from './migrations.js';
import type { PlayerStore, RatingUpdate } from './players.js';

/** A quick-match request as seen by the one that pairs it. */
export interface SeekRequest {
  readonly id: string;
  /** Players are only paired within one pool: variant plus clock. */
  readonly pool: string;
  readonly secretHash: string;
  readonly now: number;
  readonly expiresAt: number;
  /** The named player seeking, if any: never paired with another seek of the same player. */
  readonly player?: SeatPlayer | null;
  /** Client address, for the farming limit (repeated rated games from one address). */
  readonly address?: string;
}

/** A waiting seek the arriving one may be paired with. */
export interface SeekCandidate {
  readonly id: string;
  readonly secretHash: string;
  readonly player: SeatPlayer | null;
  readonly address: string | null;
  readonly createdAt: number;
}

/** What the pair maker knows of a pairing besides the two seekers. */
export interface PairContext {
  /** Rated games the two players began since `FARM_WINDOW_MS` ago, when both came from one address; else 0. */
  readonly recentRatedGames: number;
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

/** Builds the game for a pair: `waiting` queued first, `arriving` just arrived. */
export type PairMaker = (
  waitingHash: string,
  arrivingHash: string,
  waiting: SeekCandidate,
  context: PairContext,
) => GameState;

/**
 * Chooses the arriving seek's partner among the waiting ones (oldest first), or none. The
 * stores call it inside their pairing transaction.
 */
export type PartnerChooser = (
  arriving: SeekRequest,
  candidates: readonly SeekCandidate[],
) => SeekCandidate | undefined;

/** The default: the oldest seek of another secret and another player. */
export const oldestOther: PartnerChooser = (arriving, candidates) =>
  candidates.find(
    (c) =>
      c.secretHash !== arriving.secretHash &&
      (c.player === null || !arriving.player || c.player.id !== arriving.player.id),
  );

/** How far back repeated rated games between two players from one address are counted. */
export const FARM_WINDOW_MS = 24 * 3_600_000;

/**
 * Everything the server persists. Game writes are compare-and-set on the version, so two
 * writers (tabs, processes) can never both win and no update is lost.
 */
export interface GameStore extends PlayerStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Applies pending migrations (all or none); returns the schema version. Safe to run from
   * many processes; rejects with a SchemaError on a database newer than `migrations`.
   */
  migrate(migrations?: readonly Migration[]): Promise<number>;
  insertGame(state: GameState): Promise<void>;
  getGame(id: string): Promise<GameState | undefined>;
  /**
   * Stores `state` only if the stored version is still `expectedVersion`; false when not.
   * `ratings` (a rated game's end) are applied in the same transaction, each only over the
   * rating row version it was computed from: if any moved meanwhile nothing is written and
   * the answer is false, so the caller recomputes. A result is thus applied exactly once.
   * `created` (the rematch an accepted offer makes) is inserted in the same transaction, so a
   * lost race or a crash never leaves it behind without the game that points to it.
   */
  compareAndSet(
    state: GameState,
    expectedVersion: number,
    ratings?: readonly RatingUpdate[],
    created?: GameState,
  ): Promise<boolean>;
  /** Most recently finished games, newest first. */
  /** The most recently finished games, of one game of the family (`popout`…) when given. */
  listFinished(limit: number, game?: string): Promise<GameState[]>;
  /** Atomically pairs with the oldest live seek of the pool, or queues this one. */
  seek(request: SeekRequest, makePair: PairMaker, choose?: PartnerChooser): Promise<SeekOutcome>;
  /**
   * Gives a still-unmatched seek a game made by `makeGame` (the computer as opponent); the
   * outcome when a human took the seek first, or undefined when the seek is gone.
   */
  seekComputer(
    seekId: string,
    now: number,
    makeGame: (secretHash: string) => { state: GameState; seat: Player },
  ): Promise<SeekOutcome | undefined>;
  cancelSeek(id: string): Promise<void>;
  /** Games being played (clocks possibly running). */
  listPlaying(): Promise<GameState[]>;
  /** Up to `limit` games whose `due_at` (see `dueColumn`) is at or before `now`, earliest first. */
  dueGames(now: number, limit: number): Promise<GameState[]>;
  /**
   * Moves a game's `due_at` to `at` while it is still at `version`: the sweep has handed it to
   * a watcher and need not read it again before then. Not part of the game state: its next
   * change writes `due_at` afresh.
   */
  postponeDue(id: string, version: number, at: number): Promise<void>;
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
/** The `due_at` column: when the game may next end by itself (null: it cannot). */
export const dueColumn = (state: GameState): number | null => wakeAt(state);
export const deserialize = (text: string): GameState => JSON.parse(text) as GameState;
