import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pendingMigrations, type AppliedMigration } from '../store/migrate.js';
import { MIGRATIONS } from '../store/migrations.js';

/**
 * Backup and restore of the SQLite store with SQLite's online backup API: a page-by-page copy
 * made under one read transaction, so it is a consistent snapshot even while a server keeps
 * writing (WAL lets its writes go on meanwhile). A file copy of a live WAL database is not:
 * it can miss committed pages still in the `-wal` file or tear a page mid-write.
 */

export interface BackupSummary {
  readonly file: string;
  readonly bytes: number;
  readonly schemaVersion: number;
  readonly games: number;
  readonly playing: number;
  readonly players: number;
}

export class BackupError extends Error {
  constructor(
    readonly code: 'source_missing' | 'target_exists' | 'corrupt' | 'not_a_backup',
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Every page in one step: restarting on a concurrent write is what a step boundary allows. */
const ALL_PAGES = 0x7fffffff;

/** Takes a consistent backup of the live database `source` into `out` (replaced atomically). */
export async function backupSqlite(source: string, out: string): Promise<BackupSummary> {
  if (!existsSync(source)) {
    throw new BackupError('source_missing', `no SQLite database at ${source}`);
  }
  const db = new Database(source, { fileMustExist: true });
  // The server may be mid-write: wait for its lock rather than fail.
  db.pragma('busy_timeout = 5000');
  const partial = `${out}.partial`;
  removeWithSidecars(partial);
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  try {
    selfContained(partial);
    const summary = inspect(partial);
    // Only a checked, complete file takes the name: a crash never leaves a half backup there.
    renameSync(partial, out);
    return { ...summary, file: path.resolve(out) };
  } catch (error) {
    removeWithSidecars(partial);
    throw error;
  }
}

/**
 * A copy of a WAL database is marked WAL too, so every later open (the check here, a restore)
 * would leave `-wal` and `-shm` files beside it: the rollback journal makes it one file again.
 */
function selfContained(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

function removeWithSidecars(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
    rmSync(f, { force: true });
}

/**
 * Restores `backup` as the database at `target`, which must not exist (move the old one and
 * its `-wal`/`-shm` aside first, with every server stopped). The backup is checked before.
 */
export async function restoreSqlite(backup: string, target: string): Promise<BackupSummary> {
  if (!existsSync(backup)) throw new BackupError('source_missing', `no backup at ${backup}`);
  for (const file of [target, `${target}-wal`, `${target}-shm`]) {
    if (existsSync(file)) {
      throw new BackupError(
        'target_exists',
        `${file} exists: stop the servers and move the old database aside before restoring`,
      );
    }
  }
  inspect(backup);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  selfContained(partial);
  renameSync(partial, target);
  return { ...inspect(target), file: path.resolve(target) };
}

/** Checks a database file (integrity, a schema this server can run) and counts what it holds. */
export function inspect(file: string): Omit<BackupSummary, 'file'> & { file: string } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError('corrupt', `${file} fails its integrity check: ${String(check)}`);
    const hasSchema = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (!hasSchema) throw new BackupError('not_a_backup', `${file} holds no Connect Four schema`);
    const applied = db
      .prepare('SELECT version, name FROM schema_migrations ORDER BY version')
      .all() as AppliedMigration[];
    // A backup a newer server took cannot be served by this one: say so now, not at start.
    pendingMigrations(applied, MIGRATIONS);
    const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;
    const version = Math.max(0, ...applied.map((m) => m.version));
    return {
      file,
      bytes: statSync(file).size,
      schemaVersion: version,
      games: count('SELECT count(*) AS n FROM games'),
      playing: count("SELECT count(*) AS n FROM games WHERE status = 'playing'"),
      // Players came with schema version 3.
      players: version >= 3 ? count('SELECT count(*) AS n FROM players') : 0,
    };
  } finally {
    db.close();
  }
}
