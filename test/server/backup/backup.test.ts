import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicGame } from '../../../src/protocol/index.js';
import {
  BACKEND_CASES,
  ServerProcess,
  TEST_DATABASE_URL,
  uniqueName,
  type Backend,
} from '../helpers.js';
import {
  ClientSet,
  createPlayer,
  finished,
  joinBoth,
  openGame,
  play,
  readGame,
  readPlayerPage,
  seekPair,
} from '../lobby.js';
import { requireOrSkip } from '../../support/skips.js';
import { pgToolsMissing } from '../services.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

const CASES = BACKEND_CASES.filter(
  ([name]) =>
    name !== 'postgres' || requireOrSkip('PostgreSQL backup and restore', pgToolsMissing()),
);

/** Runs the documented operator command (`src/server/admin.ts`) as its own process. */
function admin(
  env: Record<string, string>,
  args: readonly string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (err += String(d)));
    child.once('exit', (code) => {
      resolve({ code, out, err });
    });
  });
}

/** Where the restore goes: an empty store of the same kind, and how to drop it afterwards. */
async function freshTarget(
  backend: Backend,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (backend.name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'c4-restore-'));
    return {
      env: { DATABASE_PATH: path.join(dir, 'restored.sqlite') },
      drop: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  // A new database (as on a new machine), holding the same schema name once restored.
  const database = uniqueName('c4restore');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString(), DATABASE_SCHEMA: backend.env['DATABASE_SCHEMA']! },
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    },
  };
}

describe.each(CASES)('backup and restore (%s)', (_name, make) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('a backup taken mid-play restores into a fresh server: finished games, ratings, players, and games still to play', async () => {
    const backend = make();
    cleanups.push(() => backend.cleanup());
    const dir = mkdtempSync(path.join(tmpdir(), 'c4-backup-'));
    cleanups.push(() => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    });
    const before = new ServerProcess(backend.env);
    cleanups.push(() => before.kill());
    const url = await before.start();
    const clients = new ClientSet();
    cleanups.push(() => clients.closeAll());

    // A rated game between two named players, played to the end.
    const ada = await createPlayer(url, 'Ada Backup');
    const bob = await createPlayer(url, 'Bob Backup');
    const rated = await seekPair(clients, [url, url], [ada, bob], { variant: '7x6c4' });
    const ratedSeats = { 1: rated.seat[1].client, 2: rated.seat[2].client };
    await play(url, ratedSeats, rated.gameId, [0, 1, 0, 1, 0, 1, 0]);
    const ratedEnd = await finished(rated.seat[1].client);
    expect(ratedEnd.rated).toBe(true);
    const adaRating = (await readPlayerPage(url, ada.player.id)).player.ratings;
    expect(adaRating[0]?.games).toBe(1);

    // A game in play: three moves made.
    const open = await openGame(url, null);
    const [p1, p2] = await joinBoth(url, open.gameId, open.secrets);
    cleanups.push(async () => {
      await Promise.all([p1.close(), p2.close()]);
    });
    await play(url, { 1: p1, 2: p2 }, open.gameId, [3, 3, 4]);

    const file = path.join(dir, 'c4.backup');
    const taken = await admin(backend.env, ['backup', '--out', file]);
    expect(taken.code, taken.err).toBe(0);
    const takenSummary = JSON.parse(taken.out) as { bytes: number };
    expect(takenSummary).toMatchObject({ games: 2, playing: 1, players: 2 });
    expect(takenSummary.bytes).toBe(statSync(file).size);
    // The backup is one file: nothing half-written or beside it.
    expect(readdirSync(dir)).toEqual(['c4.backup']);

    // Play goes on after the backup; none of it is in the backup.
    await play(url, { 1: p1, 2: p2 }, open.gameId, [4]);
    const late = await createPlayer(url, 'Cy After Backup');
    await before.kill();

    const target = await freshTarget(backend);
    cleanups.push(target.drop);
    const restored = await admin(target.env, ['restore', '--from', file]);
    expect(restored.code, restored.err).toBe(0);
    expect(JSON.parse(restored.out)).toMatchObject({
      games: 2,
      playing: 1,
      players: 2,
      bytes: statSync(file).size,
    });
    expect(readdirSync(dir)).toEqual(['c4.backup']);
    // A restore never overwrites a store.
    const again = await admin(target.env, ['restore', '--from', file]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/exists|already holds a store/);

    const after = new ServerProcess(target.env);
    cleanups.push(() => after.kill());
    const url2 = await after.start();
    const game1: PublicGame = await readGame(url2, rated.gameId);
    expect(game1).toMatchObject({
      status: 'finished',
      moves: ratedEnd.moves,
      result: ratedEnd.result,
      rated: true,
    });
    expect((await readPlayerPage(url2, ada.player.id)).player.ratings).toEqual(adaRating);
    expect((await readPlayerPage(url2, bob.player.id)).player.name).toBe('Bob Backup');
    expect((await fetch(`${url2}api/players/${late.player.id}`)).status).toBe(404);
    const me = await fetch(`${url2}api/players/me`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: ada.secret }),
    });
    expect(((await me.json()) as { player: { id: string } }).player.id).toBe(ada.player.id);

    // The unfinished game is as it was at the backup, and its players carry on.
    const game2 = await readGame(url2, open.gameId);
    expect(game2).toMatchObject({ status: 'playing', moves: [3, 3, 4], turn: 2 });
    const [q1, q2] = await joinBoth(url2, open.gameId, open.secrets);
    cleanups.push(async () => {
      await Promise.all([q1.close(), q2.close()]);
    });
    await play(url2, { 1: q1, 2: q2 }, open.gameId, [5, 2]);
    expect((await readGame(url2, open.gameId)).moves).toEqual([3, 3, 4, 5, 2]);
  });
});
