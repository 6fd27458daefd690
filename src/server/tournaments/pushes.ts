import type { GameState } from '../game/state.js';
import type { Session } from '../session.js';

const keyOf = (tournamentId: string, playerId: string): string => `${tournamentId}\n${playerId}`;

/**
 * Which connections of this process joined which tournament as which player, so that a game
 * the tournament creates for them reaches them as `tournamentPairing` (docs/protocol.md,
 * "Tournaments"). Only this process's connections: a player joined through another process
 * learns of the game from the tournament page (`tournamentWatch`, the HTTP read).
 */
export class TournamentPushes {
  private readonly byKey = new Map<string, Set<Session>>();

  /** The session joined `tournamentId` as `playerId`: its pairings go to it from now on. */
  add(tournamentId: string, playerId: string, session: Session): void {
    const key = keyOf(tournamentId, playerId);
    const sessions = this.byKey.get(key) ?? new Set<Session>();
    sessions.add(session);
    this.byKey.set(key, sessions);
  }

  /** The player withdrew: none of its sessions hears of this tournament again. */
  removePlayer(tournamentId: string, playerId: string): void {
    this.byKey.delete(keyOf(tournamentId, playerId));
  }

  /** The session has gone: it is forgotten everywhere (a connection joins only a few). */
  removeSession(session: Session): void {
    for (const [key, sessions] of this.byKey) {
      if (sessions.delete(session) && sessions.size === 0) this.byKey.delete(key);
    }
  }

  /** A tournament game was created: each seated player's sessions are told their seat. */
  gameCreated(state: GameState, tournamentId: string, round: number | null): void {
    const players = state.players;
    if (!players) return;
    players.forEach((me, i) => {
      const opponent = players[1 - i];
      if (!me || !opponent) return;
      const sessions = this.byKey.get(keyOf(tournamentId, me.id));
      if (!sessions) return;
      for (const session of sessions) {
        if (!session.open) continue;
        session.push({
          type: 'tournamentPairing',
          tournamentId,
          gameId: state.id,
          seat: i === 0 ? 1 : 2,
          opponent: {
            playerId: opponent.id,
            name: opponent.name, // Tournament seats always carry the rating the player joined with.
            rating: opponent.rating ?? 0,
          },
          round,
        });
      }
    });
  }
}
