import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { Migration } from './migrations.js';

/**
 * The migration runner of both stores. A deploy must never be stranded by it:
 * - a server older than its database refuses to start (it would write rows the newer schema
 *   does not expect, or miss columns it relies on) and says which versions are involved;
 * - processes starting together migrate once: the whole run holds a lock (an advisory lock
 *   on PostgreSQL, a write transaction taken up front on SQLite) and rereads the version
 *   under it;
 * - the whole run is one transaction (DDL is transactional in both), so a migration that
 *   fails leaves the database exactly as it was, earlier pending migrations included.
 */

export type SchemaErrorCode = 'schema_too_new' | 'schema_mismatch';

/** Why this server will not run on this database; `code` is stable. */
export class SchemaError extends Error {
  constructor(
    readonly code: SchemaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

export interface AppliedMigration {
  readonly version: number;
  readonly name: string;
}

/**
 * The migrations still to apply to a database that has `applied`, or a SchemaError when this
 * server cannot run on it. Pure, so both runners decide alike.
 */
export function pendingMigrations(
  applied: readonly AppliedMigration[],
  known: readonly Migration[],
): Migration[] {
  const latest = known.at(-1);
  const ours = latest?.version ?? 0;
  const newest = applied.reduce<AppliedMigration | undefined>(
    (a, m) => (a === undefined || m.version > a.version ? m : a),
    undefined,
  );
  if (newest !== undefined && newest.version > ours) {
    throw new SchemaError(
      'schema_too_new',
      `the database schema is at version ${newest.version} ("${newest.name}") but this server ` +
        `only knows versions up to ${ours}${latest ? ` ("${latest.name}")` : ''}: deploy a ` +
        `server at least as new as the database, or restore a backup taken before the upgrade`,
    );
  }
  const byVersion = new Map(known.map((m) => [m.version, m]));
  for (const row of applied) {
    const mine = byVersion.get(row.version);
    if (mine === undefined || mine.name !== row.name) {
      throw new SchemaError(
        'schema_mismatch',
        `the database records schema version ${row.version} as "${row.name}" but this server's ` +
          `version ${row.version} is ${mine ? `"${mine.name}"` : 'unknown'}: the database ` +
          `was migrated by a different build`,
      );
    }
  }
  const done = new Set(applied.map((m) => m.version));
  return known.filter((m) => !done.has(m.version));
}

const CREATE_TABLE = (bigint: string): string =>
  `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${bigint} NOT NULL)`;

/** The schema version after applying what is pending. */
const versionAfter = (applied: readonly AppliedMigration[], known: readonly Migration[]): number =>
  Math.max(0, ...applied.map((m) => m.version), ...known.map((m) => m.version));

/**
 * SQLite: one IMMEDIATE transaction takes the write lock before reading the version, so a
 * second process waits (busy_timeout) and then finds nothing to do.
 */
export function migrateSqlite(
  db: Database.Database,
  known: readonly Migration[],
  onApplied?: (migration: Migration) => void,
): number {
  const done: Migration[] = [];
  const run = db.transaction((): number => {
    done.length = 0;
    db.exec(CREATE_TABLE('INTEGER'));
    const applied = db
      .prepare('SELECT version, name FROM schema_migrations ORDER BY version')
      .all() as AppliedMigration[];
    const insert = db.prepare(
      'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
    );
    for (const migration of pendingMigrations(applied, known)) {
      db.exec(migration.sqlite);
      insert.run(migration.version, migration.name, Date.now());
      done.push(migration);
    }
    return versionAfter(applied, known);
  });
  const version = run.immediate();
  // Reported once committed: a run that fails applied nothing.
  for (const migration of done) onApplied?.(migration);
  return version;
}

/** Advisory-lock class of the migration lock; the second key is the schema's hash. */
const MIGRATION_LOCK = 0x43344d47;

/**
 * PostgreSQL: one transaction holding a transaction-scoped advisory lock per schema (released
 * by COMMIT or ROLLBACK, even if the connection dies), so processes starting together
 * migrate one after the other and the later ones find nothing to do.
 */
export async function migratePostgres(
  pool: pg.Pool,
  schema: string,
  known: readonly Migration[],
  onApplied?: (migration: Migration) => void,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MIGRATION_LOCK, schema]);
    // `schema` was checked against a strict pattern by the store.
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(CREATE_TABLE('BIGINT'));
    const { rows: applied } = await client.query<AppliedMigration>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    const pending = pendingMigrations(applied, known);
    for (const migration of pending) {
      await client.query(migration.postgres);
      await client.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.name, Date.now()],
      );
    }
    await client.query('COMMIT');
    for (const migration of pending) onApplied?.(migration);
    return versionAfter(applied, known);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
