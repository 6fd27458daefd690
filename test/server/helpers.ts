import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket, type ClientOptions } from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../../src/server/app.js';
import { configFromEnv } from '../../src/server/config.js';
import {
  parseServerMessage,
  versionedSocketUrl,
  type PublicGame,
  type ServerMessage,
} from '../../src/protocol/index.js';
import { PostgresStore } from '../../src/server/store/postgres.js';
import { SqliteStore } from '../../src/server/store/sqlite.js';
import type { GameStore } from '../../src/server/store/types.js';
import { requireOrSkip } from '../support/skips.js';
import { postgresMissing, redisMissing } from './services.js';

export const TEST_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A unique name per test run, so parallel runs never share a schema or key prefix. */
export const uniqueName = (prefix: string): string =>
  `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

export const newSecret = (): string => randomBytes(18).toString('base64url');

/** Where a test's data lives: environment for a server process, plus cleanup. */
export interface Backend {
  readonly name: 'sqlite' | 'postgres';
  readonly env: Record<string, string>;
  open(): Promise<GameStore>;
  cleanup(): Promise<void>;
}

export function sqliteBackend(): Backend {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-server-'));
  const file = path.join(dir, 'c4.sqlite');
  return {
    name: 'sqlite',
    env: { DATABASE_PATH: file },
    open: async () => {
      const store = new SqliteStore(file);
      await store.migrate();
      return store;
    },
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export function postgresBackend(): Backend {
  const schema = uniqueName('c4test');
  return {
    name: 'postgres',
    // Each server opens its whole pool at start: a few connections each keep many suites'
    // servers (and other checkouts' runs on the same PostgreSQL) under max_connections.
    env: { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, PG_POOL_SIZE: '3' },
    open: async () => {
      const store = new PostgresStore(TEST_DATABASE_URL, schema);
      await store.migrate();
      return store;
    },
    cleanup: async () => {
      const store = new PostgresStore(TEST_DATABASE_URL, schema);
      await store.dropSchema();
      await store.close();
    },
  };
}

/**
 * The stores every adapter suite runs against: SQLite always, PostgreSQL when it is reachable
 * (otherwise its suites are recorded as skipped, and under CI=true the run fails).
 */
export const BACKENDS: readonly (() => Backend)[] = requireOrSkip(
  'PostgreSQL variants of the store, protocol, fault and Redis suites',
  await postgresMissing(TEST_DATABASE_URL),
)
  ? [sqliteBackend, postgresBackend]
  : [sqliteBackend];

/** `BACKENDS` as `describe.each` cases, `[name, make]`, for titles ending in `(%s)`. */
export const BACKEND_CASES = BACKENDS.map((make) => [make().name, make] as const);

/** Why the Redis suite cannot run here, or undefined. */
export const REDIS_MISSING = await redisMissing(TEST_REDIS_URL);

/** An in-process server on a free port. */
export async function startTestServer(
  backend: Backend,
  options: StartOptions = {},
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const config = configFromEnv(
    {
      PORT: '0',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '200',
      // A suite's many clients all come from 127.0.0.1.
      WS_MAX_PER_ADDRESS: '1000',
      ...backend.env,
      ...extraEnv,
    },
    path.join(tmpdir(), 'c4-no-web'),
  );
  return startServer(config, options);
}

/** A real WebSocket client that records every message and can wait for one. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  private waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] =
    [];
  closed = false;
  closeCode: number | undefined;
  /** Resolves with the close code once the connection is closed. */
  readonly whenClosed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    this.whenClosed = new Promise((resolve) => ws.once('close', resolve));
    ws.on('message', (data) => {
      // Every frame must satisfy the shared schemas the web client validates with.
      const frame = parseServerMessage((data as Buffer).toString('utf8'));
      if (frame.kind !== 'message') {
        throw new Error(`the server sent a frame off the protocol: ${JSON.stringify(frame)}`);
      }
      const message = frame.message;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  /**
   * A client of this protocol version (the URL names it, as every current client's does);
   * `path` replaces `ws?v=N` to be an older client (`ws`) or another version.
   */
  static async connect(
    baseUrl: string,
    headers: Record<string, string> = {},
    options: ClientOptions = {},
    path = versionedSocketUrl('ws'),
  ): Promise<TestClient> {
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + path, { ...options, headers });
    const client = new TestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        resolve();
      });
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or future) after `from` that passes `test`. */
  waitFor<T extends ServerMessage>(
    test: (m: ServerMessage) => m is T,
    timeoutMs = 5000,
    from = 0,
  ): Promise<T> {
    const seen = this.messages.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`timed out; last messages: ${JSON.stringify(this.messages.slice(-3))}`));
      }, timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as T);
        },
      });
    });
  }

  /** Sends and waits for the reply carrying the same request id. */
  async request(message: Record<string, unknown>, timeoutMs = 5000): Promise<ServerMessage> {
    const id = randomBytes(6).toString('hex');
    const from = this.messages.length;
    this.send({ ...message, id });
    return this.waitFor((m): m is ServerMessage => 'id' in m && m.id === id, timeoutMs, from);
  }

  /** The newest game snapshot with at least `version`. */
  gameAt(version: number, timeoutMs = 5000): Promise<PublicGame> {
    return this.waitFor(
      (m): m is Extract<ServerMessage, { type: 'game' }> =>
        m.type === 'game' && m.game.version >= version,
      timeoutMs,
    ).then((m) => this.latestGame() ?? m.game);
  }

  latestGame(): PublicGame | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i]!;
      if (m.type === 'game') return m.game;
    }
    return undefined;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => {
        resolve();
      });
      this.ws.close();
    });
  }
}

export async function createGame(
  baseUrl: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(baseUrl + 'api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** How a server process ended. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * A server in its own process (`node --import tsx src/server/main.ts`), killable for real.
 * Everything waits on the process's own events, never on a fixed time: `start` on its
 * "listening" line or its exit (a test's timeout bounds a start that hangs), `kill` on its
 * exit, and `exited` lets a test's waits fail at once when the server dies under them.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  /** The signal `kill` sent, to tell it from one sent by anything else. */
  private sent: NodeJS.Signals | undefined;
  private exit: Promise<ProcessExit> | undefined;
  private stderr = '';
  /** Everything the process has written on stdout since its start: its JSON log lines. */
  stdout = '';
  url = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(port = 0): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.sent = undefined;
    this.stderr = '';
    child.stderr.on('data', (d: Buffer) => (this.stderr += String(d)));
    // Listened to from the spawn on: an exit is never missed, however early.
    const exit = new Promise<ProcessExit>((resolve) => {
      child.once('exit', (code, signal) => {
        resolve({ code, signal });
      });
    });
    this.exit = exit;
    this.stdout = '';
    const listening = new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += String(d);
        this.stdout += String(d);
        const match = /"msg":"started","url":"(http:\/\/[^"]+\/)"/.exec(out);
        if (match) resolve(match[1]!);
      });
    });
    const url = await Promise.race([
      listening,
      exit.then((how) => {
        throw new Error(`server ${this.describe(how)}, before listening: ${this.stderr}`);
      }),
    ]);
    this.url = url;
    return url;
  }

  /** Resolves when the process has ended (at once if it has), whoever ended it. */
  get exited(): Promise<ProcessExit> {
    return this.exit ?? Promise.resolve({ code: null, signal: null });
  }

  /** "exited with null" said nothing: the code, or the signal and whether this test sent it. */
  describe(how: ProcessExit): string {
    if (how.code !== null) return `exited with code ${how.code}`;
    return how.signal !== null && how.signal === this.sent
      ? `was stopped by this test (${how.signal})`
      : `was killed by ${how.signal ?? 'a signal'}, which this test did not send`;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** Sends `signal` and resolves once the process has exited (at once if it already had). */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.sent = signal;
    child.kill(signal);
    await this.exited;
  }
}
