import { parseArgs } from 'node:util';
import path from 'node:path';
import { backupPostgres, restorePostgres } from './backup/postgres.js';
import { backupFileName, pruneBackups } from './backup/retention.js';
import { backupSqlite, restoreSqlite, type BackupSummary } from './backup/sqlite.js';
import { KNOWN_VARIABLES, configFromEnv, type ServerConfig } from './config.js';
import { withEnvFile } from './env-file.js';

/**
 * Operator commands, configured like the server: the environment over `--env-file FILE`
 * (DATABASE_PATH, or DATABASE_URL + DATABASE_SCHEMA):
 *   admin.js backup --out FILE                 a consistent backup while the servers run
 *   admin.js backup --dir DIR [--keep N]       into DIR/c4-<UTC time>.dump, keeping the newest N
 *   admin.js restore --from FILE               into a store that does not exist yet
 * Each prints one JSON line describing what the backup holds; an error is a JSON line too.
 */
const USAGE =
  'usage: admin.js [--env-file FILE] backup (--out FILE | --dir DIR [--keep N]) | restore --from FILE';

type Summary = BackupSummary & { readonly removed?: readonly string[] };

async function main(argv: readonly string[]): Promise<Summary> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'string' },
      from: { type: 'string' },
      'env-file': { type: 'string' },
    },
  });
  const env = withEnvFile(process.env, values['env-file'], KNOWN_VARIABLES);
  const config = configFromEnv(env, '.');
  const [command, ...rest] = positionals;
  if (rest.length > 0) throw new Error(USAGE);
  const url = config.databaseUrl;
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
    throw new Error(`--keep must be a whole number of at least 1; ${USAGE}`);
  }
  const oneTarget = (values.out === undefined) !== (values.dir === undefined);
  if (command === 'backup' && oneTarget && values.from === undefined) {
    if (values.dir === undefined) {
      if (keep !== undefined) throw new Error(`--keep goes with --dir; ${USAGE}`);
      return backup(config, values.out!);
    }
    const summary = await backup(config, path.join(values.dir, backupFileName(new Date())));
    return keep === undefined ? summary : { ...summary, removed: pruneBackups(values.dir, keep) };
  }
  const noTarget = values.out === undefined && values.dir === undefined && keep === undefined;
  if (command === 'restore' && values.from !== undefined && noTarget) {
    return url
      ? restorePostgres(url, config.databaseSchema, values.from)
      : restoreSqlite(values.from, config.databasePath);
  }
  throw new Error(USAGE);
}

function backup(config: ServerConfig, out: string): Promise<BackupSummary> {
  return config.databaseUrl
    ? backupPostgres(config.databaseUrl, config.databaseSchema, out)
    : backupSqlite(config.databasePath, out);
}

main(process.argv.slice(2)).then(
  (summary) => {
    process.stdout.write(JSON.stringify(summary) + '\n');
  },
  (error: unknown) => {
    const fields: Record<string, unknown> = {
      time: new Date().toISOString(),
      level: 'error',
      msg: 'admin command failed',
      error: error instanceof Error ? error.message : String(error),
    };
    if (error instanceof Error && 'code' in error) fields['code'] = error.code;
    process.stderr.write(JSON.stringify(fields) + '\n');
    process.exitCode = 1;
  },
);
