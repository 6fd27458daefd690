import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { LocalBus } from './bus/local.js';
import { RedisBus } from './bus/redis.js';
import type { Bus } from './bus/types.js';
import type { ServerConfig } from './config.js';
import { BotPool } from './bots/pool.js';
import { BotRunner } from './bots/runner.js';
import { GameService } from './games.js';
import { PlayerService } from './players.js';
import { handleApi } from './http/api.js';
import { originAllowed } from './http/origin.js';
import { createStaticHandler } from './http/static.js';
import { Hub } from './hub.js';
import { createLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { ok } from '../core/index.js';
import { PROTOCOL_VERSION, MAX_MESSAGE_BYTES } from './protocol/messages.js';
import { newId } from './secrets.js';
import { openStore } from './store/open.js';
import type { GameStore } from './store/types.js';
import { Connection } from './ws/connection.js';
import { KeyedRateLimit } from './ws/rate-limit.js';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly store: GameStore;
  readonly metrics: Metrics;
  readonly bots: BotRunner;
  /** Graceful stop: clients are told to reconnect, then everything is closed. */
  close(): Promise<void>;
}

export interface StartOptions {
  readonly log?: Logger;
  readonly now?: () => number;
  /** Per-connection message rate; tests lower it to provoke `rate_limited`. */
  readonly rate?: { readonly perSecond: number; readonly burst: number };
  /** Fault tests: called when the computer starts thinking about a game version. */
  readonly onBotThink?: (gameId: string, version: number) => void;
}

/** Frames larger than this are refused by the socket itself (close 1009); smaller oversized ones get `too_large`. */
const HARD_FRAME_LIMIT = 64 * 1024;

export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log =
    options.log ?? createLogger(config.logLevel, (line) => process.stdout.write(line + '\n'));
  const now = options.now ?? Date.now;
  const metrics = new Metrics();
  const node = newId();
  const store = await openStore(config);
  const bus: Bus = config.redisUrl
    ? new RedisBus(config.redisUrl, config.redisPrefix, (e) => {
        log.warn('redis error', { error: e.message });
      })
    : new LocalBus();

  const hub = new Hub({
    bus,
    node,
    now,
    metrics,
    log,
    onFlag: (gameId) => {
      games
        .execute(gameId, () => ok({ type: 'timeout' }))
        .catch((e: unknown) => {
          log.warn('flag check failed', { game: gameId, error: String(e) });
        });
    },
  });
  const games: GameService = new GameService({
    store,
    bus,
    now,
    random: Math.random,
    metrics,
    log,
    onStored: (state) => {
      hub.update(state);
      bots.update(state);
    },
  });
  const pool = new BotPool(config.botWorkers, config.botQueue, (e) => {
    log.warn('bot worker failed', { error: e.message });
  });
  const bots: BotRunner = new BotRunner({
    service: games,
    pool,
    log,
    minMoveMs: config.botMinMoveMs,
    ...(options.onBotThink ? { onThink: options.onBotThink } : {}),
  });
  const players = new PlayerService({
    store,
    now,
    renameIntervalMs: config.renameIntervalMs,
    transferTtlMs: config.transferTtlMs,
  });
  const identityCreateLimit = new KeyedRateLimit(
    config.identityCreateRate.perSecond,
    config.identityCreateRate.burst,
  );
  const identityLimit = new KeyedRateLimit(
    config.identityRate.perSecond,
    config.identityRate.burst,
  );
  const addressOf = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';

  const health = async (): Promise<{ ok: boolean; details: Record<string, string> }> => {
    try {
      await store.getGame('healthcheck');
      return { ok: true, details: { store: store.kind, bus: bus.kind } };
    } catch (e) {
      return { ok: false, details: { store: store.kind, bus: bus.kind, error: String(e) } };
    }
  };
  const serveStatic = createStaticHandler(config.webRoot);
  const createLimit = new KeyedRateLimit(config.createRate.perSecond, config.createRate.burst);
  const mayCreate = (req: IncomingMessage): boolean =>
    createLimit.take(req.socket.remoteAddress ?? 'unknown', now());
  const server: Server = createServer((req, res) => {
    handleApi(req, res, {
      service: games,
      hub,
      metrics,
      now,
      allowedOrigins: config.allowedOrigins,
      mayCreate,
      health,
      players: {
        players,
        metrics,
        allowedOrigins: config.allowedOrigins,
        mayCreateIdentity: (r) => identityCreateLimit.take(addressOf(r), now()),
        mayUseIdentity: (r) => identityLimit.take(addressOf(r), now()),
      },
    })
      .then((handled) => (handled ? undefined : serveStatic(req, res)))
      .catch((e: unknown) => {
        log.error('request failed', { path: req.url?.split('?')[0], error: String(e) });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"code":"internal","message":"internal error"}}');
      });
  });

  const rate = options.rate ?? config.rate;
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT });
  const connections = new Set<Connection>();
  server.on('upgrade', (req, socket: Duplex, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!originAllowed(req, config.allowedOrigins)) {
      metrics.errors.add(1, { code: 'forbidden' });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      metrics.connections.add(1);
      metrics.connectionsTotal.add(1);
      const connection = new Connection(ws, {
        service: games,
        hub,
        metrics,
        log,
        now,
        rate,
        players,
        bots,
        botWaitMs: config.botWaitMs,
        address: addressOf(req),
      });
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
      connection.send({ type: 'hello', protocol: PROTOCOL_VERSION, serverNow: now() });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const resumed = await bots.resume();
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}/`;
  log.info('listening', {
    url,
    store: store.kind,
    bus: bus.kind,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    computerGamesResumed: resumed,
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      log.info('shutting down', { connections: connections.size });
      server.close();
      const reconnectMs = 500 + Math.floor(Math.random() * 1500);
      for (const c of connections) c.shutdown(reconnectMs);
      const deadline = Date.now() + config.shutdownGraceMs;
      while (connections.size > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      hub.close();
      bots.close();
      await pool.close();
      await bus.close();
      await store.close();
    })();
    return closing;
  };
  return { url, port: address.port, store, metrics, bots, close };
}
