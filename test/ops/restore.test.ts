import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/server/store/postgres.js';
import {
  BACKEND_CASES,
  ServerProcess,
  TEST_DATABASE_URL,
  type Backend,
} from '../server/helpers.js';
import {
  createPlayer,
  joinBoth,
  openGame,
  play,
  readGame,
  readPlayerPage,
} from '../server/lobby.js';
import { pgToolsMissing } from '../server/services.js';
import { requireOrSkip } from '../support/skips.js';
import { commands, guideBlocks, runLocally } from './guide-blocks.js';

/**
 * docs/operations.md §7 followed on a store with games in it: the guide's backup block, play
 * and a new player after it, then the guide's restore-in-place block for the store, and the
 * server finds what was backed up and nothing after. The blocks are read from the guide and run
 * by `sh` with only the machine-specific parts substituted: `runuser -u USER --` runs the
 * command as this user, `systemctl stop|start c4@3001 c4@3002` stops (SIGTERM) and starts this
 * test's server process (one stands for both: no systemd here), `/opt/c4/current/dist/server/
 * admin.js` is this checkout's `src/server/admin.ts` run through tsx, the `/etc/c4`, `/var/...`
 * paths are temporary ones, and PostgreSQL's `c4` database, `public` schema and `c4` role are the
 * test database, a schema of this run and the test's role.
 */
const TEST_FILE = 'test/ops/restore.test.ts';
const [BACKUP, RESTORE_POSTGRES, RESTORE_SQLITE] = guideBlocks(TEST_FILE);
// The PostgreSQL half runs the guide's psql and the backup command's pg_dump/pg_restore.
const CASES = BACKEND_CASES.filter(
  ([name]) => name !== 'postgres' || requireOrSkip('PostgreSQL restore in place', pgToolsMissing()),
);

describe.each(CASES)('restore in place, as docs/operations.md says (%s)', (name, make) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('restores the backed-up store where it was, and keeps the replaced one aside', async () => {
    expect(
      guideBlocks(TEST_FILE),
      'the marked blocks of the guide: backup, restore ×2',
    ).toHaveLength(3);
    const backend: Backend = make();
    cleanups.push(() => backend.cleanup());
    const box = mkdtempSync(path.join(tmpdir(), 'c4-restore-in-place-'));
    cleanups.push(() => {
      rmSync(box, { recursive: true, force: true });
      return Promise.resolve();
    });
    const backups = path.join(box, 'backups');
    const data = path.join(box, 'lib');
    mkdirSync(backups);
    mkdirSync(data);
    const schema = backend.env['DATABASE_SCHEMA'] ?? '';
    const env: Record<string, string> =
      name === 'sqlite' ? { DATABASE_PATH: path.join(data, 'c4.sqlite') } : backend.env;
    const envFile = path.join(box, 'env');
    writeFileSync(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    if (name === 'postgres') {
      cleanups.push(async () => {
        const broken = new PostgresStore(TEST_DATABASE_URL, `${schema}_broken`);
        await broken.dropSchema();
        await broken.close();
      });
    }

    let server = new ServerProcess(env);
    cleanups.push(() => server.kill());
    const systemctl = async (command: string): Promise<void> => {
      if (command === 'systemctl stop c4@3001 c4@3002') await server.kill('SIGTERM');
      else if (command === 'systemctl start c4@3001 c4@3002') {
        server = new ServerProcess(env);
        await server.start();
      } else
        throw new Error(`the guide's command is not one this test can stand in for: ${command}`);
    };
    let backupFile = '';
    /** One of the guide's commands, on this machine's paths, by `sh`; its stdout. */
    const sh = (command: string): string => {
      const run = runLocally(command, [
        ['/opt/c4/current/dist/server/admin.js', 'src/server/admin.ts'],
        ['/etc/c4/env', envFile],
        [/\/var\/backups\/c4\/c4-\d{8}T\d{6}Z\.dump/g, backupFile],
        ['/var/backups/c4', backups],
        ['/var/lib/c4', data],
        [/psql c4 /g, `psql '${TEST_DATABASE_URL}' `],
        [/\bpublic/g, schema],
        [' AUTHORIZATION c4', ''],
      ]);
      expect(run.status, `${run.script}\n${run.stderr}`).toBe(0);
      return run.stdout;
    };
    /** Runs a block; the last line it printed (the admin command's JSON summary). */
    const follow = async (block: string): Promise<string> => {
      let out = '';
      for (const command of commands(block)) {
        if (command.startsWith('systemctl ')) await systemctl(command);
        else out += sh(command);
      }
      return out.trim().split('\n').at(-1) ?? '';
    };

    // A store with games in it: one played to the end, one in play, two named players.
    const url = await server.start();
    const ada = await createPlayer(url, 'Ada Restore');
    await createPlayer(url, 'Bob Restore');
    const done = await openGame(url, null);
    const doneSeats = await joinBoth(url, done.gameId, done.secrets);
    await play(url, { 1: doneSeats[0], 2: doneSeats[1] }, done.gameId, [0, 1, 0, 1, 0, 1, 0]);
    const open = await openGame(url, null);
    const [p1, p2] = await joinBoth(url, open.gameId, open.secrets);
    await play(url, { 1: p1, 2: p2 }, open.gameId, [3, 3, 4]);

    const taken = JSON.parse(await follow(BACKUP!)) as { file: string; games: number };
    expect(taken).toMatchObject({ games: 2, playing: 1, players: 2 });
    backupFile = taken.file;
    expect(readdirSync(backups)).toEqual([path.basename(backupFile)]);

    // What is lost by the restore: a move and a player after the backup.
    await play(url, { 1: p1, 2: p2 }, open.gameId, [4]);
    const late = await createPlayer(url, 'Cy After Backup');
    await Promise.all([...doneSeats, p1, p2].map((c) => c.close()));

    const restored = await follow(name === 'sqlite' ? RESTORE_SQLITE! : RESTORE_POSTGRES!);
    expect(JSON.parse(restored)).toMatchObject({ games: 2, playing: 1, players: 2 });
    const url2 = server.url;
    expect(await readGame(url2, done.gameId)).toMatchObject({
      status: 'finished',
      moves: [0, 1, 0, 1, 0, 1, 0],
    });
    expect(await readGame(url2, open.gameId)).toMatchObject({
      status: 'playing',
      moves: [3, 3, 4],
    });
    expect((await readPlayerPage(url2, ada.player.id)).player.name).toBe('Ada Restore');
    expect((await fetch(`${url2}api/players/${late.player.id}`)).status).toBe(404);
    // The players carry on from the backed-up position.
    const [q1, q2] = await joinBoth(url2, open.gameId, open.secrets);
    cleanups.push(async () => {
      await Promise.all([q1.close(), q2.close()]);
    });
    await play(url2, { 1: q1, 2: q2 }, open.gameId, [5]);
    // The backup is still there, and so is the replaced store, with what came after the backup.
    expect(readdirSync(backups)).toEqual([path.basename(backupFile)]);
    await server.kill('SIGTERM');
    const aside =
      name === 'sqlite'
        ? { DATABASE_PATH: path.join(data, 'broken-20261201', 'c4.sqlite') }
        : { ...backend.env, DATABASE_SCHEMA: `${schema}_broken` };
    const replaced = new ServerProcess(aside);
    cleanups.push(() => replaced.kill());
    const url3 = await replaced.start();
    expect((await readPlayerPage(url3, late.player.id)).player.name).toBe('Cy After Backup');
    expect((await readGame(url3, open.gameId)).moves).toEqual([3, 3, 4, 4]);
  });
});
