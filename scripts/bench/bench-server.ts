/**
 * Load benchmark of the game server: real server processes on loopback, many concurrent games
 * of random legal moves, bounded in time. Reports games, moves per second, median and p99 move
 * latency (send → ack), and lost or duplicated moves (compared with the stored games; must be 0).
 *
 * With `--bots N`, N games against the computer run in the background (each a client playing
 * random legal moves against the server's worker-thread computer, game after game): the human
 * games' latency is then measured beside them. `--bot-pace-ms P` makes those clients wait P ms
 * before each of their moves, as a person playing the computer does (0: at once, the worst case).
 *
 * With `--pace-ms P` the games are played at a person's pace instead of flat out (each seat
 * moves a jittered P ms after its turn began; scripts/bench/bench-server-paced.ts): games start over
 * `--ramp-seconds`, then `--seconds` are measured, and the report adds the ack maximum and the
 * server's event-loop delay. `--processes N` runs N server processes sharing the store and
 * Redis (TEST_REDIS_URL), each game's two seats on different ones. `--cpu-prof DIR` writes a
 * V8 CPU profile of each server process (and of each forked load generator) into DIR. `--server-root DIR` runs the server of another
 * checkout (an earlier commit unpacked with node_modules linked): before and after, one load.
 *
 *   npm run bench:server -- [--store sqlite|postgres|both] [--games 100] [--seconds 10] [--bots 0]
 *     [--bot-pace-ms 0] [--pace-ms 0] [--ramp-seconds auto] [--processes 1] [--cpu-prof DIR]
 *     [--server-root DIR] [--clients N] [--proxy none|nginx]
 *
 * `--proxy nginx` (paced runs, one or two processes) puts Debian's nginx in front of the server
 * processes as docs/operations.md configures it (docs/nginx/c4.conf with TLS, a self-signed
 * certificate, `TRUST_PROXY=loopback`; scripts/lib/nginx.ts), and the load generators connect
 * to it over wss/https, trusting that certificate and sending the page's Origin. nginx's own
 * CPU per move (master and workers) joins the report.
 *
 * `--clients N` (paced runs) splits the load generator over N processes (default: one per
 * server process), each reporting its own event-loop delay: the bench must not time itself.
 * Each server also reports where its part of a move went (src/server/phases.ts): queued,
 * pool wait, store write, push, handled, publish. Work per move is reported by component
 * (servers, load generators, PostgreSQL, Redis) as CPU ms and as read/write system calls
 * (/proc/<pid>/io), the count that a shared machine's load does not inflate.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import {
  versionedSocketUrl,
  type PublicGame,
  type ServerMessage,
} from '../../src/protocol/index.js';
import { startNginx, type RunningNginx } from '../lib/nginx.js';
import {
  cpuBetween,
  processCpuMs,
  processSyscalls,
  sampleCpu,
  type CpuSample,
} from './bench-server-cpu.js';
import { runPaced } from './bench-server-paced.js';
import { startBenchServer, type BenchServer } from './bench-server-spawn.js';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'both' },
    games: { type: 'string', default: '100' },
    seconds: { type: 'string' },
    bots: { type: 'string', default: '0' },
    'bot-pace-ms': { type: 'string', default: '0' },
    'pace-ms': { type: 'string', default: '0' },
    'ramp-seconds': { type: 'string' },
    processes: { type: 'string', default: '1' },
    'cpu-prof': { type: 'string' },
    'server-root': { type: 'string' },
    clients: { type: 'string' },
    proxy: { type: 'string', default: 'none' },
  },
});
const BOTS = Math.max(0, Number(values.bots));
const BOT_PACE_MS = Math.max(0, Number(values['bot-pace-ms']));
const GAMES = Math.max(1, Number(values.games));
const PACE_MS = Math.max(0, Number(values['pace-ms']));
const SECONDS = Math.min(120, Math.max(1, Number(values.seconds ?? (PACE_MS > 0 ? 30 : 10))));
// Paced games start spread out: 150 new games a second at most, within a minute.
const RAMP_SECONDS = Math.min(
  60,
  Math.max(0, Number(values['ramp-seconds'] ?? Math.max(5, GAMES / 150))),
);
const PROCESSES = Math.min(8, Math.max(1, Math.floor(Number(values.processes))));
// Paced runs: one load-generator process per server process unless told (two cores here).
const CLIENTS = Math.min(8, Math.max(1, Math.floor(Number(values.clients ?? PROCESSES))));
const CPU_PROF = values['cpu-prof'];
const SERVER_ROOT =
  values['server-root'] === undefined ? undefined : path.resolve(values['server-root']);
const PROXY = values.proxy === 'nginx' ? 'nginx' : undefined;
if (values.proxy !== 'none' && PROXY === undefined)
  throw new Error(`bench:server: --proxy ${values.proxy}: none or nginx`);
if (PROXY !== undefined && (PACE_MS === 0 || PROCESSES > 2))
  throw new Error('bench:server: --proxy nginx needs --pace-ms and one or two --processes');
/**
 * nginx's workers: one per core (2 here), what Debian's `worker_processes auto` gives. They are
 * event-driven, so more would only add context switches; fewer would put every TLS socket on
 * one core beside the servers. Each proxied socket holds two connections (client and upstream).
 */
const NGINX_WORKERS = 2;
const NGINX_CONNECTIONS = 4 * GAMES + 1024;
const DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
for (const [name, value] of Object.entries({
  GAMES,
  PACE_MS,
  SECONDS,
  RAMP_SECONDS,
  PROCESSES,
  CLIENTS,
})) {
  if (!Number.isFinite(value)) throw new Error(`bench:server: ${name} is not a number`);
}

const secret = (): string => randomBytes(18).toString('base64url');

interface Player {
  readonly ws: WebSocket;
  seat: 1 | 2 | null;
  proposed: number;
}

interface GameRun {
  id: string;
  /** version → column of every acknowledged move. */
  readonly acked: Map<number, number>;
}

const latencies: number[] = [];
const finished: GameRun[] = [];
let stopping = false;
let acks = 0;

function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url.replace('http', 'ws') + versionedSocketUrl('ws'));
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

/** Plays games back to back on one pair of sockets until time is up. */
async function pairLoop(url: string): Promise<void> {
  const sockets = [await open(url), await open(url)];
  const players: Player[] = sockets.map((ws) => ({ ws, seat: null, proposed: -1 }));
  while (!stopping) {
    const secrets = [secret(), secret()];
    const response = await fetch(url + 'api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: secrets[0] }),
    });
    const { gameId } = (await response.json()) as { gameId: string };
    const run: GameRun = { id: gameId, acked: new Map() };
    await new Promise<void>((resolve) => {
      const sent = new Map<string, { at: number; version: number; column: number }>();
      let next = 0;
      const onMessage = (player: Player) => (data: Buffer) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        if (m.type === 'joined') player.seat = m.seat;
        if (m.type === 'ack' && m.id !== undefined) {
          const s = sent.get(m.id);
          if (s) {
            latencies.push(performance.now() - s.at);
            run.acked.set(s.version, s.column);
            acks++;
          }
        }
        if (m.type !== 'game' || m.game.id !== gameId) return;
        const game: PublicGame = m.game;
        if (game.status === 'finished') {
          for (const p of players) p.ws.removeAllListeners('message');
          resolve();
          return;
        }
        if (
          game.status !== 'playing' ||
          game.turn !== player.seat ||
          player.proposed === game.version
        )
          return;
        player.proposed = game.version;
        const heights = new Array<number>(7).fill(0);
        for (const c of game.moves) heights[c]!++;
        const legal = heights.flatMap((h, c) => (h < 6 ? [c] : []));
        const column = legal[Math.floor(Math.random() * legal.length)]!;
        const id = `m${next++}`;
        sent.set(id, { at: performance.now(), version: game.version, column });
        player.ws.send(JSON.stringify({ type: 'move', id, gameId, column, version: game.version }));
      };
      players.forEach((p, i) => {
        p.seat = null;
        p.proposed = -1;
        p.ws.on('message', onMessage(p));
        p.ws.send(JSON.stringify({ type: 'join', gameId, secret: secrets[i] }));
      });
    });
    finished.push(run);
  }
  for (const ws of sockets) ws.close();
}

let botMoves = 0;
/** Computer games that have seen the computer's first move (its thread is then warm). */
let botsWarm = 0;

/** Plays the computer game after game on one socket (casual, level for 1500: Intermediate). */
async function botLoop(url: string): Promise<void> {
  const ws = await open(url);
  let warm = false;
  while (!stopping) {
    await new Promise<void>((resolve) => {
      let seat: 1 | 2 | null = null;
      let gameId = '';
      let proposed = -1;
      const seatSecret = secret();
      ws.removeAllListeners('message');
      ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        if (m.type === 'matched') {
          gameId = m.gameId;
          seat = m.seat;
          ws.send(JSON.stringify({ type: 'join', gameId, secret: seatSecret }));
          return;
        }
        if (m.type !== 'game' || m.game.id !== gameId) return;
        const game = m.game;
        if (game.status === 'finished' || stopping) {
          resolve();
          return;
        }
        if (game.turn !== seat) {
          if (game.moves.length > 0) botMoves++;
          return;
        }
        if (game.moves.length > 0 && !warm) {
          warm = true;
          botsWarm++;
        }
        if (proposed === game.version) return;
        proposed = game.version;
        const heights = new Array<number>(7).fill(0);
        for (const c of game.moves) heights[c]!++;
        const legal = heights.flatMap((h, c) => (h < 6 ? [c] : []));
        const column = legal[Math.floor(Math.random() * legal.length)]!;
        const move = JSON.stringify({ type: 'move', gameId, column, version: game.version });
        if (BOT_PACE_MS === 0) ws.send(move);
        else
          setTimeout(() => {
            ws.send(move);
          }, BOT_PACE_MS);
      });
      ws.send(
        JSON.stringify({
          type: 'seek',
          variant: '7x6c4',
          clock: null,
          secret: seatSecret,
          computer: 'now',
        }),
      );
    });
  }
  ws.close();
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function verify(url: string): Promise<{ lost: number; duplicated: number }> {
  let lost = 0;
  let duplicated = 0;
  const queue = [...finished];
  const worker = async (): Promise<void> => {
    for (let run = queue.pop(); run; run = queue.pop()) {
      const game = (
        (await (await fetch(`${url}api/games/${run.id}`)).json()) as { game: PublicGame }
      ).game;
      for (const [version, column] of run.acked) if (game.moves[version - 1] !== column) lost++;
      // One version per move after the join (version 1): more versions than moves = a repeat.
      if (game.version - 1 !== game.moves.length) duplicated++;
      if (game.moves.length !== run.acked.size)
        lost += Math.max(0, run.acked.size - game.moves.length);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { lost, duplicated };
}

/** Starts the server processes on one fresh store; `use` runs against them; then all is removed. */
async function withServers<T>(
  store: 'sqlite' | 'postgres',
  use: (servers: readonly BenchServer[], appName: string, nginx?: RunningNginx) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-bench-'));
  const schema = `c4bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const env: Record<string, string> = {
    ...(store === 'sqlite'
      ? { DATABASE_PATH: path.join(dir, 'bench.sqlite') }
      : // The backends serving this run are found by name (scripts/bench/bench-server-cpu.ts).
        { DATABASE_URL, DATABASE_SCHEMA: schema, PGAPPNAME: schema }),
    ...(PROCESSES > 1 ? { REDIS_URL, REDIS_PREFIX: `${schema}:` } : {}),
    // As docs/operations.md: the client's address is nginx's X-Forwarded-For (127.0.0.1 for every
    // simulated player, as directly: the raised per-address limits cover them the same way).
    ...(PROXY === undefined ? {} : { TRUST_PROXY: 'loopback' }),
  };
  const nodeArgs = CPU_PROF === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', CPU_PROF];
  const servers: BenchServer[] = [];
  let nginx: RunningNginx | undefined;
  try {
    // One after the other: the first migrates the store, the rest find it ready.
    for (let i = 0; i < PROCESSES; i++)
      servers.push(await startBenchServer(env, nodeArgs, SERVER_ROOT));
    if (PROXY === 'nginx') {
      // docs/nginx/c4.conf names two upstreams: one process is named twice.
      const ports = servers.map((s) => Number(new URL(s.url).port));
      nginx = await startNginx([ports[0]!, ports[1] ?? ports[0]!], {
        workerProcesses: NGINX_WORKERS,
        workerConnections: NGINX_CONNECTIONS,
      });
    }
    return await use(servers, schema, nginx);
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    if (store === 'postgres') {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runOne(store: 'sqlite' | 'postgres'): Promise<string> {
  return withServers(store, async ([server]) => {
    const url = server!.url;
    latencies.length = 0;
    finished.length = 0;
    acks = 0;
    stopping = false;
    botsWarm = 0;
    const bots = Array.from({ length: BOTS }, () => botLoop(url));
    // The human games are measured once every computer game is under way (the computer's
    // thread started, its book loaded): a server runs warm, and the start is not what is asked.
    const warmBy = performance.now() + 30_000;
    while (botsWarm < BOTS && performance.now() < warmBy)
      await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    botMoves = 0;
    const loops = Array.from({ length: GAMES }, () => pairLoop(url));
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    stopping = true;
    const elapsedAtStop = (performance.now() - started) / 1000;
    const acksAtStop = acks;
    const botMovesAtStop = botMoves;
    await Promise.all(loops);
    await Promise.race([Promise.all(bots), new Promise((r) => setTimeout(r, 5000))]);
    const { lost, duplicated } = await verify(url);
    const sorted = [...latencies].sort((a, b) => a - b);
    const row = `| ${store} | ${GAMES} | ${BOTS} (${(botMovesAtStop / elapsedAtStop).toFixed(0)} computer moves/s) | ${SECONDS} s | ${finished.length} | ${(acksAtStop / elapsedAtStop).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} ms | ${percentile(sorted, 99).toFixed(1)} ms | ${lost} | ${duplicated} |`;
    console.log(row);
    return row;
  });
}

const ms = (x: number): string => `${x.toFixed(1)} ms`;

async function runPacedOne(store: 'sqlite' | 'postgres'): Promise<string> {
  return withServers(store, async (servers, appName, nginx) => {
    const cpu: CpuSample[] = [];
    /** nginx's CPU ms and read/write system calls (master and workers) at the window's ends. */
    const nginxCpu: { ms: number; calls: number }[] = [];
    const nginxSample = (): { ms: number; calls: number } => {
      const pids = nginx?.pids() ?? [];
      return {
        ms: pids.reduce((t, pid) => t + (processCpuMs(pid) ?? 0), 0),
        calls: pids.reduce((t, pid) => t + processSyscalls(pid), 0),
      };
    };
    const redisUrl = PROCESSES > 1 ? REDIS_URL : undefined;
    const { result: r, loops } = await runPaced(
      {
        urls: nginx ? [nginx.httpsUrl] : servers.map((s) => s.url),
        ...(nginx
          ? { proxy: { origin: new URL(nginx.httpsUrl).origin, caFile: nginx.caFile } }
          : {}),
        games: GAMES,
        paceMs: PACE_MS,
        rampSeconds: RAMP_SECONDS,
        seconds: SECONDS,
        clients: CLIENTS,
        ...(CPU_PROF === undefined ? {} : { cpuProf: CPU_PROF }),
      },
      async () => {
        // Window start and end: the services' CPU is read at both (PostgreSQL runs only).
        if (store === 'postgres') cpu.push(await sampleCpu(DATABASE_URL, appName, redisUrl));
        nginxCpu.push(nginxSample());
        return Promise.all(servers.map((s) => s.loop()));
      },
    );
    const errors = Object.entries(r.errors)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ');
    const row = [
      store,
      PROCESSES,
      GAMES,
      `${SECONDS} s`,
      r.movesPerSecond.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      ms(r.max),
      `${r.lost} / ${r.duplicated}`,
      `${errors || 'none'}; ${r.unanswered} unanswered; ${r.aborted} aborted`,
      loops.map((l) => `${ms(l.p99)} / ${ms(l.max)}`).join('; '),
      loops
        .map((l) => `${(l.utilisation * 100).toFixed(0)}% / ${(l.cpu * 100).toFixed(0)}%`)
        .join('; '),
      `${ms(r.clientLag.p99)} / ${ms(r.clientLag.max)}`,
      `${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)}`,
    ].join(' | ');
    console.log(`| ${row} |`);
    if (r.connectedAtOpen < GAMES)
      console.log(
        `  only ${r.connectedAtOpen} of ${GAMES} games were connected when the window opened: the ramp overlapped it`,
      );
    // Where the machine's work per move went: CPU ms per acknowledged move, by component.
    const perMove = (ms: number): string => (ms / Math.max(1, r.acked)).toFixed(2);
    const serverMs = loops.reduce((t, l) => t + l.cpu * r.window * 1000, 0);
    const services = cpu.length === 2 ? cpuBetween(cpu[0]!, cpu[1]!) : undefined;
    const proxyMs = nginx && nginxCpu.length === 2 ? nginxCpu[1]!.ms - nginxCpu[0]!.ms : 0;
    const proxyCalls = nginx && nginxCpu.length === 2 ? nginxCpu[1]!.calls - nginxCpu[0]!.calls : 0;
    console.log(
      `  CPU ms per move: servers ${perMove(serverMs)}, load generators ${perMove(r.clientCpuMs)}` +
        (nginx ? `, nginx ${perMove(proxyMs)}` : '') +
        (services
          ? `, PostgreSQL ${perMove(services.postgres)}, Redis ${perMove(services.redis)}, total ${perMove(serverMs + r.clientCpuMs + proxyMs + services.postgres + services.redis)}`
          : ''),
    );
    // The same by system calls (socket reads and writes): a count the machine's load leaves alone.
    const perMoveCount = (n: number): string => (n / Math.max(1, r.acked)).toFixed(1);
    const serverCalls = loops.reduce((t, l) => t + l.syscalls, 0);
    console.log(
      `  read/write system calls per move: servers ${perMoveCount(serverCalls)}, load generators ${perMoveCount(r.clientSyscalls)}` +
        (nginx ? `, nginx ${perMoveCount(proxyCalls)}` : '') +
        (services
          ? `, PostgreSQL ${perMoveCount(services.postgresSyscalls)}, Redis ${perMoveCount(services.redisSyscalls)}`
          : ''),
    );
    // Where the servers' share of a move went (src/server/phases.ts), process by process.
    for (const [i, l] of loops.entries()) {
      const phases = Object.entries(l.phases)
        .map(
          ([name, p]) => `${name} ${p.p50.toFixed(2)} / ${p.p99.toFixed(1)} / ${p.max.toFixed(1)}`,
        )
        .join('; ');
      console.log(`  server ${i + 1} phases, ms p50 / p99 / max: ${phases}`);
    }
    return row;
  });
}

const stores: ('sqlite' | 'postgres')[] =
  values.store === 'both'
    ? ['sqlite', 'postgres']
    : [values.store === 'postgres' ? 'postgres' : 'sqlite'];
if (PACE_MS > 0) {
  console.log(
    `bench:server — ${GAMES} games at a person's pace (a move ${PACE_MS} ms ± 50% after each turn began), started over ${RAMP_SECONDS.toFixed(1)} s, measured ${SECONDS} s after ${(2 * PACE_MS) / 1000} s of settling, ${PROCESSES} server process(es), ${CLIENTS} load-generator process(es), ${PROXY === 'nginx' ? `through nginx (TLS, ${NGINX_WORKERS} workers)` : 'loopback'}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| store | processes | games | window | moves/s | ack p50 | ack p99 | ack max | lost / duplicated | errors | server loop delay p99 / max | server loop busy / CPU | bench loop delay p99 / max | load |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const store of stores) await runPacedOne(store);
} else {
  console.log(
    `bench:server — ${GAMES} concurrent games (+${BOTS} against the computer${BOTS > 0 ? `, their clients moving after ${BOT_PACE_MS} ms` : ''}), ${SECONDS} s per store, loopback, server in its own process`,
  );
  console.log(
    '| store | concurrent games | computer games in background | duration | games finished | moves/s | median latency | p99 latency | lost moves | duplicated moves |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const store of stores) await runOne(store);
}
