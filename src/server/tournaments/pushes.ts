import { tournamentChannel, type Bus, type BusMessage } from '../bus/types.js';
import type { GameState } from '../game/state.js';
import type { Logger } from '../log.js';
import type { Session } from '../session.js';

type Pairing = Extract<BusMessage, { kind: 'tournamentPairing' }>;

/**
 * Which connections of this process joined which tournament as which player, so that a game
 * the tournament creates for them reaches them as `tournamentPairing` (docs/protocol.md,
 * "Tournaments"). The process that creates the game (the one holding the tournament's lease)
 * publishes it on the tournament's bus channel, which every process with a joined connection
 * listens to: so a player hears of the game wherever their connection is.
 */
export class TournamentPushes {
  /** Sessions by tournament, then by player. */
  private readonly joined = new Map<string, Map<string, Set<Session>>>();

  constructor(
    private readonly bus: Bus,
    private readonly log?: Logger,
  ) {
    bus.onMessage((channel, message) => {
      if (message.kind !== 'tournamentPairing') return;
      if (channel !== tournamentChannel(message.tournamentId)) return;
      this.deliver(message);
    });
  }

  /**
   * The session joined `tournamentId` as `playerId`: its pairings go to it from now on. Resolves
   * once this process listens for them, so no pairing made after the join reply is missed.
   */
  async add(tournamentId: string, playerId: string, session: Session): Promise<void> {
    let players = this.joined.get(tournamentId);
    if (!players) {
      players = new Map();
      this.joined.set(tournamentId, players);
      await this.bus.subscribe(tournamentChannel(tournamentId));
    }
    const sessions = players.get(playerId) ?? new Set<Session>();
    sessions.add(session);
    players.set(playerId, sessions);
  }

  /** The player withdrew: none of its sessions hears of this tournament again. */
  removePlayer(tournamentId: string, playerId: string): void {
    const players = this.joined.get(tournamentId);
    if (!players) return;
    players.delete(playerId);
    this.drop(tournamentId, players);
  }

  /**
   * The session has gone: it is forgotten everywhere (a connection joins only a few). Returns
   * the players who, with it, have no connection left here in that tournament.
   */
  removeSession(session: Session): { tournamentId: string; playerId: string }[] {
    const gone: { tournamentId: string; playerId: string }[] = [];
    for (const [tournamentId, players] of this.joined) {
      for (const [playerId, sessions] of players) {
        if (sessions.delete(session) && sessions.size === 0) {
          players.delete(playerId);
          gone.push({ tournamentId, playerId });
        }
      }
      this.drop(tournamentId, players);
    }
    return gone;
  }

  /** Every tournament and player with an open connection on this process. */
  *present(): Generator<{ tournamentId: string; playerId: string }> {
    for (const [tournamentId, players] of this.joined) {
      for (const [playerId, sessions] of players) {
        if ([...sessions].some((s) => s.open)) yield { tournamentId, playerId };
      }
    }
  }

  /** A tournament game was created on this process: every process tells its players. */
  gameCreated(state: GameState, tournamentId: string, round: number | null): void {
    const [first, second] = state.players ?? [null, null];
    if (!first || !second) return;
    const message: Pairing = {
      kind: 'tournamentPairing',
      tournamentId,
      gameId: state.id,
      players: [first, second],
      round,
    };
    // At most once, as every bus message: a player who misses it still finds the game on the
    // tournament page.
    this.bus.publish(tournamentChannel(tournamentId), message).catch((e: unknown) => {
      this.log?.warn('tournament pairing not published', { error: String(e) });
    });
  }

  private deliver(message: Pairing): void {
    const players = this.joined.get(message.tournamentId);
    if (!players) return;
    message.players.forEach((me, i) => {
      const opponent = message.players[1 - i]!;
      for (const session of players.get(me.id) ?? []) {
        if (!session.open) continue;
        session.push({
          type: 'tournamentPairing',
          tournamentId: message.tournamentId,
          gameId: message.gameId,
          seat: i === 0 ? 1 : 2,
          opponent: {
            playerId: opponent.id,
            name: opponent.name,
            // Tournament seats always carry the rating the player joined with.
            rating: opponent.rating ?? 0,
          },
          round: message.round,
        });
      }
    });
  }

  /** Stops listening to a tournament none of this process's connections is in any more. */
  private drop(tournamentId: string, players: Map<string, Set<Session>>): void {
    if (players.size > 0) return;
    this.joined.delete(tournamentId);
    this.bus.unsubscribe(tournamentChannel(tournamentId)).catch(() => undefined);
  }
}
