import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/server/game/reducer.js';
import type { GameState } from '../../../src/server/game/state.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { BACKEND_CASES } from '../helpers.js';
import { suiteStore } from '../suite-store.js';

const hash = (c: string): string => c.repeat(64);

function game(id: string, now = 1000): GameState {
  return newGame({ id, variant: '7x6c4', clock: null, seats: [hash('a'), hash('b')] }, now);
}

describe.each(BACKEND_CASES)('%s store', (_name, make) => {
  const store = suiteStore(make);

  it('migrations are versioned and re-running them changes nothing', async () => {
    expect(await store().migrate()).toBe(MIGRATIONS.at(-1)!.version);
    expect(await store().migrate()).toBe(MIGRATIONS.at(-1)!.version);
  });

  it('round-trips a game', async () => {
    const g = game('roundtrip1');
    await store().insertGame(g);
    expect(await store().getGame('roundtrip1')).toEqual(g);
    expect(await store().getGame('missing00')).toBeUndefined();
  });

  it('finds the games due to end by themselves, earliest first, and lets the sweep postpone one', async () => {
    // Far in the future of every other test's games, so only these are due in the window.
    const T = 9_000_000_000_000;
    const limits = { abortMs: 30_000, leaveMs: 90_000 };
    const timed = (id: string, at: number): GameState =>
      newGame({ id, variant: '7x6c4', clock: null, seats: [hash('a'), hash('b')], limits }, at);
    const early = timed('dueearly1', T);
    const late = timed('duelate01', T + 5_000);
    const waiting = newGame(
      { id: 'duewait01', variant: '7x6c4', clock: null, seats: [hash('a'), null], limits },
      T,
    );
    for (const g of [late, early, waiting]) await store().insertGame(g);
    const ids = async (now: number): Promise<string[]> =>
      (await store().dueGames(now, 100)).map((g) => g.id).filter((id) => id.startsWith('due'));
    expect(await ids(T + 29_999)).toEqual([]);
    expect(await ids(T + 35_000)).toEqual(['dueearly1', 'duelate01']);
    // A finished game is never due; a postponement holds only for the version it was made on.
    const over = { ...early, version: 1, status: 'finished' as const, updatedAt: 0 };
    expect(await store().compareAndSet(over, 0)).toBe(true);
    await store().postponeDue('duelate01', 0, T + 200_000);
    expect(await ids(T + 199_999)).toEqual([]);
    expect(await ids(T + 200_000)).toEqual(['duelate01']);
    await store().postponeDue('duelate01', 7, T + 900_000);
    expect(await ids(T + 200_000)).toEqual(['duelate01']);
  });

  it('compare-and-set lets exactly one of two writers of the same version win', async () => {
    const g = game('casgame01');
    await store().insertGame(g);
    const left = { ...g, version: 1, moves: [0] };
    const right = { ...g, version: 1, moves: [6] };
    const wins = await Promise.all([
      store().compareAndSet(left, 0),
      store().compareAndSet(right, 0),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    const stored = await store().getGame('casgame01');
    expect(stored?.version).toBe(1);
    expect(stored?.moves).toEqual(wins[0] ? [0] : [6]);
    // A writer still holding version 0 can never overwrite.
    expect(await store().compareAndSet({ ...g, version: 1, moves: [2] }, 0)).toBe(false);
  });

  it('writes asked for at once (grouped into one statement on PostgreSQL) each keep their own version check', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `grpwrite${i}`);
    const games = ids.map((id) => game(id));
    for (const g of games) await store().insertGame(g);
    const next = (g: GameState, column: number): GameState => ({
      ...g,
      version: g.version + 1,
      moves: [...g.moves, column],
      updatedAt: g.updatedAt + 1,
    });
    // Five fresh writes, one on a version the game is not at, and a second writer of game 0.
    const wins = await Promise.all([
      ...games.slice(0, 5).map((g, i) => store().compareAndSet(next(g, i), g.version)),
      store().compareAndSet(next(games[5]!, 3), games[5]!.version + 4),
      store().compareAndSet(next(games[0]!, 6), games[0]!.version),
    ]);
    expect(wins.slice(1, 6)).toEqual([true, true, true, true, false]);
    // Exactly one of the two writers of game 0 won, and the row holds its move.
    expect(wins[0]).not.toBe(wins[6]);
    expect((await store().getGame(ids[0]!))?.moves).toEqual(wins[0] ? [0] : [6]);
    for (const [i, id] of ids.entries()) {
      const stored = await store().getGame(id);
      expect(stored?.version).toBe(i === 5 ? 0 : 1);
      if (i > 0 && i < 5) expect(stored?.moves).toEqual([i]);
    }
  });

  it('many writes asked for at once (more than one grouped statement holds) are all applied', async () => {
    const games = Array.from({ length: 75 }, (_, i) => game(`manywrite${i}`));
    for (const g of games) await store().insertGame(g);
    const wins = await Promise.all(
      games.map((g, i) => store().compareAndSet({ ...g, version: 1, moves: [i % 7] }, 0)),
    );
    expect(wins.every(Boolean)).toBe(true);
    for (const [i, g] of games.entries()) {
      expect((await store().getGame(g.id))?.moves).toEqual([i % 7]);
    }
  });

  it('a write that creates a game (an accepted rematch) is one transaction with the version check', async () => {
    const g = game('rmatch001');
    await store().insertGame(g);
    const next = { ...g, version: 1, rematchGameId: 'rmatch002' };
    const rematch = game('rmatch002');
    // A lost race creates nothing.
    expect(await store().compareAndSet(next, 7, [], rematch)).toBe(false);
    expect(await store().getGame('rmatch002')).toBeUndefined();
    // A failing insert (here: the id is taken) undoes the version change with it.
    await store().insertGame(game('rmatch003'));
    await expect(
      store().compareAndSet(
        { ...g, version: 1, rematchGameId: 'rmatch003' },
        0,
        [],
        game('rmatch003'),
      ),
    ).rejects.toThrow();
    expect((await store().getGame('rmatch001'))?.version).toBe(0);
    // The winning write stores both.
    expect(await store().compareAndSet(next, 0, [], rematch)).toBe(true);
    expect((await store().getGame('rmatch001'))?.rematchGameId).toBe('rmatch002');
    expect(await store().getGame('rmatch002')).toEqual(rematch);
  });

  it('many concurrent increments lose no update', async () => {
    await store().insertGame(game('counter01'));
    const bump = async (): Promise<void> => {
      for (;;) {
        const current = (await store().getGame('counter01'))!;
        const next = { ...current, version: current.version + 1, moves: [...current.moves, 0] };
        if (await store().compareAndSet(next, current.version)) return;
      }
    };
    await Promise.all(Array.from({ length: 20 }, bump));
    const final = await store().getGame('counter01');
    expect(final?.version).toBe(20);
    expect(final?.moves).toHaveLength(20);
  });

  it('lists finished games newest first', async () => {
    await store().insertGame({ ...game('finished1', 5000), status: 'finished' });
    await store().insertGame({ ...game('finished2', 6000), status: 'finished' });
    const listed = await store().listFinished(10);
    expect(listed.map((g) => g.id).slice(0, 2)).toEqual(['finished2', 'finished1']);
  });

  it('quick match pairs two seekers of one pool once, and remembers the match', async () => {
    let made = 0;
    const pair = (waiting: string, arriving: string): GameState => {
      made++;
      return { ...game(`paired0${made}`), seats: [waiting, arriving] };
    };
    const now = 10_000;
    const first = await store().seek(
      { id: 'seek0001', pool: 'p1', secretHash: hash('1'), now, expiresAt: now + 30_000 },
      pair,
    );
    expect(first).toEqual({ kind: 'waiting', seekId: 'seek0001' });
    const other = await store().seek(
      { id: 'seek0002', pool: 'p2', secretHash: hash('2'), now, expiresAt: now + 30_000 },
      pair,
    );
    expect(other.kind).toBe('waiting');
    const second = await store().seek(
      { id: 'seek0003', pool: 'p1', secretHash: hash('3'), now, expiresAt: now + 30_000 },
      pair,
    );
    expect(second).toMatchObject({
      kind: 'matched',
      gameId: 'paired01',
      seat: 2,
      partnerSeekId: 'seek0001',
      partnerSeat: 1,
    });
    expect((await store().getGame('paired01'))?.seats).toEqual([hash('1'), hash('3')]);
    // The waiting player asking again learns of its game; nobody is paired twice.
    const again = await store().seek(
      { id: 'seek0004', pool: 'p1', secretHash: hash('1'), now, expiresAt: now + 30_000 },
      pair,
    );
    expect(again).toMatchObject({ kind: 'matched', gameId: 'paired01', seat: 1 });
    expect(made).toBe(1);
  });

  it('concurrent seekers in one pool are all paired, none twice', async () => {
    const now = 20_000;
    let made = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store().seek(
          {
            id: `conc000${i}`,
            pool: 'p3',
            secretHash: hash(String.fromCharCode(100 + i)),
            now,
            expiresAt: now + 30_000,
          },
          (w, a) => ({ ...game(`concgame${made++}`), seats: [w, a] }),
        ),
      ),
    );
    expect(made).toBe(4);
    expect(outcomes.filter((o) => o.kind === 'matched')).toHaveLength(4);
  });

  it('a seek with the secret of a finished match is a new request, not that old game', async () => {
    const now = 30_000;
    let made = 0;
    const pair = (w: string, a: string): GameState => ({
      ...game(`reused0${++made}`, now),
      seats: [w, a],
    });
    const request = (id: string, who: string) => ({
      id,
      pool: 'p5',
      secretHash: hash(who),
      now,
      expiresAt: now + 30_000,
    });
    await store().seek(request('reuse001', 'r'), pair);
    expect(await store().seek(request('reuse002', 's'), pair)).toMatchObject({
      kind: 'matched',
      gameId: 'reused01',
    });
    const played = (await store().getGame('reused01'))!;
    const over: GameState = { ...played, version: 1, status: 'finished' };
    expect(await store().compareAndSet(over, 0)).toBe(true);
    // Within the 30 s the match row lives: same secret, finished game: queue again.
    expect(await store().seek(request('reuse003', 'r'), pair)).toEqual({
      kind: 'waiting',
      seekId: 'reuse003',
    });
    expect(await store().seek(request('reuse004', 't'), pair)).toMatchObject({
      kind: 'matched',
      gameId: 'reused02',
      partnerSeekId: 'reuse003',
    });
  });

  it('expired and cancelled seeks are not paired', async () => {
    const pair = (w: string, a: string): GameState => ({ ...game('expired01'), seats: [w, a] });
    await store().seek(
      { id: 'old00001', pool: 'p4', secretHash: hash('x'), now: 0, expiresAt: 10 },
      pair,
    );
    await store().seek(
      { id: 'gone0001', pool: 'p4', secretHash: hash('y'), now: 50, expiresAt: 100_000 },
      pair,
    );
    await store().cancelSeek('gone0001');
    const late = await store().seek(
      { id: 'late0001', pool: 'p4', secretHash: hash('z'), now: 100, expiresAt: 100_000 },
      pair,
    );
    expect(late.kind).toBe('waiting');
  });
});
