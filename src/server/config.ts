import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { LogLevel } from './log.js';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly webRoot: string;
  readonly databasePath: string;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string;
  /** PostgreSQL: which commits wait for the disk (see `SynchronousCommit`). */
  readonly pgSynchronousCommit: 'on' | 'transactions';
  /** PostgreSQL connections per process, all opened at start (default 10). */
  readonly pgPoolSize?: number;
  readonly redisUrl: string | undefined;
  readonly redisPrefix: string;
  /** Extra origins allowed to open sockets and create games (the page's own is always allowed). */
  readonly allowedOrigins: readonly string[];
  /** Host names answered besides IP literals and localhost (PUBLIC_URL's and ALLOWED_HOSTS). */
  readonly allowedHosts: readonly string[];
  /** Proxies whose `X-Forwarded-For`/`-Proto` are believed (addresses, or `loopback`). */
  readonly trustProxy: readonly string[];
  /** WebSocket connections one client address may hold at once. */
  readonly maxSocketsPerAddress: number;
  /** A request's headers and body must arrive within this time (then 408). */
  readonly requestTimeoutMs: number;
  readonly logLevel: LogLevel;
  /** How long graceful shutdown waits for sockets to close. */
  readonly shutdownGraceMs: number;
  /** Per-connection message budget: sustained rate and burst. */
  readonly rate: { readonly perSecond: number; readonly burst: number };
  /** Per-address budget for creating games over HTTP, so one client cannot fill the store. */
  readonly createRate: { readonly perSecond: number; readonly burst: number };
  /** Quick match gives a computer opponent after this long without a human. */
  readonly botWaitMs: number;
  /** Worker threads computing the computer's moves, and how many requests may wait for one. */
  readonly botWorkers: number;
  readonly botQueue: number;
  /** The computer never answers faster than this (a think shorter than it waits the rest). */
  readonly botMinMoveMs: number;
  /** `TOURNAMENT_SCHEDULE` as given (src/server/tournaments/schedule.ts parses it). */
  readonly tournamentSchedule?: string;
  /** A side that has not made its first move this long after its first turn began aborts the game. */
  readonly abortMs: number;
  /** In a rated game without a clock, the side to move loses after this long with no connection. */
  readonly leaveMs: number;
  readonly renameIntervalMs: number;
  readonly transferTtlMs: number;
  /** Per-address budgets: new identities, and other identity requests (guessing is slow). */
  readonly identityCreateRate: { readonly perSecond: number; readonly burst: number };
  readonly identityRate: { readonly perSecond: number; readonly burst: number };
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  WEB_ROOT: z.string().optional(),
  DATABASE_PATH: z.string().min(1).default('./data/c4.sqlite'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('public'),
  PG_SYNCHRONOUS_COMMIT: z.enum(['on', 'transactions']).default('on'),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().min(1).optional(),
  REDIS_PREFIX: z.string().max(64).default('c4:'),
  ALLOWED_ORIGINS: z.string().default(''),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_HOSTS: z.string().default(''),
  TRUST_PROXY: z.string().default(''),
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  WS_RATE_PER_SECOND: z.coerce.number().positive().max(100_000).default(20),
  WS_RATE_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
  HTTP_CREATE_PER_MINUTE: z.coerce.number().positive().max(1_000_000).default(60),
  HTTP_CREATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(120),
  BOT_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  BOT_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  BOT_QUEUE: z.coerce.number().int().min(1).max(100_000).default(200),
  // Read by the bot workers themselves (src/server/bots/worker.ts); named here to be checked.
  BOT_SCHED_IDLE: z.enum(['0', '1']).default('1'),
  BOT_MIN_MOVE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  TOURNAMENT_SCHEDULE: z.string().optional(),
  ABORT_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  LEAVE_MS: z.coerce.number().int().min(100).max(86_400_000).default(90_000),
  RENAME_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  TRANSFER_CODE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  IDENTITY_CREATE_PER_HOUR: z.coerce.number().positive().max(1_000_000).default(20),
  IDENTITY_CREATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(10),
  IDENTITY_REQUESTS_PER_MINUTE: z.coerce.number().positive().max(1_000_000).default(60),
  IDENTITY_REQUESTS_BURST: z.coerce.number().int().min(1).max(1_000_000).default(60),
});

const list = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Every variable the server reads: all that its environment file may set. */
export const KNOWN_VARIABLES: ReadonlySet<string> = new Set(Object.keys(EnvSchema.shape));

export class ConfigError extends Error {
  readonly code = 'bad_config';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; bad values stop startup with one line naming each of them. */
export function configFromEnv(env: NodeJS.ProcessEnv, defaultWebRoot: string): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`bad configuration: ${issues.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL);
  return {
    port: e.PORT,
    host: e.HOST,
    webRoot: path.resolve(e.WEB_ROOT ?? defaultWebRoot),
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    pgSynchronousCommit: e.PG_SYNCHRONOUS_COMMIT,
    pgPoolSize: e.PG_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    allowedOrigins: [...list(e.ALLOWED_ORIGINS), ...(publicUrl ? [publicUrl.origin] : [])],
    allowedHosts: [
      ...list(e.ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      ...(publicUrl ? [publicUrl.hostname.toLowerCase()] : []),
    ],
    trustProxy: list(e.TRUST_PROXY),
    maxSocketsPerAddress: e.WS_MAX_PER_ADDRESS,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    rate: { perSecond: e.WS_RATE_PER_SECOND, burst: e.WS_RATE_BURST },
    createRate: { perSecond: e.HTTP_CREATE_PER_MINUTE / 60, burst: e.HTTP_CREATE_BURST },
    botWaitMs: e.BOT_WAIT_MS,
    botWorkers: e.BOT_WORKERS,
    botQueue: e.BOT_QUEUE,
    botMinMoveMs: e.BOT_MIN_MOVE_MS,
    ...(e.TOURNAMENT_SCHEDULE === undefined ? {} : { tournamentSchedule: e.TOURNAMENT_SCHEDULE }),
    abortMs: e.ABORT_MS,
    leaveMs: e.LEAVE_MS,
    renameIntervalMs: e.RENAME_INTERVAL_HOURS * 3_600_000,
    transferTtlMs: e.TRANSFER_CODE_MINUTES * 60_000,
    identityCreateRate: {
      perSecond: e.IDENTITY_CREATE_PER_HOUR / 3600,
      burst: e.IDENTITY_CREATE_BURST,
    },
    identityRate: {
      perSecond: e.IDENTITY_REQUESTS_PER_MINUTE / 60,
      burst: e.IDENTITY_REQUESTS_BURST,
    },
  };
}
