import type { IncomingMessage } from 'node:http';
import { ok } from '../core/index.js';
import { MAX_MESSAGE_BYTES } from '../protocol/index.js';
import { LocalBus } from './bus/local.js';
import { RedisBus } from './bus/redis.js';
import type { Bus } from './bus/types.js';
import type { ServerConfig } from './config.js';
import { BotPool } from './bots/pool.js';
import { eventLoopGauge } from './bots/load-gauge.js';
import { BotRunner } from './bots/runner.js';
import type { GameState } from './game/state.js';
import { GameService } from './games.js';
import { gameRoutes } from './http/api.js';
import { clientAddress, trustedProxies } from './http/client.js';
import type { OriginPolicy } from './http/origin.js';
import { playerRoutes } from './http/players-api.js';
import { createRouter } from './http/router.js';
import { createHttpServer } from './http/server.js';
import { createStaticHandler } from './http/static.js';
import { Hub } from './hub/hub.js';
import {
  bounded,
  outageMs,
  reconnectDelayMs,
  shutdown,
  startVitals,
  waitUntil,
} from './lifecycle.js';
import { createLogger, type Logger } from './log.js';
import { Matchmaking } from './matchmaking/service.js';
import { Metrics } from './metrics.js';
import { PlayService } from './play.js';
import { PlayerService } from './player-service.js';
import { newId } from './secrets.js';
import { openStore } from './store/open.js';
import type { GameStore } from './store/types.js';
import { DeadlineSweeper } from './sweeper.js';
import { startTournaments } from './tournaments/wiring.js';
import { socketSessions } from './ws/accept.js';
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
/** How long a draining process waits for its handover writes before closing connections anyway. */
const HANDOVER_WRITE_MS = 2000;

/**
 * The server's wiring: the store and bus, the services on them, the route table and the
 * sockets, then the lifecycle (src/server/lifecycle.ts). Each part lives in its own module.
 */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log =
    options.log ?? createLogger(config.logLevel, (line) => process.stdout.write(line + '\n'));
  const now = options.now ?? Date.now;
  const metrics = new Metrics();
  const node = newId();
  const store = await openStore(config, {
    migrated: (m) => {
      log.info('migration applied', { version: m.version, name: m.name });
    },
    poolWait: (seconds) => {
      metrics.pgPoolWait.observe(seconds);
    },
  });
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
        (seconds) => {
          metrics.redisRoundTrip.observe(seconds);
        },
      )
    : new LocalBus();

  // Every stored game version, whoever made it, reaches its watchers and the computer.
  const onStored = (state: GameState): void => {
    hub.update(state);
    bots.update(state);
  };

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
    onStored,
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
    games,
    botWaitMs: config.botWaitMs,
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
  const downMs = outageMs(await store.startNode(node, started), started);
  if (downMs > 0) {
    const returned = await games.returnDowntime(started - downMs, started);
    log.info('clock time returned after an outage', { downMs, games: returned });
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
    service: games,
    bus,
    node,
    now,
    log,
    metrics,
  });
  const vitals = startVitals({ store, node, now, log, metrics });

  const health = async (): Promise<{ ok: boolean; details: Record<string, string> }> => {
    try {
      await store.getGame('healthcheck');
      return { ok: true, details: { store: store.kind, bus: bus.kind } };
    } catch (e) {
      return { ok: false, details: { store: store.kind, bus: bus.kind, error: String(e) } };
    }
  };
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
  const sockets = socketSessions({
    play,
    matchmaking,
    players,
    tournaments,
    metrics,
    log,
    now,
    rate: options.rate ?? config.rate,
    mayCreate,
    botWaitMs: config.botWaitMs,
  });
  const http = createHttpServer({
    requestTimeoutMs: config.requestTimeoutMs,
    maxSocketsPerAddress: config.maxSocketsPerAddress,
    policy,
    metrics,
    log,
    api,
    serveStatic: createStaticHandler(config.webRoot),
    onSocket: (ws, address, conn, version) => {
      sockets.accept(ws, address, conn, version);
    },
  });

  const address = await http.listen(config.port, config.host);
  const resumed = await bots.resume();
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
   * Stops taking requests; then, before its players are sent elsewhere, every game whose side
   * to move is connected only here gets a handover, so the time until that player is back on
   * another process is not charged to its clock (docs/protocol.md, "Rolling restarts"); then
   * the clients are told to reconnect and given `shutdownGraceMs` to go.
   */
  const drain = async (): Promise<void> => {
    log.info('shutting down', { connections: sockets.open.size });
    http.server.close();
    const at = now();
    const writes = hub.cutOffByDrain().map(({ gameId, player }) =>
      games
        .execute(gameId, () => ok({ type: 'handover', player, at }))
        .catch((e: unknown) => {
          log.warn('handover not recorded', { game: gameId, error: String(e) });
        }),
    );
    await bounded(Promise.all(writes), HANDOVER_WRITE_MS);
    log.info('handovers recorded', { games: writes.length });
    const reconnectMs = reconnectDelayMs(Math.random);
    for (const c of sockets.open) c.shutdown(reconnectMs);
    await waitUntil(() => sockets.open.size === 0, Date.now() + config.shutdownGraceMs, {
      now: Date.now,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    });
    for (const ws of http.sockets.clients) ws.terminate();
    http.server.closeAllConnections();
  };
  const close = shutdown(
    drain,
    [
      () => vitals.stop(),
      () => {
        sweeper.close();
      },
      () => {
        matchmaking.close();
      },
      () => tournaments.close(),
      () => {
        hub.close();
      },
      () => {
        bots.close();
      },
      () => {
        botLoad.close();
      },
      () => pool.close(),
      () => bus.close(),
      () => store.close(),
    ],
    log,
  );
  return { url, port: address.port, store, metrics, bots, close };
}
