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

export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}): void => {
      if (RANK[lvl] < RANK[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
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
