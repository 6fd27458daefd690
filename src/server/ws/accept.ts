import type { WebSocket } from 'ws';
import { PROTOCOL_VERSION } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import { withFields } from '../log.js';
import type { Matchmaking } from '../matchmaking/service.js';
import type { Metrics } from '../metrics.js';
import type { PlayService } from '../play.js';
import type { PlayerService } from '../player-service.js';
import { handleTournamentMessage } from '../tournaments/messages.js';
import type { Tournaments } from '../tournaments/wiring.js';
import { Connection } from './connection.js';

export interface SocketDeps {
  readonly play: PlayService;
  readonly matchmaking: Matchmaking;
  readonly players: PlayerService;
  readonly tournaments: Tournaments;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly now: () => number;
  readonly rate: { readonly perSecond: number; readonly burst: number };
  /** Takes one from the address's game-creation budget: false when it is spent. */
  readonly mayCreate: (address: string) => boolean;
  /** Sent in `hello`: how long quick match waits for a person before offering the computer. */
  readonly botWaitMs: number;
}

/** The connections of this process's sockets, and how a new socket becomes one. */
export interface Sockets {
  readonly open: ReadonlySet<Connection>;
  accept(ws: WebSocket, address: string, conn: string): void;
}

/** Each accepted socket becomes a `Connection`, greeted with `hello`, forgotten on close. */
export function socketSessions(deps: SocketDeps): Sockets {
  const { tournaments, metrics, log, now } = deps;
  const open = new Set<Connection>();
  return {
    open,
    accept(ws, address, conn) {
      metrics.connections.add(1);
      metrics.connectionsTotal.add(1);
      const connection = new Connection(ws, {
        play: deps.play,
        matchmaking: deps.matchmaking,
        metrics,
        log: withFields(log, { conn }),
        now,
        rate: deps.rate,
        mayCreate: () => deps.mayCreate(address),
        address,
        tournament: (message, session) =>
          handleTournamentMessage(message, {
            tournaments: tournaments.service,
            players: deps.players,
            now,
            mayCreate: () => deps.mayCreate(address),
            session,
            pushes: tournaments.pushes,
            watchers: tournaments.watchers,
          }),
      });
      open.add(connection);
      ws.on('close', () => {
        open.delete(connection);
        tournaments.presence.closed(connection).catch((e: unknown) => {
          log.warn('tournament presence not updated', { error: String(e) });
        });
        tournaments.watchers.removeSession(connection);
      });
      connection.send({
        type: 'hello',
        protocol: PROTOCOL_VERSION,
        serverNow: now(),
        computerAfterMs: deps.botWaitMs,
      });
    },
  };
}
