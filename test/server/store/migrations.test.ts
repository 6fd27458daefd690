import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaError, pendingMigrations } from '../../../src/server/store/migrate.js';
import { MIGRATIONS, type Migration } from '../../../src/server/store/migrations.js';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { newGame } from '../../../src/server/game/reducer.js';
import { COUNTED_MIGRATIONS } from '../fixtures/counted-migrations.js';
import { BACKEND_CASES, ServerProcess, TEST_DATABASE_URL, type Backend } from '../helpers.js';

const LATEST = MIGRATIONS.at(-1)!;
const same = (sql: string): Pick<Migration, 'sqlite' | 'postgres'> => ({
  sqlite: sql,
  postgres: sql,
});

/** Rows of one query straight on the backend's database, bypassing the store. */
async function raw(backend: Backend, sql: string): Promise<Record<string, unknown>[]> {
  if (backend.name === 'sqlite') {
    const db = new Database(backend.env['DATABASE_PATH']);
    try {
      return db.prepare(sql).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    options: `-c search_path=${backend.env['DATABASE_SCHEMA']!}`,
  });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

const versions = async (backend: Backend): Promise<number[]> =>
  (await raw(backend, 'SELECT version FROM schema_migrations ORDER BY version')).map((r) =>
    Number(r['version']),
  );

describe('the migration plan', () => {
  const known: Migration[] = [
    { version: 1, name: 'one', ...same('') },
    { version: 2, name: 'two', ...same('') },
  ];

  it('applies what is missing, in order', () => {
    expect(pendingMigrations([], known).map((m) => m.version)).toEqual([1, 2]);
    expect(pendingMigrations([{ version: 1, name: 'one' }], known).map((m) => m.version)).toEqual([
      2,
    ]);
  });

  it('refuses a database newer than the server, naming both versions', () => {
    const run = () =>
      pendingMigrations(
        [
          { version: 1, name: 'one' },
          { version: 3, name: 'three' },
        ],
        known,
      );
    expect(run).toThrow(SchemaError);
    expect(run).toThrow(
      /schema is at version 3 \("three"\).*only knows versions up to 2 \("two"\)/,
    );
  });

  it('refuses a database migrated by another build', () => {
    expect(() => pendingMigrations([{ version: 2, name: 'deux' }], known)).toThrow(
      expect.objectContaining({ code: 'schema_mismatch' }) as Error,
    );
  });
});

describe.each(BACKEND_CASES)('migrations on %s', (_name, make) => {
  let backend: Backend;
  afterEach(async () => {
    await backend.cleanup();
  });

  it('refuse to start a server older than its database, changing nothing', async () => {
    backend = make();
    const store = await backend.open();
    const future: Migration = {
      version: LATEST.version + 1,
      name: 'from a newer release',
      ...same('CREATE TABLE newer_release (x INTEGER)'),
    };
    expect(await store.migrate([...MIGRATIONS, future])).toBe(future.version);
    await expect(store.migrate()).rejects.toMatchObject({
      code: 'schema_too_new',
      message: expect.stringContaining(
        `version ${future.version} ("from a newer release") but this server only knows versions up to ${LATEST.version}`,
      ) as string,
    });
    await store.close();
    // A real server process stops at once with that message, before listening, and with the
    // exit code its systemd unit does not restart on.
    const server = new ServerProcess(backend.env);
    await expect(server.start()).rejects.toThrow(
      new RegExp(`exited with code 78, before listening: .*schema is at version ${future.version}`),
    );
    expect(await versions(backend)).toEqual([...MIGRATIONS, future].map((m) => m.version));
  });

  it('leave the database as it was when one fails, earlier pending ones included', async () => {
    backend = make();
    const store = await backend.open();
    await store.insertGame(
      newGame({ id: 'kept00001', variant: '7x6c4', clock: null, seats: ['a'.repeat(64), null] }, 1),
    );
    const body = 'ALTER TABLE games ADD COLUMN probe INTEGER; CREATE TABLE probe_t (x INTEGER);';
    const next = (sql: string, version: number): Migration => ({
      version,
      name: `probe ${version}`,
      ...same(sql),
    });
    const v = LATEST.version;
    // Two pending: the first is fine, the second fails after changing things itself.
    const failing = [
      ...MIGRATIONS,
      next(body, v + 1),
      next('CREATE TABLE other_t (x INTEGER); INSERT INTO no_such_table VALUES (1);', v + 2),
    ];
    await expect(store.migrate(failing)).rejects.toThrow(/no_such_table/);
    expect(await versions(backend)).toEqual(MIGRATIONS.map((m) => m.version));
    // Nothing of either is left: applying them again, fixed, meets no leftover column or table.
    const fixed = [
      ...MIGRATIONS,
      next(body, v + 1),
      next('CREATE TABLE other_t (x INTEGER);', v + 2),
    ];
    expect(await store.migrate(fixed)).toBe(v + 2);
    expect((await store.getGame('kept00001'))?.id).toBe('kept00001');
    await store.close();
  });

  it('two server processes starting at once on a new database both start', async () => {
    backend = make();
    const servers = [new ServerProcess(backend.env), new ServerProcess(backend.env)];
    try {
      const urls = await Promise.all(servers.map((s) => s.start()));
      for (const url of urls) expect((await fetch(url + 'healthz')).status).toBe(200);
      expect(await versions(backend)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    }
  });

  it('concurrent runs wait for each other and migrate once', async () => {
    backend = make();
    if (backend.name === 'postgres') await migrateTogetherPostgres(backend);
    else await migrateTogetherSqlite(backend);
    expect(await raw(backend, 'SELECT n FROM migration_runs')).toHaveLength(1);
    expect(await versions(backend)).toEqual(COUNTED_MIGRATIONS.map((m) => m.version));
  });
});

/**
 * Three stores (three pools) migrate while the test holds the migration lock itself; only once
 * all three are seen waiting for it is it released, so they really run at the same moment.
 */
async function migrateTogetherPostgres(backend: Backend): Promise<void> {
  const schema = backend.env['DATABASE_SCHEMA']!;
  const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await holder.connect();
  const stores = [0, 1, 2].map(() => new PostgresStore(TEST_DATABASE_URL, schema));
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [0x43344d47, schema]);
    const runs = stores.map((s) => s.migrate(COUNTED_MIGRATIONS));
    await vi.waitFor(
      async () => {
        const { rows } = await holder.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = hashtext($1)::oid",
          [schema],
        );
        expect(Number(rows[0]?.n)).toBe(3);
      },
      { timeout: 10_000, interval: 20 },
    );
    await holder.query('COMMIT');
    expect(await Promise.all(runs)).toEqual(
      [0, 1, 2].map(() => COUNTED_MIGRATIONS.at(-1)!.version),
    );
  } finally {
    await holder.end();
    await Promise.all(stores.map((s) => s.close()));
  }
}

/**
 * Three processes open the same new SQLite file while the test holds its write lock; released
 * once all three are ready, they race for it.
 */
async function migrateTogetherSqlite(backend: Backend): Promise<void> {
  const file = backend.env['DATABASE_PATH']!;
  const holder = new Database(file);
  holder.pragma('journal_mode = WAL');
  holder.exec('BEGIN IMMEDIATE');
  const children = [0, 1, 2].map(() =>
    spawn(process.execPath, ['--import', 'tsx', 'test/server/fixtures/migrate-child.ts', file], {
      cwd: path.resolve(import.meta.dirname, '..', '..', '..'),
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  try {
    const outputs = children.map((child) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += String(d)));
      child.stderr.on('data', (d: Buffer) => (err += String(d)));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { out: () => out, err: () => err, exited };
    });
    await vi.waitFor(
      () => {
        for (const o of outputs) expect(o.out() + o.err()).toMatch(/ready|Error/);
      },
      { timeout: 30_000, interval: 20 },
    );
    for (const child of children) child.stdin.write('go\n');
    holder.exec('COMMIT');
    for (const o of outputs) {
      expect(await o.exited, o.err()).toBe(0);
      expect(o.out()).toContain(`version ${COUNTED_MIGRATIONS.at(-1)!.version}`);
    }
  } finally {
    if (holder.inTransaction) holder.exec('ROLLBACK');
    holder.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}
