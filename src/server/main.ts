import { writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './app.js';
import { KNOWN_VARIABLES, configFromEnv, type ServerConfig } from './config.js';
import { withEnvFile } from './env-file.js';
import { createLogger, type Logger } from './log.js';
import { SchemaError } from './store/migrate.js';
import { parseSchedule } from './tournaments/schedule.js';

/**
 * Entry point of `npm start` and of the service: the web app plus online play, configured by
 * the environment and `--env-file FILE`. `--check-config` reads them exactly as a start would
 * and says whether the server would start. Every line it writes is one JSON object.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A refusal that restarting cannot cure (a bad configuration, a database newer than this
 * release): sysexits' EX_CONFIG, which the systemd unit names in RestartPreventExitStatus.
 */
const EXIT_CONFIG = 78;

const USAGE = 'usage: main.js [--env-file FILE] [--check-config]';

/** A line before the configured logger exists (or when there is none). */
/** Written at once (a pipe's stream would lose it to the `process.exit` that may follow). */
const line = (level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}): void => {
  const text = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n';
  writeSync(level === 'error' ? 2 : 1, text);
};

class Refusal extends Error {}

function readConfig(argv: readonly string[]): { config: ServerConfig; check: boolean } {
  let values: { 'env-file'?: string; 'check-config'?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { 'env-file': { type: 'string' }, 'check-config': { type: 'boolean' } },
    }));
  } catch (error) {
    throw new Refusal(`${error instanceof Error ? error.message : String(error)}; ${USAGE}`);
  }
  try {
    const env = withEnvFile(process.env, values['env-file'], KNOWN_VARIABLES);
    // The bot workers read their own variable from the environment they inherit.
    Object.assign(process.env, env);
    const config = configFromEnv(env, path.resolve(here, '..', 'web'));
    const schedule = parseSchedule(config.tournamentSchedule, Date.now());
    if (!schedule.ok) throw new Refusal(`bad configuration: ${schedule.error}`);
    return { config, check: values['check-config'] === true };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(error instanceof Error ? error.message : String(error));
  }
}

async function serve(config: ServerConfig, log: Logger): Promise<void> {
  const server = await startServer(config, { log });
  // The start banner, whatever LOG_LEVEL says: what a supervisor or a test waits for.
  line('info', 'started', { url: server.url, pid: process.pid, node: process.version });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('stop failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
}

function main(): void {
  let config: ServerConfig;
  let check: boolean;
  try {
    ({ config, check } = readConfig(process.argv.slice(2)));
  } catch (error) {
    line('error', 'refusing to start', { error: (error as Error).message });
    process.exit(EXIT_CONFIG);
  }
  if (check) {
    line('info', 'configuration ok', {
      port: config.port,
      host: config.host,
      store: config.databaseUrl ? 'postgres' : 'sqlite',
      bus: config.redisUrl ? 'redis' : 'local',
      allowedHosts: config.allowedHosts.join(','),
      trustProxy: config.trustProxy.join(','),
    });
    return;
  }
  const log = createLogger(config.logLevel, (text) => process.stdout.write(text + '\n'));
  // A crash leaves its reason on one JSON line too.
  const crash = (kind: string) => (error: unknown) => {
    line('error', kind, {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));
  serve(config, log).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SchemaError) {
      line('error', 'refusing to start', { error: message, code: error.code });
      process.exit(EXIT_CONFIG);
    }
    line('error', 'start failed', { error: message });
    process.exit(1);
  });
}

main();
