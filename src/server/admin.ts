import { parseArgs } from 'node:util';
import { backupPostgres, restorePostgres } from './backup/postgres.js';
import { backupSqlite, restoreSqlite, type BackupSummary } from './backup/sqlite.js';
import { configFromEnv } from './config.js';

/**
 * Operator commands, configured by the same environment as the server (DATABASE_PATH or
 * DATABASE_URL + DATABASE_SCHEMA):
 *   node dist/server/admin.js backup --out FILE    consistent backup while the servers run
 *   node dist/server/admin.js restore --from FILE  into a store that does not exist yet
 * Each prints one JSON line describing what the backup holds (`npm run backup -- --out FILE`).
 */
const USAGE = 'usage: admin.js backup --out FILE | restore --from FILE';

async function main(argv: readonly string[]): Promise<BackupSummary> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { out: { type: 'string' }, from: { type: 'string' } },
  });
  const config = configFromEnv(process.env, '.');
  const [command, ...rest] = positionals;
  if (rest.length > 0) throw new Error(USAGE);
  const url = config.databaseUrl;
  if (command === 'backup' && values.out !== undefined && values.from === undefined) {
    return url
      ? backupPostgres(url, config.databaseSchema, values.out)
      : backupSqlite(config.databasePath, values.out);
  }
  if (command === 'restore' && values.from !== undefined && values.out === undefined) {
    return url
      ? restorePostgres(url, config.databaseSchema, values.from)
      : restoreSqlite(values.from, config.databasePath);
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).then(
  (summary) => {
    process.stdout.write(JSON.stringify(summary) + '\n');
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
