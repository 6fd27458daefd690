import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newGame, reduce } from '../../../src/server/game/reducer.js';
import type { GameState } from '../../../src/server/game/state.js';
import { toPublic } from '../../../src/server/game/view.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import { serialize, type GameStore } from '../../../src/server/store/types.js';
import { BACKEND_CASES, TEST_DATABASE_URL, type Backend } from '../helpers.js';

/** One statement straight on the backend's database, bypassing the store. */
async function exec(backend: Backend, sql: string, params: unknown[]): Promise<void> {
  if (backend.name === 'sqlite') {
    const db = new Database(backend.env['DATABASE_PATH']);
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    options: `-c search_path=${backend.env['DATABASE_SCHEMA']!}`,
  });
  await client.connect();
  try {
    let n = 0;
    await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
  } finally {
    await client.end();
  }
}

const storeOf = (backend: Backend): GameStore =>
  backend.name === 'sqlite'
    ? new SqliteStore(backend.env['DATABASE_PATH'] ?? '')
    : new PostgresStore(TEST_DATABASE_URL, backend.env['DATABASE_SCHEMA'] ?? '');

/** A finished classic game as a server before the family stored it: no `game` anywhere. */
function oldGame(): GameState {
  const state = newGame(
    { id: 'oldgame0001', variant: '7x6c4', clock: null, seats: ['a', 'b'] },
    1000,
  );
  const moved = reduce(state, { type: 'move', by: 1, column: 3, version: 0 }, 2000);
  if (!moved.ok) throw new Error(moved.error.message);
  const resigned = reduce(moved.value.state, { type: 'resign', by: 2 }, 3000);
  if (!resigned.ok) throw new Error(resigned.error.message);
  return resigned.value.state;
}

describe.each(BACKEND_CASES)('migration 6, the game of the family (%s)', (_name, make) => {
  let backend: Backend | undefined;
  afterEach(async () => {
    await backend?.cleanup();
  });

  it('reads every game stored before it as the classic game, listed with the classic games', async () => {
    backend = make();
    const before = storeOf(backend);
    expect(await before.migrate(MIGRATIONS.filter((m) => m.version < 6))).toBe(5);
    await before.close();
    const old = oldGame();
    await exec(
      backend,
      'INSERT INTO games (id, version, status, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [old.id, old.version, old.status, serialize(old), old.createdAt, old.updatedAt],
    );

    const store = storeOf(backend);
    expect(await store.migrate()).toBe(MIGRATIONS.at(-1)!.version);
    const read = await store.getGame(old.id);
    expect(read).toEqual(old);
    expect(toPublic(read!, [false, false], 4000)).toMatchObject({ game: 'classic', pops: [] });
    expect((await store.listFinished(10, 'classic')).map((g) => g.id)).toEqual([old.id]);
    expect(await store.listFinished(10, 'popout')).toEqual([]);

    // A PopOut game stored after it is listed under its own game.
    const popout = { ...oldGame(), id: 'newgame0001', game: 'popout', updatedAt: 5000 };
    await store.insertGame(popout);
    expect((await store.listFinished(10, 'popout')).map((g) => g.id)).toEqual([popout.id]);
    expect((await store.listFinished(10)).map((g) => g.id)).toEqual([popout.id, old.id]);
    await store.close();
  });
});
