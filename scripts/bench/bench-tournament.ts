/**
 * An arena with many named players at a person's pace, beside the same load without a
 * tournament (`npm run bench:tournament`). Each simulated player has one socket, joins the
 * arena as documented (docs/protocol.md, "Tournaments"), waits for its `tournamentPairing`,
 * joins the game and moves a jittered `pace` after each turn began (the human-paced machinery
 * of bench-server-paced.ts); when a game ends the player is free and waits for the next
 * pairing. Measured in the window: the pairing delay (from the final snapshot of a player's
 * game, or its join, to its next `tournamentPairing`) and the move acknowledgement latency.
 * The baseline is `runPaced` on a fresh server with the same number of seats playing games by
 * link (half as many games), so both halves have the same sockets and move rate.
 *
 *   npm run bench:tournament -- [--players 500] [--pace-ms 3000] [--ramp-seconds 30]
 *     [--seconds 90] [--only tournament|baseline] [--cpu-prof DIR] [--server-root DIR]
 *     [--start-in SECONDS]
 *
 * `--start-in S` starts the arena S seconds after it is created instead of at once: the players
 * join during the ramp and the first tick pairs them all together (as at the top of the hour),
 * and the games, begun together, tend to end together, so later ticks pair many at once too.
 *
 * `--server-root DIR` runs the server of another checkout (e.g. an earlier commit unpacked under
 * /tmp with node_modules linked), so two versions meet the same load generator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import type { ServerMessage } from '../../src/protocol/index.js';
import type { LoopReport } from './bench-server-probe.js';
import {
  humanDelay,
  open,
  percentile,
  randomColumn,
  request,
  runPaced,
  secret,
  sleep,
} from './bench-server-paced.js';
import { startBenchServer, type BenchServer } from './bench-server-spawn.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const PLAYERS = Number(arg('players', '500'));
const PACE_MS = Number(arg('pace-ms', '3000'));
const RAMP_SECONDS = Number(arg('ramp-seconds', '30'));
const SECONDS = Number(arg('seconds', '90'));
const ONLY = arg('only', 'both');
const START_IN = Number(arg('start-in', '0'));
const CPU_PROF = process.argv.includes('--cpu-prof') ? arg('cpu-prof', '') : undefined;
const SERVER_ROOT = process.argv.includes('--server-root')
  ? path.resolve(arg('server-root', '.'))
  : undefined;

/** Every simulated player is a named identity made from 127.0.0.1. */
const ENV = {
  TOURNAMENT_SCHEDULE: 'off',
  IDENTITY_CREATE_PER_HOUR: '1000000',
  IDENTITY_CREATE_BURST: '1000000',
  IDENTITY_REQUESTS_PER_MINUTE: '1000000',
  IDENTITY_REQUESTS_BURST: '1000000',
};

const ms = (x: number): string => `${x.toFixed(1)} ms`;

async function withServer<T>(run: (server: BenchServer) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-bench-tournament-'));
  const server = await startBenchServer(
    { ...ENV, DATABASE_PATH: path.join(dir, 'c4.sqlite') },
    CPU_PROF === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', CPU_PROF],
    SERVER_ROOT,
  );
  try {
    return await run(server);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface TournamentResult {
  readonly pairings: number;
  readonly pairingP50: number;
  readonly pairingP99: number;
  readonly pairingMax: number;
  readonly acked: number;
  readonly movesPerSecond: number;
  readonly ackP50: number;
  readonly ackP99: number;
  readonly games: number;
  readonly errors: Readonly<Record<string, number>>;
  readonly loop: LoopReport;
  readonly load: readonly [number, number];
}

async function createPlayers(url: string, count: number): Promise<string[]> {
  const secrets: string[] = Array.from({ length: count }, () => secret());
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const response = await request(`${url}api/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: secrets[i], name: `Bench ${i}` }),
      });
      if (response.status !== 201) throw new Error(`creating a player: HTTP ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return secrets;
}

/** Sends `message` and resolves with the reply carrying its id. */
function ask(ws: WebSocket, message: Record<string, unknown>): Promise<ServerMessage> {
  const id = secret();
  return new Promise((resolve) => {
    const listen = (data: Buffer): void => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if ('id' in m && m.id === id) {
        ws.off('message', listen);
        resolve(m);
      }
    };
    ws.on('message', listen);
    ws.send(JSON.stringify({ ...message, id }));
  });
}

async function runTournament(server: BenchServer): Promise<TournamentResult> {
  const { url } = server;
  const players = await createPlayers(url, PLAYERS);
  const host = await open(url);
  const created = await ask(host, {
    type: 'tournamentCreate',
    player: players[0],
    settings: {
      kind: 'arena',
      name: 'Bench arena',
      variant: '7x6',
      clock: { initialMs: 300_000, incrementMs: 0 },
      startsAt: Date.now() + START_IN * 1000,
      durationMinutes: 120,
    },
  });
  if (created.type !== 'tournamentCreated') throw new Error(JSON.stringify(created));
  const tournamentId = created.tournamentId;
  host.close();

  let windowStart = Infinity;
  let windowEnd = Infinity;
  let stopping = false;
  const inWindow = (t: number): boolean => t >= windowStart && t < windowEnd;
  const delays: number[] = [];
  const acks: number[] = [];
  const errors: Record<string, number> = {};
  let games = 0;
  const sockets: WebSocket[] = [];
  const timers = new Set<NodeJS.Timeout>();

  /** One player: joins, then plays whatever it is paired with until the window closes. */
  const player = async (identity: string): Promise<void> => {
    const ws = await open(url);
    sockets.push(ws);
    const seatSecret = secret();
    let freeSince: number | null = null;
    let gameId: string | null = null;
    let seat: 1 | 2 | null = null;
    let proposed = -1;
    let next = 0;
    const sent = new Map<string, number>();
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      const now = performance.now();
      if (m.type === 'tournamentJoined') freeSince = now;
      if (m.type === 'tournamentPairing') {
        if (freeSince !== null && inWindow(freeSince)) delays.push(now - freeSince);
        freeSince = null;
        gameId = m.gameId;
        seat = m.seat;
        proposed = -1;
        ws.send(JSON.stringify({ type: 'join', gameId, secret: seatSecret }));
      }
      if ((m.type === 'ack' || m.type === 'error') && m.id !== undefined && sent.has(m.id)) {
        const at = sent.get(m.id)!;
        sent.delete(m.id);
        if (m.type === 'error') errors[m.code] = (errors[m.code] ?? 0) + 1;
        else if (inWindow(at)) acks.push(now - at);
      }
      if (m.type !== 'game' || m.game.id !== gameId) return;
      const game = m.game;
      if (game.status === 'finished') {
        gameId = null;
        freeSince = now;
        games++;
        return;
      }
      if (stopping || game.status !== 'playing' || game.turn !== seat) return;
      if (proposed === game.version) return;
      proposed = game.version;
      const column = randomColumn(game);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopping) return;
        const id = `m${next++}`;
        sent.set(id, performance.now());
        ws.send(
          JSON.stringify({ type: 'move', id, gameId: game.id, column, version: game.version }),
        );
      }, humanDelay(PACE_MS));
      timers.add(timer);
    });
    ws.send(
      JSON.stringify({
        type: 'tournamentJoin',
        id: 'join',
        tournamentId,
        player: identity,
        secret: seatSecret,
      }),
    );
  };

  const load0 = loadavg()[0]!;
  const started = performance.now();
  const joins: Promise<void>[] = [];
  for (const [i, identity] of players.entries()) {
    const wait = started + (RAMP_SECONDS * 1000 * i) / players.length - performance.now();
    if (wait > 0) await sleep(wait);
    joins.push(
      player(identity).catch((e: unknown) => {
        const code = `client: ${e instanceof Error ? e.message : String(e)}`;
        errors[code] = (errors[code] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(joins);
  // Let the first games finish, so the window sees players freed and paired again.
  await sleep(20 * PACE_MS);
  await server.loop();
  windowStart = performance.now();
  await sleep(SECONDS * 1000);
  windowEnd = performance.now();
  const loop = await server.loop();
  const load1 = loadavg()[0]!;
  stopping = true;
  for (const t of timers) clearTimeout(t);
  for (const ws of sockets) ws.close();
  const sortedDelays = delays.sort((a, b) => a - b);
  const sortedAcks = acks.sort((a, b) => a - b);
  return {
    pairings: delays.length,
    pairingP50: percentile(sortedDelays, 50),
    pairingP99: percentile(sortedDelays, 99),
    pairingMax: sortedDelays.at(-1) ?? NaN,
    acked: acks.length,
    movesPerSecond: acks.length / SECONDS,
    ackP50: percentile(sortedAcks, 50),
    ackP99: percentile(sortedAcks, 99),
    games,
    errors,
    loop,
    load: [load0, load1],
  };
}

const errorText = (errors: Readonly<Record<string, number>>): string =>
  Object.entries(errors)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ') || 'none';

console.log(
  `${PLAYERS} players, pace ${PACE_MS} ms, ramp ${RAMP_SECONDS} s, window ${SECONDS} s (SQLite, one process)` +
    (SERVER_ROOT === undefined ? '' : `, server of ${SERVER_ROOT}`) +
    (START_IN === 0 ? '' : `, arena starting ${START_IN} s after its creation`),
);
console.log(
  '| load | seats | moves/s | ack p50 | ack p99 | pairings | pairing p50 | pairing p99 | pairing max | errors | server loop p99 / max | load (1 min) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
if (ONLY !== 'baseline') {
  const r = await withServer(runTournament);
  console.log(
    [
      '| arena',
      PLAYERS,
      r.movesPerSecond.toFixed(0),
      ms(r.ackP50),
      ms(r.ackP99),
      `${r.pairings} (${r.games} games ended)`,
      ms(r.pairingP50),
      ms(r.pairingP99),
      ms(r.pairingMax),
      errorText(r.errors),
      `${ms(r.loop.p99)} / ${ms(r.loop.max)}`,
      `${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)} |`,
    ].join(' | '),
  );
}
if (ONLY !== 'tournament') {
  const { result: r, loops } = await withServer((server) =>
    runPaced(
      {
        urls: [server.url],
        games: Math.ceil(PLAYERS / 2),
        paceMs: PACE_MS,
        rampSeconds: RAMP_SECONDS,
        seconds: SECONDS,
        // One load generator, as the arena's players are driven from this one process.
        clients: 1,
      },
      async () => [await server.loop()],
    ),
  );
  console.log(
    [
      '| games by link (no tournament)',
      2 * Math.ceil(PLAYERS / 2),
      r.movesPerSecond.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      '—',
      '—',
      '—',
      '—',
      `${errorText(r.errors)}; ${r.lost} lost, ${r.duplicated} duplicated`,
      `${ms(loops[0]!.p99)} / ${ms(loops[0]!.max)}`,
      `${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)} |`,
    ].join(' | '),
  );
}
process.exit(0);
