import { randomInt } from 'node:crypto';
import { err, ok, type Result } from '../core/index.js';
import { checkName } from '../identity/names.js';
import { PROVISIONAL_RD, isProvisional, type PoolId } from '../rating/index.js';
import { gameTextOf } from './game/family.js';
import type { GameState, SeatPlayer } from './game/state.js';
import { ProtocolErrorCode, protocolError, type ProtocolError } from '../protocol/index.js';
import type {
  Leaderboard,
  PlayerGame,
  PlayerPage,
  PublicPlayer,
  PublicRating,
} from '../protocol/index.js';
import { isComputer, poolOfGame } from './ratings.js';
import { hashSecret, newId } from './secrets.js';
import type { PlayerRecord, PoolRating } from './store/players.js';
import type { GameStore } from './store/types.js';

export interface PlayerServiceDeps {
  readonly store: GameStore;
  readonly now: () => number;
  /** Shortest time between two renames (and between creation and the first rename). */
  readonly renameIntervalMs: number;
  /** How long a device-transfer code stays valid. */
  readonly transferTtlMs: number;
}

/** Unambiguous letters and digits (no 0/O, 1/I/L): a code is read off one screen and typed. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const toPublicRating = (r: PoolRating): PublicRating => ({
  pool: r.pool,
  rating: Math.round(r.rating),
  rd: Math.round(r.rd),
  provisional: isProvisional(r),
  games: r.games,
  wins: r.wins,
  draws: r.draws,
  losses: r.losses,
});

/** Identities, names, ratings as the HTTP API and the lobby see them. */
export class PlayerService {
  constructor(private readonly deps: PlayerServiceDeps) {}

  async create(secret: string, rawName: string): Promise<Result<PublicPlayer, ProtocolError>> {
    const name = checkName(rawName);
    if (!name.ok) return err(protocolError(name.problem, name.message));
    const id = newId();
    const outcome = await this.deps.store.createPlayer({
      id,
      name: name.name,
      nameKey: name.key,
      secretHash: hashSecret(secret),
      now: this.deps.now(),
    });
    if (outcome === 'name_taken') return err(taken(name.name));
    if (outcome === 'key_taken') {
      return err(
        protocolError(ProtocolErrorCode.IdentityTaken, 'this secret already belongs to a player'),
      );
    }
    return this.publicPlayer(id);
  }

  /** The player holding `secret`, or `unknown_player` (also for a guessed secret). */
  async identify(secret: string): Promise<Result<PlayerRecord, ProtocolError>> {
    const player = await this.deps.store.playerByKey(hashSecret(secret));
    return player ? ok(player) : err(unknownPlayer());
  }

  async me(secret: string): Promise<Result<PublicPlayer, ProtocolError>> {
    const player = await this.identify(secret);
    return player.ok ? this.publicPlayer(player.value.id) : player;
  }

  async rename(secret: string, rawName: string): Promise<Result<PublicPlayer, ProtocolError>> {
    const player = await this.identify(secret);
    if (!player.ok) return player;
    const name = checkName(rawName);
    if (!name.ok) return err(protocolError(name.problem, name.message));
    const now = this.deps.now();
    const outcome = await this.deps.store.renamePlayer(
      player.value.id,
      name.name,
      name.key,
      now,
      now - this.deps.renameIntervalMs,
    );
    if (outcome === 'name_taken') return err(taken(name.name));
    if (outcome === 'too_soon') {
      const hours = Math.ceil(this.deps.renameIntervalMs / 3_600_000);
      const last = player.value.renamedAt ?? player.value.createdAt;
      return err(
        protocolError(
          ProtocolErrorCode.RenameTooSoon,
          `a name can be changed once every ${hours} hours; the next change is possible in ${waitText(last + this.deps.renameIntervalMs - now)}`,
        ),
      );
    }
    if (outcome === 'not_found') return err(unknownPlayer());
    return this.publicPlayer(player.value.id);
  }

  /** A one-time code that lets another device take this identity; it expires. */
  async transferCode(
    secret: string,
  ): Promise<Result<{ code: string; expiresAt: number }, ProtocolError>> {
    const player = await this.identify(secret);
    if (!player.ok) return player;
    const code = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)])
      .join('')
      .replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3');
    const expiresAt = this.deps.now() + this.deps.transferTtlMs;
    await this.deps.store.createTransferCode(
      player.value.id,
      hashSecret(normalCode(code)),
      expiresAt,
    );
    return ok({ code, expiresAt });
  }

  async redeem(code: string, secret: string): Promise<Result<PublicPlayer, ProtocolError>> {
    const player = await this.deps.store.redeemTransferCode(
      hashSecret(normalCode(code)),
      hashSecret(secret),
      this.deps.now(),
    );
    if (player === 'identity_taken') {
      return err(
        protocolError(
          ProtocolErrorCode.IdentityTaken,
          'this secret already belongs to a player; the code is still valid for a new secret',
        ),
      );
    }
    if (player === 'invalid_code') {
      return err(
        protocolError(ProtocolErrorCode.InvalidCode, 'the code is unknown, used or expired'),
      );
    }
    return this.publicPlayer(player.id);
  }

  async publicPlayer(id: string): Promise<Result<PublicPlayer, ProtocolError>> {
    const player = await this.deps.store.getPlayer(id);
    if (!player) return err(unknownPlayer());
    const ratings = await this.deps.store.ratingsOf(id);
    return ok({
      id: player.id,
      name: player.name,
      createdAt: player.createdAt,
      ratings: ratings.map(toPublicRating),
      renameAt: (player.renamedAt ?? player.createdAt) + this.deps.renameIntervalMs,
    });
  }

  /** How the player sits at a table of `game` (a game text): name and current rating there. */
  async seatPlayer(record: PlayerRecord, game: string): Promise<SeatPlayer> {
    const pool = poolOfGame(game);
    const rating = (await this.deps.store.ratingsOf(record.id)).find((r) => r.pool === pool);
    return {
      id: record.id,
      name: record.name,
      rating: Math.round(rating?.rating ?? 1500),
      provisional: rating ? isProvisional(rating) : true,
    };
  }

  async page(id: string): Promise<Result<PlayerPage, ProtocolError>> {
    const player = await this.publicPlayer(id);
    if (!player.ok) return player;
    const [history, games] = await Promise.all([
      this.deps.store.ratingHistory(id, 500),
      this.deps.store.gamesOf(id, 30),
    ]);
    const byPool: Record<string, { at: number; rating: number; gameId: string; before: number }[]> =
      {};
    for (const h of [...history].reverse()) {
      (byPool[h.pool] ??= []).push({
        at: h.at,
        rating: Math.round(h.after),
        gameId: h.gameId,
        before: Math.round(h.before),
      });
    }
    return ok({
      player: player.value,
      history: byPool,
      games: games.map((g) => playerGame(g, id)),
    });
  }

  async leaderboard(pool: PoolId, limit: number): Promise<Leaderboard> {
    const entries = await this.deps.store.leaderboard(pool, PROVISIONAL_RD, limit);
    return {
      pool,
      entries: entries.map((e, i) => ({
        rank: i + 1,
        playerId: e.playerId,
        name: e.name,
        rating: Math.round(e.rating),
        rd: Math.round(e.rd),
        games: e.games,
      })),
    };
  }
}

function playerGame(g: GameState, id: string): PlayerGame {
  const mine = g.players?.[0]?.id === id ? 0 : 1;
  const opponent = g.players?.[mine === 0 ? 1 : 0] ?? null;
  const change = g.ratingChanges?.[mine] ?? null;
  const result = g.result;
  const outcome =
    result === null || result.kind === 'aborted'
      ? null
      : result.kind === 'draw'
        ? 'draw'
        : result.winner === mine + 1
          ? 'win'
          : 'loss';
  return {
    id: g.id,
    game: gameTextOf(g),
    variant: g.variant,
    pool: poolOfGame(gameTextOf(g)),
    status: g.status,
    rated: g.rated === true,
    opponent: opponent
      ? {
          id: isComputer(opponent) ? '' : opponent.id,
          name: opponent.name,
          computer: opponent.computer ?? null,
        }
      : null,
    outcome,
    ratingChange: change
      ? { before: Math.round(change.before), after: Math.round(change.after) }
      : null,
    moves: g.moves.length,
    updatedAt: g.updatedAt,
  };
}

const normalCode = (code: string): string => code.toUpperCase().replace(/-/g, '');
const taken = (name: string): ProtocolError =>
  protocolError(ProtocolErrorCode.NameTaken, `"${name}" (or a name too like it) is taken`);
const unknownPlayer = (): ProtocolError =>
  protocolError(ProtocolErrorCode.UnknownPlayer, 'no player has this secret');

/** "3 h 5 min", "12 min", "1 min": how long until a rename is allowed, rounded up. */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
