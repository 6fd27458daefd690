import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { ok } from '../core/index.js';
import { LocalBus } from './bus/local.js';
import { RedisBus } from './bus/redis.js';
import type { Bus } from './bus/types.js';
import type { ServerConfig } from './config.js';
import { BotPool } from './bots/pool.js';
import { eventLoopGauge } from './bots/load-gauge.js';
import { BotRunner } from './bots/runner.js';
import { GameService } from './games.js';
import { Matchmaking } from './matchmaking/service.js';
import { PlayService } from './play.js';
import { PlayerService } from './players.js';
import { gameRoutes } from './http/api.js';
import { playerRoutes } from './http/players-api.js';
import { ClientAborted } from './http/respond.js';
import { createRouter } from './http/router.js';
import { clientAddress, proxyRequestId, trustedProxies } from './http/client.js';
import { hostAllowed, originAllowed, type OriginPolicy } from './http/origin.js';
import { createStaticHandler } from './http/static.js';
import { Hub } from './hub.js';
import { createLogger, withFields, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { PROTOCOL_VERSION, MAX_MESSAGE_BYTES } from '../protocol/index.js';
import { newId } from './secrets.js';
import { openStore } from './store/open.js';
import { DeadlineSweeper } from './sweeper.js';
import { handleTournamentMessage } from './tournaments/messages.js';
import { startTournaments } from './tournaments/wiring.js';
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
  /** How often the store is swept for games due to end that nobody has open. */
  readonly sweepMs?: number;
}

const SWEEP_MS = 5000;

/** How often each process records that it is alive. */
const HEARTBEAT_MS = 2000;
/** No heartbeat from any process for this long means the whole service was down. */
const OUTAGE_MS = 5000;

/** The window `c4_event_loop_lag_seconds` reports the worst delay of. */
const LAG_WINDOW_MS = 10_000;

/** Frames larger than this are refused by the socket itself (close 1009); smaller oversized ones get `too_large`. */
const HARD_FRAME_LIMIT = 64 * 1024;
/** How long a draining process waits for its handover writes before closing connections anyway. */
const HANDOVER_WRITE_MS = 2000;

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
    ? new RedisBus(
        config.redisUrl,
        config.redisPrefix,
        (e) => {
          log.warn('redis error', { error: e.message });
          // Presence reports may be lost meanwhile: no one is judged gone on them.
          hub.busTrouble();
        },
        node,
      )
    : new LocalBus();

  const hub = new Hub({
    bus,
    node,
    now,
    metrics,
    log,
    onDue: (gameId, away) => games.settle(gameId, away),
  });
  const games: GameService = new GameService({
    store,
    bus,
    now,
    random: Math.random,
    metrics,
    log,
    limits: { abortMs: config.abortMs, leaveMs: config.leaveMs },
    onStored: (state) => {
      hub.update(state);
      bots.update(state);
    },
    latest: (id) => hub.latest(id),
  });
  const botLoad = eventLoopGauge();
  const pool = new BotPool(config.botWorkers, config.botQueue, (e) => {
    log.warn('bot worker failed', { error: e.message });
  });
  const bots: BotRunner = new BotRunner({
    service: games,
    store,
    pool,
    log,
    minMoveMs: config.botMinMoveMs,
    load: botLoad,
    ...(options.onBotThink ? { onThink: options.onBotThink } : {}),
  });
  const players = new PlayerService({
    store,
    now,
    renameIntervalMs: config.renameIntervalMs,
    transferTtlMs: config.transferTtlMs,
  });
  const matchmaking = new Matchmaking({
    store,
    bus,
    players,
    now,
    random: Math.random,
    metrics,
    log,
    limits: { abortMs: config.abortMs, leaveMs: config.leaveMs },
    botWaitMs: config.botWaitMs,
    onStored: (state) => {
      hub.update(state);
      bots.update(state);
    },
  });
  const play = new PlayService({ games, hub, bots, players, metrics, now });
  const identityCreateLimit = new KeyedRateLimit(
    config.identityCreateRate.perSecond,
    config.identityCreateRate.burst,
  );
  const identityLimit = new KeyedRateLimit(
    config.identityRate.perSecond,
    config.identityRate.burst,
  );

  // Time while no process was running is given back to every running clock, before anyone
  // can connect (and before any flag could fall for it).
  const started = now();
  const lastSeen = await store.startNode(node, started);
  if (lastSeen !== null && started - lastSeen > OUTAGE_MS) {
    const returned = await games.returnDowntime(lastSeen, started);
    log.info('clock time returned after an outage', {
      downMs: started - lastSeen,
      games: returned,
    });
  }
  // What fell due while no process ran (an abort, a flag) is settled before anyone connects.
  const sweeper = new DeadlineSweeper({
    store,
    service: games,
    hub,
    now,
    log,
    intervalMs: options.sweepMs ?? SWEEP_MS,
  });
  await sweeper.start();
  const tournaments = await startTournaments({
    config,
    games: store,
    matchmaking,
    bus,
    node,
    now,
    log,
    metrics,
  });
  const heartbeat = setInterval(() => {
    store.beat(node, now()).catch((e: unknown) => {
      log.warn('heartbeat failed', { error: String(e) });
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // The worst stall of each window: what an operator alerts on (every move waits on it).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const lagWindow = setInterval(() => {
    metrics.eventLoopLag.set(loopDelay.max / 1e9);
    loopDelay.reset();
  }, LAG_WINDOW_MS);
  lagWindow.unref();

  const health = async (): Promise<{ ok: boolean; details: Record<string, string> }> => {
    try {
      await store.getGame('healthcheck');
      return { ok: true, details: { store: store.kind, bus: bus.kind } };
    } catch (e) {
      return { ok: false, details: { store: store.kind, bus: bus.kind, error: String(e) } };
    }
  };
  const serveStatic = createStaticHandler(config.webRoot);
  const policy: OriginPolicy = {
    allowedHosts: new Set(config.allowedHosts),
    allowedOrigins: config.allowedOrigins,
    trustedProxies: trustedProxies(config.trustProxy),
  };
  const addressOf = (req: IncomingMessage): string => clientAddress(req, policy.trustedProxies);
  // One budget per address for every way of making a game: HTTP creation and quick-match seeks.
  const createLimit = new KeyedRateLimit(config.createRate.perSecond, config.createRate.burst);
  const mayCreate = (address: string): boolean => createLimit.take(address, now());
  const api = createRouter(
    [
      ...gameRoutes({
        service: games,
        store,
        hub,
        metrics,
        now,
        policy,
        mayCreate: (req) => mayCreate(addressOf(req)),
        health,
        players,
      }),
      ...playerRoutes({
        players,
        metrics,
        policy,
        reserveIdentity: (req) => identityCreateLimit.takeOrWait(addressOf(req), now()),
        releaseIdentity: (req) => {
          identityCreateLimit.refund(addressOf(req));
        },
        useIdentity: (req) => identityLimit.takeOrWait(addressOf(req), now()),
      }),
      ...tournaments.routes,
    ],
    metrics,
  );
  const server: Server = createServer(
    {
      // A request must arrive whole within this time: announcing a body and not sending it
      // would otherwise hold the connection for Node's default of five minutes.
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.requestTimeoutMs / 2)),
    },
    (req, res) => {
      if (!hostAllowed(req, policy)) {
        metrics.errors.add(1, { code: 'forbidden' });
        metrics.http.add(1, { status: '403' });
        res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
        res.end('{"error":{"code":"forbidden","message":"unknown host"}}');
        return;
      }
      api(req, res)
        .then((handled) => (handled ? undefined : serveStatic(req, res)))
        .catch((e: unknown) => {
          const path = req.url?.split('?')[0];
          if (e instanceof ClientAborted) {
            // The client went away mid-request: nothing is wrong with the server.
            log.info('request aborted by the client', { path });
            return;
          }
          log.error('request failed', {
            path,
            req: proxyRequestId(req, policy.trustedProxies),
            error: String(e),
          });
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"error":{"code":"internal","message":"internal error"}}');
        });
    },
  );

  const rate = options.rate ?? config.rate;
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT });
  const connections = new Set<Connection>();
  const socketsPerAddress = new Map<string, number>();
  server.on('upgrade', (req, socket: Duplex, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!hostAllowed(req, policy) || !originAllowed(req, policy)) {
      metrics.errors.add(1, { code: 'forbidden' });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    const address = addressOf(req);
    const held = socketsPerAddress.get(address) ?? 0;
    if (held >= config.maxSocketsPerAddress) {
      metrics.errors.add(1, { code: 'rate_limited' });
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
      return;
    }
    socketsPerAddress.set(address, held + 1);
    // Every line about this socket carries its id: the proxy's request id when there is one.
    const conn = proxyRequestId(req, policy.trustedProxies) ?? newId();
    wss.handleUpgrade(req, socket, head, (ws) => {
      metrics.connections.add(1);
      metrics.connectionsTotal.add(1);
      const connection = new Connection(ws, {
        play,
        matchmaking,
        metrics,
        log: withFields(log, { conn }),
        now,
        rate,
        mayCreate: () => mayCreate(address),
        address,
        tournament: (message, session) =>
          handleTournamentMessage(message, {
            tournaments: tournaments.service,
            players,
            now,
            mayCreate: () => mayCreate(address),
            session,
            pushes: tournaments.pushes,
            watchers: tournaments.watchers,
          }),
      });
      connections.add(connection);
      ws.on('close', () => {
        connections.delete(connection);
        tournaments.presence.closed(connection).catch((e: unknown) => {
          log.warn('tournament presence not updated', { error: String(e) });
        });
        tournaments.watchers.removeSession(connection);
        const left = (socketsPerAddress.get(address) ?? 1) - 1;
        if (left > 0) socketsPerAddress.set(address, left);
        else socketsPerAddress.delete(address);
      });
      connection.send({
        type: 'hello',
        protocol: PROTOCOL_VERSION,
        serverNow: now(),
        computerAfterMs: config.botWaitMs,
      });
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

  /**
   * Before its players are sent elsewhere: every game whose side to move is connected only
   * here gets a handover, so the time until that player is back on another process is not
   * charged to its clock (docs/protocol.md, "Rolling restarts"). Bounded: a slow store must not
   * hold the shutdown.
   */
  const recordHandovers = async (): Promise<void> => {
    const at = now();
    const writes = hub.cutOffByDrain().map(({ gameId, player }) =>
      games
        .execute(gameId, () => ok({ type: 'handover', player, at }))
        .catch((e: unknown) => {
          log.warn('handover not recorded', { game: gameId, error: String(e) });
        }),
    );
    await Promise.race([Promise.all(writes), new Promise((r) => setTimeout(r, HANDOVER_WRITE_MS))]);
    log.info('handovers recorded', { games: writes.length });
  };

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      log.info('shutting down', { connections: connections.size });
      server.close();
      await recordHandovers();
      const reconnectMs = 500 + Math.floor(Math.random() * 1500);
      for (const c of connections) c.shutdown(reconnectMs);
      const deadline = Date.now() + config.shutdownGraceMs;
      while (connections.size > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      clearInterval(heartbeat);
      clearInterval(lagWindow);
      loopDelay.disable();
      // The last sign of life: an outage starting now is measured exactly.
      await store.beat(node, now()).catch(() => undefined);
      sweeper.close();
      matchmaking.close();
      await tournaments.close();
      hub.close();
      bots.close();
      botLoad.close();
      await pool.close();
      await bus.close();
      await store.close();
    })();
    return closing;
  };
  return { url, port: address.port, store, metrics, bots, close };
}
