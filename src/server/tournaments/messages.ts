import {
  ProtocolErrorCode,
  type TournamentClientMessage,
  type TournamentServerMessage,
} from '../../protocol/index.js';
import { gameTextOf } from '../game/family.js';
import type { PlayerService } from '../player-service.js';
import { hashSecret } from '../secrets.js';
import type { Session } from '../session.js';
import type { TournamentPushes } from './pushes.js';
import type { TournamentService } from './service.js';
import type { TournamentWatchers } from './watchers.js';

export interface TournamentMessageContext {
  readonly tournaments: TournamentService;
  readonly players: Pick<PlayerService, 'identify' | 'seatPlayer'>;
  readonly now: () => number;
  /** The per-address creation budget (shared with games): false when spent. */
  readonly mayCreate: () => boolean;
  /** The connection asking, and where it is remembered for `tournamentPairing` (when pushed). */
  readonly session?: Session;
  readonly pushes?: TournamentPushes;
  /** Where a `tournamentWatch` is remembered for the later `tournament` pushes. */
  readonly watchers?: TournamentWatchers;
}

export interface ErrorReply {
  readonly type: 'error';
  readonly id?: string;
  readonly code: string;
  readonly message: string;
}

/** A new player's rating before any game in the pool (Glicko-2's start). */
const UNRATED = 1500;

/**
 * The answer to one tournament message of a WebSocket client (docs/protocol.md,
 * "Tournaments"), for the socket handler to send. Only named players create, join or withdraw:
 * the identity secret must name a player (`identity_required`), so the computer never enters.
 * Private tournaments are the only ones players create, within the game-creation budget.
 */
export async function handleTournamentMessage(
  msg: TournamentClientMessage,
  ctx: TournamentMessageContext,
): Promise<TournamentServerMessage | ErrorReply> {
  const id = msg.id === undefined ? {} : { id: msg.id };
  const error = (code: string, message: string): ErrorReply => ({
    type: 'error',
    ...id,
    code,
    message,
  });
  if (msg.type === 'tournamentWatch') {
    // Listening before reading: a change made after this snapshot is pushed.
    if (ctx.session) await ctx.watchers?.watch(msg.tournamentId, ctx.session);
    const tournament = await ctx.tournaments.detail(msg.tournamentId);
    if (tournament) return { type: 'tournament', ...id, tournament };
    if (ctx.session) ctx.watchers?.removeSession(ctx.session);
    return error(ProtocolErrorCode.NotFound, 'no such tournament');
  }
  if (msg.type === 'tournamentCreate' && !ctx.mayCreate()) {
    return error(ProtocolErrorCode.RateLimited, 'too many tournaments and games created; wait');
  }
  const identity = await ctx.players.identify(msg.player);
  if (!identity.ok) {
    return error(ProtocolErrorCode.IdentityRequired, 'only named players take part in tournaments');
  }
  const player = identity.value;
  const now = ctx.now();
  switch (msg.type) {
    case 'tournamentCreate': {
      const made = await ctx.tournaments.create(msg.settings, now, {
        creator: { id: player.id, name: player.name },
        private: true,
      });
      if (!made.ok) return error(made.error.code, made.error.message);
      return { type: 'tournamentCreated', ...id, tournamentId: made.value!.id };
    }
    case 'tournamentJoin': {
      const t = await ctx.tournaments.find(msg.tournamentId);
      if (!t) return error(ProtocolErrorCode.NotFound, 'no such tournament');
      const seat = await ctx.players.seatPlayer(player, gameTextOf(t.settings));
      const joined = await ctx.tournaments.join(
        t.id,
        { id: player.id, name: player.name, rating: seat.rating ?? UNRATED },
        hashSecret(msg.secret),
        now,
      );
      if (!joined.ok) return error(joined.error.code, joined.error.message);
      if (ctx.session) await ctx.pushes?.add(t.id, player.id, ctx.session);
      return { type: 'tournamentJoined', ...id, tournamentId: t.id, again: joined.value.again };
    }
    case 'tournamentWithdraw': {
      const out = await ctx.tournaments.withdraw(msg.tournamentId, player.id);
      if (!out.ok) return error(out.error.code, out.error.message);
      ctx.pushes?.removePlayer(msg.tournamentId, player.id);
      return { type: 'tournamentWithdrawn', ...id, tournamentId: msg.tournamentId };
    }
  }
}
