import { spawn } from 'node:child_process';
import { renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { pendingMigrations, type AppliedMigration } from '../store/migrate.js';
import { MIGRATIONS } from '../store/migrations.js';
import { BackupError, type BackupSummary } from './sqlite.js';

/**
 * PostgreSQL's standard procedure, wrapped so the flags are right every time: `pg_dump` in the
 * custom format of the server's schema only (one consistent snapshot, taken while the servers
 * run), and `pg_restore` of it in one transaction into a database where that schema does not
 * exist yet. The same commands by hand are in docs/operations.md.
 */

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    child.once('error', (e) => {
      reject(new Error(`cannot run ${command} (${e.message}): install postgresql-client`));
    });
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (exit ${String(code)}): ${stderr.trim()}`));
    });
  });
}

export const pgDumpArgs = (url: string, schema: string, out: string): string[] => [
  '--format=custom',
  `--schema=${schema}`,
  '--no-owner',
  `--file=${out}`,
  url,
];

/**
 * `--schema` with the schema created beforehand: a dump of `public` holds `CREATE SCHEMA
 * public`, which every new database already has, so restoring it whole fails; restoring only
 * the objects in the schema works alike for `public` and any other.
 */
export const pgRestoreArgs = (url: string, schema: string, file: string): string[] => [
  '--exit-on-error',
  '--single-transaction',
  '--no-owner',
  `--schema=${schema}`,
  `--dbname=${url}`,
  file,
];

export async function backupPostgres(
  url: string,
  schema: string,
  out: string,
): Promise<BackupSummary> {
  const summary = await inspectPostgres(url, schema);
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  try {
    await run('pg_dump', pgDumpArgs(url, schema, partial));
    renameSync(partial, out);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { ...summary, file: path.resolve(out), bytes: statSync(out).size };
}

export async function restorePostgres(
  url: string,
  schema: string,
  file: string,
): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'schema_migrations'",
      [schema],
    );
    if (rows.length > 0) {
      throw new BackupError(
        'target_exists',
        `schema ${schema} of that database already holds a store: restore into a new database (createdb) or drop the schema first`,
      );
    }
    // The name was checked against a strict pattern with the configuration.
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
  await run('pg_restore', pgRestoreArgs(url, schema, file));
  return {
    ...(await inspectPostgres(url, schema)),
    file: path.resolve(file),
    bytes: statSync(file).size,
  };
}

/** The schema version (one this server can run) and what the store holds. */
export async function inspectPostgres(
  url: string,
  schema: string,
): Promise<Omit<BackupSummary, 'file' | 'bytes'> & { file: string; bytes: number }> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const { rows: applied } = await client
      .query<AppliedMigration>('SELECT version, name FROM schema_migrations ORDER BY version')
      .catch(() => {
        throw new BackupError('not_a_backup', `schema ${schema} holds no Connect Four store`);
      });
    pendingMigrations(applied, MIGRATIONS);
    const count = async (sql: string): Promise<number> =>
      Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
    const version = Math.max(0, ...applied.map((m) => m.version));
    return {
      file: '',
      bytes: 0,
      schemaVersion: version,
      games: await count('SELECT count(*) AS n FROM games'),
      playing: await count("SELECT count(*) AS n FROM games WHERE status = 'playing'"),
      players: version >= 3 ? await count('SELECT count(*) AS n FROM players') : 0,
    };
  } finally {
    await client.end();
  }
}
