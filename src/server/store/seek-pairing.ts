import type { Player } from '../../core/index.js';
import type { GameState } from '../game/state.js';
import type {
  PairMaker,
  PartnerChooser,
  SeekCandidate,
  SeekOutcome,
  SeekRequest,
} from './types.js';

/**
 * Quick-match pairing as one pure decision: given what the store read inside its transaction,
 * who is paired with whom and which rows to write. Both stores run it, so SQLite and PostgreSQL
 * cannot drift apart; only the reads before and the writes after are theirs.
 */

/** A seek row of the arriving request's pool, as read for pairing. */
export interface SeekRecord extends SeekCandidate {
  readonly pool: string;
  readonly expiresAt: number;
  /** The game it was paired into, or null while it waits. */
  readonly gameId: string | null;
}

/** The arriving secret's own row in the pool (from an earlier seek or renewal), if any. */
export interface OwnSeek {
  readonly id: string;
  readonly gameId: string | null;
  readonly seat: Player | null;
  /** Its game is over: the row is history, and this seek a new request. */
  readonly gameFinished: boolean;
}

export interface PairingInput {
  readonly request: SeekRequest;
  readonly own: OwnSeek | undefined;
  /** The pool's seeks, oldest first; rows that cannot be paired are skipped here too. */
  readonly waiting: readonly SeekRecord[];
  /**
   * Rated games since `FARM_WINDOW_MS` ago between the request's player and each other player
   * (by id); read only when `needsRatedCounts`, otherwise empty.
   */
  readonly ratedWith: ReadonlyMap<string, number>;
  readonly makePair: PairMaker;
  readonly choose: PartnerChooser;
}

/** A row the store writes, in order, in the same transaction it read in. */
export type SeekWrite =
  | { readonly kind: 'deleteSeek'; readonly id: string }
  | { readonly kind: 'renewSeek'; readonly id: string; readonly expiresAt: number }
  | { readonly kind: 'insertGame'; readonly state: GameState }
  | {
      readonly kind: 'matchSeek';
      readonly id: string;
      readonly gameId: string;
      readonly seat: Player;
      readonly expiresAt: number;
    }
  | {
      readonly kind: 'insertSeek';
      readonly request: SeekRequest;
      /** Set when the seek is paired as it arrives. */
      readonly match: { readonly gameId: string; readonly seat: Player } | null;
    };

export interface Pairing {
  readonly outcome: SeekOutcome;
  readonly writes: readonly SeekWrite[];
}

const other = (seat: Player): Player => (seat === 1 ? 2 : 1);

/** Whether a waiting seek may be paired with the arriving request at all (before the chooser). */
const pairable = (request: SeekRequest, seek: SeekRecord): boolean =>
  seek.pool === request.pool &&
  seek.gameId === null &&
  seek.expiresAt >= request.now &&
  seek.secretHash !== request.secretHash;

/** The farming limit counts only named players seeking from one address. */
const sameHouse = (request: SeekRequest, seek: SeekCandidate): boolean =>
  !!request.player && !!seek.player && seek.address === (request.address ?? null);

/** Whether the store must read `ratedWith` for this request: some candidate is in the same house. */
export const needsRatedCounts = (request: SeekRequest, waiting: readonly SeekRecord[]): boolean =>
  waiting.some((seek) => pairable(request, seek) && sameHouse(request, seek));

/**
 * Decides one arriving seek: the game it already has (a repeat of a live match), a partner
 * (the chooser's pick among the pairable waiting seeks), or a place in the queue.
 */
export function pairSeek(input: PairingInput): Pairing {
  const { request, makePair, choose } = input;
  const writes: SeekWrite[] = [];
  let own = input.own;
  if (own?.gameId != null && own.gameFinished) {
    writes.push({ kind: 'deleteSeek', id: own.id });
    own = undefined;
  }
  if (own?.gameId != null) {
    const seat: Player = own.seat === 2 ? 2 : 1;
    return {
      outcome: {
        kind: 'matched',
        seekId: own.id,
        gameId: own.gameId,
        seat,
        partnerSeekId: null,
        partnerSeat: other(seat),
      },
      writes,
    };
  }
  const candidates = input.waiting.filter((seek) => pairable(request, seek));
  const chosen = choose(request, candidates);
  // A chooser may only pick among the candidates it was given.
  const partner = chosen && candidates.find((c) => c.id === chosen.id);
  const seekId = own?.id ?? request.id;
  if (!partner) {
    writes.push(
      own
        ? { kind: 'renewSeek', id: own.id, expiresAt: request.expiresAt }
        : { kind: 'insertSeek', request, match: null },
    );
    return { outcome: { kind: 'waiting', seekId }, writes };
  }
  const recentRatedGames =
    sameHouse(request, partner) && partner.player
      ? (input.ratedWith.get(partner.player.id) ?? 0)
      : 0;
  const game = makePair(partner.secretHash, request.secretHash, partner, { recentRatedGames });
  const partnerSeat: Player = game.seats[0] === partner.secretHash ? 1 : 2;
  const seat = other(partnerSeat);
  writes.push({ kind: 'insertGame', state: game });
  // Matched rows stay a while so a player who reconnects finds their game again.
  writes.push({
    kind: 'matchSeek',
    id: partner.id,
    gameId: game.id,
    seat: partnerSeat,
    expiresAt: request.expiresAt,
  });
  writes.push(
    own
      ? { kind: 'matchSeek', id: own.id, gameId: game.id, seat, expiresAt: request.expiresAt }
      : { kind: 'insertSeek', request, match: { gameId: game.id, seat } },
  );
  return {
    outcome: {
      kind: 'matched',
      seekId,
      gameId: game.id,
      seat,
      partnerSeekId: partner.id,
      partnerSeat,
    },
    writes,
  };
}
