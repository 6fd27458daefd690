import type { Player } from '../../core/index.js';
import type { GameState, SeatPlayer } from '../game/state.js';

/** What server processes tell each other about a game or a quick-match seek. */
export type BusMessage =
  | { readonly kind: 'game'; readonly state: GameState }
  | {
      readonly kind: 'presence';
      readonly gameId: string;
      readonly node: string;
      /** Connections holding each seat on that node. */
      readonly counts: readonly [number, number];
      readonly at: number;
      /** The sender just opened the game: every process with it open answers at once. */
      readonly ask?: boolean;
    }
  | {
      /**
       * The presence heartbeat of many games at once, on `PRESENCE_CHANNEL`: each entry is a
       * game id and the connections holding each seat on the sender. Sent only for games whose
       * other processes are all known to read it (they sent one themselves); an older process
       * still gets its `presence` reports game by game (a rolling deploy has both on one bus).
       */
      readonly kind: 'presenceBatch';
      readonly node: string;
      readonly at: number;
      readonly games: readonly (readonly [string, number, number])[];
    }
  | {
      readonly kind: 'matched';
      readonly seekId: string;
      readonly gameId: string;
      readonly seat: Player;
    }
  | {
      /** A tournament game was created: the processes with its players' connections tell them. */
      readonly kind: 'tournamentPairing';
      readonly tournamentId: string;
      readonly gameId: string;
      readonly players: readonly [SeatPlayer, SeatPlayer];
      readonly round: number | null;
    }
  | {
      /**
       * The player's last connection on one process closed and it was marked absent: every
       * process where the player still has one marks them present again at once.
       */
      readonly kind: 'tournamentPresence';
      readonly tournamentId: string;
      readonly playerId: string;
    }
  | {
      /** A tournament's standings, pairings or status changed: watchers read it again. */
      readonly kind: 'tournamentChanged';
      readonly tournamentId: string;
    };

export type BusHandler = (channel: string, message: BusMessage) => void;

/**
 * Fan-out between server processes: in-process when there is one, Redis pub/sub when several
 * share games. Delivery is at most once and may reorder across publishers; receivers keep the
 * highest game version they have seen, so neither matters.
 */
export interface Bus {
  readonly kind: 'local' | 'redis';
  /** Adds a handler: every handler hears every message of the channels subscribed to. */
  onMessage(handler: BusHandler): void;
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  publish(channel: string, message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

export const gameChannel = (gameId: string): string => `game:${gameId}`;
/** Every process listens here for the batched presence heartbeats (`presenceBatch`). */
export const PRESENCE_CHANNEL = 'presence';
export const tournamentChannel = (tournamentId: string): string => `tournament:${tournamentId}`;
/** Its own channel: the pairing channel is unsubscribed when a process's last player leaves. */
export const tournamentWatchChannel = (tournamentId: string): string =>
  `tournament-watch:${tournamentId}`;
export const seekChannel = (seekId: string): string => `seek:${seekId}`;
