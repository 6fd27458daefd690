import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newGame } from '../../../src/server/game/reducer.js';
import { cacheStatements } from '../../../src/server/store/sqlite-statements.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';

const dirs: string[] = [];
const tempFile = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-sqlite-io-'));
  dirs.push(dir);
  return path.join(dir, 'c4.sqlite');
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite statement cache', () => {
  it('compiles each SQL text once and gives the same statement back', () => {
    const db = new Database(':memory:');
    cacheStatements(db);
    db.exec('CREATE TABLE t (x INTEGER)');
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
    expect(db.prepare('INSERT INTO t (x) VALUES (?)')).toBe(insert);
    insert.run(1);
    db.prepare('INSERT INTO t (x) VALUES (?)').run(2);
    expect(db.prepare('SELECT SUM(x) AS s FROM t').get()).toEqual({ s: 3 });
    // A schema change under a cached statement: SQLite recompiles it by itself.
    db.exec('ALTER TABLE t ADD COLUMN y INTEGER DEFAULT 7');
    expect(db.prepare('SELECT * FROM t ORDER BY x').all()).toEqual([
      { x: 1, y: 7 },
      { x: 2, y: 7 },
    ]);
    db.close();
  });
});

describe('SQLite store checkpoints', () => {
  it('folds the write-ahead log into the file from its own thread, no commit doing it', async () => {
    const file = tempFile();
    const store = new SqliteStore(file);
    await store.migrate();
    const before = statSync(file).size;
    // Far fewer pages than SQLite's own 1,000-page checkpoint threshold.
    for (let i = 0; i < 40; i++) {
      await store.insertGame(
        newGame({ id: `io${i}`, variant: '7x6c4', clock: null, seats: ['a', null] }, i),
      );
    }
    await vi.waitFor(
      () => {
        expect(statSync(file).size).toBeGreaterThan(before);
      },
      { timeout: 10_000, interval: 50 },
    );
    await store.close();
  });

  it('leaves no log behind on close, and everything written is there on reopening', async () => {
    const file = tempFile();
    const store = new SqliteStore(file);
    await store.migrate();
    const game = newGame({ id: 'kept1', variant: '7x6c4', clock: null, seats: ['a', null] }, 1);
    await store.insertGame(game);
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = new SqliteStore(file);
    expect(await again.getGame('kept1')).toEqual(game);
    await again.close();
  });
});
