import { readFileSync } from 'node:fs';

/**
 * The server's environment file (/etc/c4/env), read by the server itself so that the service,
 * the operator commands and `--check-config` all read it the same way. One `NAME=value` a line,
 * the value taken verbatim to the end of the line: no quotes, no escapes, no expansion, so a
 * JSON value (TOURNAMENT_SCHEDULE) is written as it is. Blank lines and `#` lines are skipped.
 */

export class EnvFileError extends Error {
  readonly code = 'bad_env_file';
  constructor(message: string) {
    super(message);
    this.name = 'EnvFileError';
  }
}

const LINE = /^([A-Z_][A-Z0-9_]*)=(.*)$/;

/** The variables `text` sets; `known` names every variable the file may set. */
export function parseEnvFile(
  text: string,
  file: string,
  known: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  text.split('\n').forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const where = `${file} line ${index + 1}`;
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const match = LINE.exec(line);
    if (!match) throw new EnvFileError(`${where}: expected NAME=value, found "${line}"`);
    const [, name, value] = match as unknown as [string, string, string];
    if (!known.has(name)) throw new EnvFileError(`${where}: unknown variable ${name}`);
    if (name in out) throw new EnvFileError(`${where}: ${name} is set twice`);
    if (/^(["']).*\1$/.test(value)) {
      throw new EnvFileError(
        `${where}: ${name}'s value is quoted; values are taken verbatim, so write it without quotes`,
      );
    }
    out[name] = value;
  });
  return out;
}

/**
 * The environment a process runs with: `env` over the file's variables, so a unit's
 * `Environment=PORT=%i` (or a one-off `LOG_LEVEL=debug`) overrides the file.
 */
export function withEnvFile(
  env: NodeJS.ProcessEnv,
  file: string | undefined,
  known: ReadonlySet<string>,
): NodeJS.ProcessEnv {
  if (file === undefined) return env;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EnvFileError(
      `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { ...parseEnvFile(text, file, known), ...env };
}
