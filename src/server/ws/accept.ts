import type { WebSocket } from 'ws';
import { PROTOCOL_VERSION, ProtocolErrorCode, type ServerMessage } from '../../protocol/index.js';
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
  accept(ws: WebSocket, address: string, conn: string, version: number | null): void;
}

/**
 * The close code for a client of another protocol version (4000–4999 are the application's;
 * 426 is HTTP's "Upgrade Required").
 */
export const OUTDATED_CLOSE_CODE = 4426;

/**
 * A client that names another protocol version, or none (every client before version 3): it
 * is greeted with this server's version, so a client that compares versions stops for good,
 * then told why in words and closed. Nothing it sends is read: a message of an older protocol
 * (a move, a pop) never reaches a game.
 */
function refuseOutdated(
  ws: WebSocket,
  version: number | null,
  { metrics, log, now }: { metrics: Metrics; log: Logger; now: () => number },
): void {
  metrics.errors.add(1, { code: ProtocolErrorCode.ProtocolOutdated });
  log.info('socket refused: protocol version', { version });
  const named =
    version === null ? 'names no protocol version' : `speaks protocol version ${version}`;
  const send = (message: ServerMessage): void => {
    ws.send(JSON.stringify(message));
  };
  send({ type: 'hello', protocol: PROTOCOL_VERSION, serverNow: now() });
  send({
    type: 'error',
    code: ProtocolErrorCode.ProtocolOutdated,
    message: `this client ${named} but the server speaks version ${PROTOCOL_VERSION} (connect to /ws?v=${PROTOCOL_VERSION}): reload the page to get the current client`,
  });
  ws.close(OUTDATED_CLOSE_CODE, ProtocolErrorCode.ProtocolOutdated);
}

/** Each accepted socket becomes a `Connection`, greeted with `hello`, forgotten on close. */
export function socketSessions(deps: SocketDeps): Sockets {
  const { tournaments, metrics, log, now } = deps;
  const open = new Set<Connection>();
  return {
    open,
    accept(ws, address, conn, version) {
      if (version !== PROTOCOL_VERSION) {
        refuseOutdated(ws, version, { metrics, log: withFields(log, { conn }), now });
        return;
      }
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
