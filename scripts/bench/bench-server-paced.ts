/**
 * The human-paced server load (`npm run bench:server -- --pace-ms 3000 --games 2000`): games
 * created by link, two sockets per game, each seat moving a jittered `pace` after its turn
 * began (uniform in 0.5–1.5 × pace), a new game by link when one ends. Unlike the flat-out
 * load, the server is mostly idle here, so what it measures is how long a move waits behind
 * whatever else the server does at that moment (sweeps, timers, statement preparation,
 * garbage collection, database round trips): the tail of the ack latency.
 *
 * The games start spread over a ramp, then a settling period, then the measured window (only
 * moves sent inside it count); at its end no more moves are sent, outstanding acks are awaited
 * (bounded), and every game is compared with the stored one. With several processes each
 * game's two seats connect to different processes, so every move crosses the bus.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import {
  versionedSocketUrl,
  type PublicGame,
  type ServerMessage,
} from '../../src/protocol/index.js';
import { processSyscalls } from './bench-server-cpu.js';
import type { LoopReport } from './bench-server-probe.js';

export interface PacedOptions {
  readonly urls: readonly string[];
  readonly games: number;
  readonly paceMs: number;
  readonly rampSeconds: number;
  readonly seconds: number;
  /**
   * Load-generator processes sharing the games (1: this process). Ten thousand sockets' JSON in
   * one event loop delays the acks it times: several processes keep the bench from measuring
   * itself.
   */
  readonly clients: number;
  /** A directory for a V8 CPU profile of each load-generator process (forked ones only). */
  readonly cpuProf?: string;
  /** Through a TLS proxy (`--proxy nginx`): what the load generators must trust and send. */
  readonly proxy?: ProxyClient;
}

/** A client of the proxy: a browser's Origin, and the proxy's self-signed certificate. */
export interface ProxyClient {
  /** The page's origin (`https://127.0.0.1:<port>`), sent on every upgrade and game creation. */
  readonly origin: string;
  /**
   * The certificate's file, given to the load-generator processes as NODE_EXTRA_CA_CERTS: both
   * `ws` and `fetch` then verify the proxy against it, and nothing else's check is turned off.
   */
  readonly caFile: string;
}

/** The games one load-generator process drives: game indices `offset`, `offset + stride`, … */
export interface DriverOptions {
  readonly urls: readonly string[];
  readonly games: number;
  readonly offset: number;
  readonly stride: number;
  readonly paceMs: number;
  readonly rampSeconds: number;
  /** Sent as `Origin` on upgrades and game creations (through the proxy, as a browser would). */
  readonly origin?: string;
}

/** What one load-generator process measured, merged by the orchestrator. */
export interface DriverResult {
  /** Ack latencies (ms) of the moves sent inside the window. */
  readonly latencies: number[];
  readonly lost: number;
  readonly duplicated: number;
  readonly aborted: number;
  readonly errors: Record<string, number>;
  readonly unanswered: number;
  readonly gamesPlayed: number;
  /**
   * Pairs whose two sockets were open when the window opened: below the games, the ramp (its
   * connects, TLS handshakes through a proxy) was still running inside the window.
   */
  readonly connectedAtOpen: number;
  readonly clientLag: { readonly p99: number; readonly max: number };
  /** CPU this load-generator process used during the window, ms. */
  readonly cpuMs: number;
  /** Read and write system calls this load-generator process made during the window. */
  readonly syscalls: number;
}

/** A running driver: the orchestrator opens and closes the measured window, then collects. */
export interface Driver {
  openWindow(): void;
  closeWindow(): void;
  finish(): Promise<DriverResult>;
}

export interface PacedResult {
  readonly movesPerSecond: number;
  readonly acked: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly lost: number;
  readonly duplicated: number;
  /** Games aborted because a first move came later than the abort limit (an overload sign). */
  readonly aborted: number;
  /** Moves answered with an error, by code, and moves never answered. */
  readonly errors: Readonly<Record<string, number>>;
  readonly unanswered: number;
  readonly gamesPlayed: number;
  /** Pairs connected when the window opened, all processes together (DriverResult). */
  readonly connectedAtOpen: number;
  /** The load generators' own event-loop delay, worst process (it inflates every latency it measures). */
  readonly clientLag: { readonly p99: number; readonly max: number };
  /** CPU the load generators used during the window, ms, all processes together. */
  readonly clientCpuMs: number;
  /** Their read and write system calls during the window, all processes together. */
  readonly clientSyscalls: number;
  /** The window's length, s. */
  readonly window: number;
  readonly load: readonly [number, number];
}

interface Run {
  readonly id: string;
  readonly url: string;
  /** version → column of every acknowledged move. */
  readonly acked: Map<number, number>;
}

export const secret = (): string => randomBytes(18).toString('base64url');
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function open(url: string, origin?: string): Promise<WebSocket> {
  // The load generator shares the machine's cores with what it measures: it trusts the
  // server's frames (no UTF-8 check of every snapshot) and offers no compression (the server
  // declines it anyway).
  const ws = new WebSocket(url.replace('http', 'ws') + versionedSocketUrl('ws'), {
    skipUTF8Validation: true,
    perMessageDeflate: false,
    ...(origin === undefined ? {} : { headers: { origin } }),
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

/**
 * A request, retried when the connection drops (the server closes idle keep-alive connections
 * after 5 s, and a request racing that close fails though nothing is wrong) or timed out.
 */
export async function request(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, init);
      // 408: the request did not arrive whole in time (a saturated loop during the ramp).
      if (response.status !== 408 || attempt >= 5) return response;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    await sleep(100 * attempt);
  }
}

/** A random legal column of a classic 7x6 game. */
export function randomColumn(game: PublicGame): number {
  const heights = new Uint8Array(7);
  for (const c of game.moves) heights[c]!++;
  let open = 0;
  for (const h of heights) if (h < 6) open++;
  let pick = Math.floor(Math.random() * open);
  for (let c = 0; c < 7; c++) if (heights[c]! < 6 && pick-- === 0) return c;
  throw new Error('randomColumn: the board is full');
}

/**
 * A person looks, thinks, clicks: a move goes a jittered pace (0.5–1.5 ×) after the turn began.
 * In whole 10 ms: Node keeps one timer list per distinct duration, and fractional delays made one
 * list (and a priority-queue entry) per timer, in the load generator's own CPU profile.
 */
export const humanDelay = (paceMs: number): number =>
  Math.round((paceMs * (0.5 + Math.random())) / 10) * 10;

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Starts driving `options.games` games (ramping them up at once); nothing is measured yet. */
export function startDriver(options: DriverOptions): Driver {
  const { urls, games, paceMs, origin } = options;
  const latencies: number[] = [];
  const runs: Run[] = [];
  const errors: Record<string, number> = {};
  let stopping = false;
  let outstanding = 0;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  const pending = new Set<NodeJS.Timeout>();
  /** Each game in play, told that the window closed (it ends once its moves are answered). */
  const stopSignals = new Set<() => void>();
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  let cpuAtOpen = process.cpuUsage();
  let cpuMs = 0;
  let syscallsAtOpen = 0;
  let syscalls = 0;
  let connected = 0;
  let connectedAtOpen = 0;

  /** A function, not the flag: the flag changes under the loops' feet. */
  const running = (): boolean => !stopping;
  const inWindow = (t: number): boolean => t >= windowStart && t < windowEnd;

  /** One pair of sockets playing game after game until the window closes. */
  const pair = async (index: number): Promise<void> => {
    const home = urls[index % urls.length]!;
    const away = urls[(index + 1) % urls.length]!;
    const sockets = [await open(home, origin), await open(away, origin)] as const;
    connected++;
    let next = 0;
    while (running()) {
      const secrets = [secret(), secret()];
      const response = await request(home + 'api/games', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(origin === undefined ? {} : { origin }),
        },
        body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: secrets[0] }),
      });
      if (!response.ok) throw new Error(`creating a game: HTTP ${response.status}`);
      const { gameId } = (await response.json()) as { gameId: string };
      const run: Run = { id: gameId, url: home, acked: new Map() };
      runs.push(run);
      await new Promise<void>((resolve) => {
        const sent = new Map<string, { at: number; version: number; column: number }>();
        const seats: (1 | 2 | null)[] = [null, null];
        const proposed = [-1, -1];
        let done = false;
        /** Finished (the last move's ack comes after the final snapshot). */
        let over = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          stopSignals.delete(stop);
          for (const ws of sockets) ws.removeAllListeners('message');
          resolve();
        };
        const stop = (): void => {
          if (sent.size === 0) finish();
        };
        stopSignals.add(stop);
        const onMessage = (i: 0 | 1) => (data: Buffer) => {
          const m = JSON.parse(data.toString()) as ServerMessage;
          if (m.type === 'joined') seats[i] = m.seat;
          if ((m.type === 'ack' || m.type === 'error') && m.id !== undefined) {
            const s = sent.get(m.id);
            if (s) {
              sent.delete(m.id);
              outstanding--;
              if (m.type === 'ack') {
                run.acked.set(s.version, s.column);
                if (inWindow(s.at)) latencies.push(performance.now() - s.at);
              } else {
                errors[m.code] = (errors[m.code] ?? 0) + 1;
              }
            }
            if ((over || stopping) && sent.size === 0) finish();
          }
          if (m.type !== 'game' || m.game.id !== gameId) return;
          const game: PublicGame = m.game;
          if (game.status === 'finished') over = true;
          if (over || stopping) {
            if (sent.size === 0) finish();
            return;
          }
          if (game.status !== 'playing' || game.turn !== seats[i] || proposed[i] === game.version)
            return;
          proposed[i] = game.version;
          const column = randomColumn(game);
          const timer = setTimeout(() => {
            pending.delete(timer);
            if (stopping) {
              if (sent.size === 0) finish();
              return;
            }
            const id = `m${next++}`;
            sent.set(id, { at: performance.now(), version: game.version, column });
            outstanding++;
            sockets[i].send(
              JSON.stringify({ type: 'move', id, gameId, column, version: game.version }),
            );
          }, humanDelay(paceMs));
          pending.add(timer);
        };
        sockets.forEach((ws, i) => {
          ws.on('message', onMessage(i as 0 | 1));
          ws.send(JSON.stringify({ type: 'join', gameId, secret: secrets[i] }));
        });
      });
      // A moment before the next game, as a person takes.
      if (running()) await sleep(humanDelay(paceMs));
    }
    for (const ws of sockets) ws.close();
  };

  const started = performance.now();
  const rampMs = options.rampSeconds * 1000;
  const loops: Promise<void>[] = [];
  const ramp = (async () => {
    for (let i = 0; i < games; i++) {
      // Spread over the ramp so that connecting is not what is measured.
      const wait = started + (rampMs * i) / games - performance.now();
      if (wait > 0) await sleep(wait);
      // A pair that fails (a socket refused, a request failing five times) is counted, not fatal.
      loops.push(
        pair(options.offset + i * options.stride).catch((error: unknown) => {
          const code = `client: ${error instanceof Error ? error.message : String(error)}`;
          errors[code] = (errors[code] ?? 0) + 1;
        }),
      );
    }
  })();

  return {
    openWindow: () => {
      // Made at the window's start: its first sample must not span the time before.
      clientDelay.enable();
      windowStart = performance.now();
      connectedAtOpen = connected;
      cpuAtOpen = process.cpuUsage();
      syscallsAtOpen = processSyscalls('self');
    },
    closeWindow: () => {
      windowEnd = performance.now();
      clientDelay.disable();
      const used = process.cpuUsage(cpuAtOpen);
      cpuMs = (used.user + used.system) / 1000;
      syscalls = processSyscalls('self') - syscallsAtOpen;
    },
    finish: async () => {
      await ramp;
      stopping = true;
      for (const t of pending) clearTimeout(t);
      pending.clear();
      for (const signal of stopSignals) signal();
      // Outstanding acks get a bounded time; what never comes is counted, not waited for.
      const by = performance.now() + 15_000;
      while (outstanding > 0 && performance.now() < by) await sleep(50);
      const unanswered = outstanding;
      await Promise.race([Promise.all(loops), sleep(5000)]);
      let lost = 0;
      let duplicated = 0;
      let aborted = 0;
      const queue = [...runs];
      const worker = async (): Promise<void> => {
        for (let run = queue.pop(); run; run = queue.pop()) {
          const game = (
            (await (await request(`${run.url}api/games/${run.id}`)).json()) as { game: PublicGame }
          ).game;
          for (const [version, column] of run.acked) if (game.moves[version - 1] !== column) lost++;
          // One version per move after the join (version 1): more versions than moves = a repeat,
          // unless the game was aborted (a first move later than the abort limit: one version more).
          // A game still waiting was read before its second join was handled (the window
          // closed right after it was created): version 0, no move, nothing repeated.
          if (game.result?.kind === 'aborted') aborted++;
          else if (game.status !== 'waiting' && game.version - 1 !== game.moves.length) {
            duplicated++;
            console.error(
              `bench: game ${run.id} at version ${game.version} with ${game.moves.length} moves (${game.status})`,
            );
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      return {
        latencies,
        lost,
        duplicated,
        aborted,
        errors,
        unanswered,
        gamesPlayed: runs.length,
        connectedAtOpen,
        clientLag: { p99: clientDelay.percentile(99) / 1e6, max: clientDelay.max / 1e6 },
        cpuMs,
        syscalls,
      };
    },
  };
}

const clientScript = path.join(import.meta.dirname, 'bench-server-client.ts');

/** A driver in a child process (scripts/bench/bench-server-client.ts), steered over IPC. */
function forkDriver(
  options: DriverOptions,
  cpuProf: string | undefined,
  caFile: string | undefined,
): Driver {
  const profile = cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProf];
  const child = fork(clientScript, [], {
    execArgv: [...profile, '--import', 'tsx'],
    stdio: 'inherit',
    // Read by Node at start only: why a proxied run always forks its load generators.
    ...(caFile === undefined ? {} : { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile } }),
  });
  child.send({ kind: 'start', options });
  const result = new Promise<DriverResult>((resolve, reject) => {
    child.once('message', (m) => {
      resolve(m as DriverResult);
      child.disconnect();
    });
    child.once('exit', (code) => {
      reject(new Error(`a load-generator process exited (${code})`));
    });
  });
  // A benchmark that dies must not leave its load generators running.
  const orphan = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  return {
    openWindow: () => child.send({ kind: 'open' }),
    closeWindow: () => child.send({ kind: 'close' }),
    finish: async () => {
      child.send({ kind: 'finish' });
      const r = await result;
      process.off('exit', orphan);
      return r;
    },
  };
}

export async function runPaced(
  options: PacedOptions,
  probe: () => Promise<LoopReport[]>,
): Promise<{ result: PacedResult; loops: LoopReport[] }> {
  const clients = Math.max(1, Math.min(options.clients, options.games));
  const drivers = Array.from({ length: clients }, (_, k) => {
    const driverOptions: DriverOptions = {
      urls: options.urls,
      games: Math.ceil((options.games - k) / clients),
      offset: k,
      stride: clients,
      paceMs: options.paceMs,
      rampSeconds: options.rampSeconds,
      ...(options.proxy === undefined ? {} : { origin: options.proxy.origin }),
    };
    return clients === 1 && options.proxy === undefined
      ? startDriver(driverOptions)
      : forkDriver(driverOptions, options.cpuProf, options.proxy?.caFile);
  });
  const load0 = loadavg()[0]!;
  // The ramp, then the games' steady rhythm (the starts are in phase with the ramp).
  await sleep(options.rampSeconds * 1000 + 2 * options.paceMs);
  await probe(); // resets the servers' loop figures: the window starts now
  for (const d of drivers) d.openWindow();
  const windowStart = performance.now();
  await sleep(options.seconds * 1000);
  for (const d of drivers) d.closeWindow();
  const window = (performance.now() - windowStart) / 1000;
  const loopReports = await probe();
  const load1 = loadavg()[0]!;
  const results = await Promise.all(drivers.map((d) => d.finish()));
  const sorted = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const errors: Record<string, number> = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.errors)) errors[code] = (errors[code] ?? 0) + n;
  const sum = (f: (r: DriverResult) => number): number => results.reduce((t, r) => t + f(r), 0);
  return {
    result: {
      movesPerSecond: sorted.length / window,
      acked: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      lost: sum((r) => r.lost),
      duplicated: sum((r) => r.duplicated),
      aborted: sum((r) => r.aborted),
      errors,
      unanswered: sum((r) => r.unanswered),
      gamesPlayed: sum((r) => r.gamesPlayed),
      connectedAtOpen: sum((r) => r.connectedAtOpen),
      clientLag: {
        p99: Math.max(...results.map((r) => r.clientLag.p99)),
        max: Math.max(...results.map((r) => r.clientLag.max)),
      },
      clientCpuMs: sum((r) => r.cpuMs),
      clientSyscalls: sum((r) => r.syscalls),
      window,
      load: [load0, load1],
    },
    loops: loopReports,
  };
}
