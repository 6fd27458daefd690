import { AsyncLocalStorage } from 'node:async_hooks';

/** Structured logs: one JSON object per line. Never pass secrets or seat hashes in `fields`. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK: Readonly<Record<LogLevel, number>> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

export type LogFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/**
 * The id of the request (`req`) or socket (`conn`) being handled, on every line written while
 * handling it and by the work it starts: "game created", "game finished", a quick match, a
 * failed publish join the HTTP and socket lines by that id (and nginx's `$request_id`), without
 * every call down to the game service carrying a logger.
 */
const scope = new AsyncLocalStorage<LogFields>();

/** Runs `run` with `fields` (and those of the scope it is in) on every line it leads to. */
export function inLogScope<T>(fields: LogFields, run: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, run);
}

/**
 * The scope in force now, for work done later from elsewhere (a socket's messages arrive as
 * events of the socket, outside the scope its connection was made in).
 */
export function keepLogScope(): <T>(run: () => T) => T {
  const fields = scope.getStore();
  return (run) => (fields === undefined ? run() : scope.run(fields, run));
}

export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}): void => {
      if (RANK[lvl] < RANK[level]) return;
      const line: Record<string, unknown> = {
        time: new Date().toISOString(),
        level: lvl,
        msg,
        ...scope.getStore(),
      };
      // An id left undefined at the call (no proxy id, say) keeps the scope's.
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) line[key] = value;
      write(JSON.stringify(line));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A logger whose every line also carries `fields` (a connection's id, say). */
export function withFields(log: Logger, fields: LogFields): Logger {
  const at =
    (write: (msg: string, f?: LogFields) => void) =>
    (msg: string, more: LogFields = {}): void => {
      write(msg, { ...fields, ...more });
    };
  return {
    debug: at(log.debug.bind(log)),
    info: at(log.info.bind(log)),
    warn: at(log.warn.bind(log)),
    error: at(log.error.bind(log)),
  };
}
