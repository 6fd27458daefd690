import { describe, expect, it } from 'vitest';
import { rateGame, INITIAL } from '../../../src/rating/index.js';
import { newGame } from '../../../src/server/game/reducer.js';
import { FARM_LIMIT } from '../../../src/server/matchmaking/partners.js';
import type { GameState } from '../../../src/server/game/state.js';
import type { RatingUpdate } from '../../../src/server/store/players.js';
import type { GameStore } from '../../../src/server/store/types.js';
import { BACKEND_CASES } from '../helpers.js';
import { suiteStore } from '../suite-store.js';

const hash = (c: string): string => c.repeat(64);

async function player(store: GameStore, id: string, name = id): Promise<void> {
  expect(
    await store.createPlayer({
      id,
      name,
      nameKey: name.toLowerCase(),
      secretHash: hash(id[0]!),
      now: 1,
    }),
  ).toBe('created');
}

function ratedGame(id: string, a: string, b: string): GameState {
  return {
    ...newGame({ id, variant: '7x6c4', clock: null, seats: [hash('1'), hash('2')] }, 1000),
    players: [
      { id: a, name: a },
      { id: b, name: b },
    ],
    rated: true,
  };
}

/** The rating updates of "a beat b", computed from what the store holds now. */
async function aBeatB(store: GameStore, a: string, b: string, at: number): Promise<RatingUpdate[]> {
  const ra = (await store.ratingsOf(a)).find((r) => r.pool === 'classic');
  const rb = (await store.ratingsOf(b)).find((r) => r.pool === 'classic');
  const [na, nb] = rateGame(ra ?? INITIAL, rb ?? INITIAL, 1);
  const update = (
    playerId: string,
    row: typeof ra,
    next: RatingUpdate['next'],
    outcome: RatingUpdate['outcome'],
  ): RatingUpdate => ({
    playerId,
    pool: 'classic',
    expectedVersion: row?.version ?? 0,
    before: (row ?? INITIAL).rating,
    next,
    outcome,
    at,
  });
  return [update(a, ra, na, 'win'), update(b, rb, nb, 'loss')];
}

describe.each(BACKEND_CASES)('%s player store', (_n, make) => {
  const store = suiteStore(make, async (opened) => {
    for (const name of ['alice', 'bob', 'carol']) await player(opened, name);
  });

  it('creates players with unique names and keys, found only by the key hash', async () => {
    expect(
      await store().createPlayer({
        id: 'alice2',
        name: 'ALICE',
        nameKey: 'alice',
        secretHash: hash('z'),
        now: 1,
      }),
    ).toBe('name_taken');
    expect(
      await store().createPlayer({
        id: 'zed',
        name: 'zed',
        nameKey: 'zed',
        secretHash: hash('a'),
        now: 1,
      }),
    ).toBe('key_taken');
    expect((await store().playerByKey(hash('a')))?.id).toBe('alice');
    expect(await store().playerByKey(hash('q'))).toBeUndefined();
    expect((await store().getPlayer('bob'))?.name).toBe('bob');
  });

  it('renames at most once per interval and never onto a taken name', async () => {
    expect(await store().renamePlayer('carol', 'Caro', 'caro', 100, 50)).toBe('renamed');
    expect(await store().renamePlayer('carol', 'Carla', 'carla', 120, 70)).toBe('too_soon');
    expect(await store().renamePlayer('carol', 'Bob', 'bob', 500, 400)).toBe('name_taken');
    expect(await store().renamePlayer('nobody', 'Nobody', 'nobody', 500, 400)).toBe('not_found');
    expect((await store().getPlayer('carol'))?.name).toBe('Caro');
  });

  it('a transfer code adds a key once and expires', async () => {
    await store().createTransferCode('bob', hash('c0'), 1000);
    expect(await store().redeemTransferCode(hash('c0'), hash('n'), 500)).toMatchObject({
      id: 'bob',
    });
    expect((await store().playerByKey(hash('n')))?.id).toBe('bob');
    expect((await store().playerByKey(hash('b')))?.id).toBe('bob');
    expect(await store().redeemTransferCode(hash('c0'), hash('m'), 600)).toBe('invalid_code');
    await store().createTransferCode('bob', hash('c1'), 1000);
    expect(await store().redeemTransferCode(hash('c1'), hash('m'), 1001)).toBe('invalid_code');
  });

  it('a secret that already names a player is refused before the code is spent', async () => {
    await store().createTransferCode('bob', hash('c2'), 5000);
    // Alice's secret, and Bob's own: both name a player already, and the code stays valid.
    expect(await store().redeemTransferCode(hash('c2'), hash('a'), 600)).toBe('identity_taken');
    expect(await store().redeemTransferCode(hash('c2'), hash('b'), 600)).toBe('identity_taken');
    expect((await store().playerByKey(hash('a')))?.id).toBe('alice');
    expect(await store().redeemTransferCode(hash('c2'), hash('k'), 700)).toMatchObject({
      id: 'bob',
    });
    expect(await store().redeemTransferCode(hash('c2'), hash('j'), 700)).toBe('invalid_code');
  });

  it('one new secret redeemed with two codes at once gets one player, and the other code stays', async () => {
    await store().createTransferCode('alice', hash('c3'), 5000);
    await store().createTransferCode('carol', hash('c4'), 5000);
    const outcomes = await Promise.all([
      store().redeemTransferCode(hash('c3'), hash('w'), 800),
      store().redeemTransferCode(hash('c4'), hash('w'), 800),
    ]);
    const won = outcomes.filter((o) => typeof o !== 'string');
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'identity_taken')).toHaveLength(1);
    // The losing code can still move its player to another secret.
    const [spareCode, sparePlayer] =
      won[0]?.id === 'alice' ? [hash('c4'), 'carol'] : [hash('c3'), 'alice'];
    expect(await store().redeemTransferCode(spareCode, hash('v'), 900)).toMatchObject({
      id: sparePlayer,
    });
  });

  it('a rated result is applied exactly once, however often and concurrently the end is written', async () => {
    const g = ratedGame('ratedg01', 'alice', 'bob');
    await store().insertGame(g);
    const updates = await aBeatB(store(), 'alice', 'bob', 2000);
    const end: GameState = {
      ...g,
      version: 1,
      status: 'finished',
      result: { kind: 'win', winner: 1, reason: 'resign' },
    };
    // Five writers (retries, processes) race to finish the same version: one wins.
    const wins = await Promise.all(
      Array.from({ length: 5 }, () => store().compareAndSet(end, 0, updates)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await store().compareAndSet(end, 0, updates)).toBe(false);
    const [alice] = await store().ratingsOf('alice');
    const [bob] = await store().ratingsOf('bob');
    expect(alice).toMatchObject({ pool: 'classic', games: 1, wins: 1, version: 1 });
    expect(bob).toMatchObject({ pool: 'classic', games: 1, losses: 1, version: 1 });
    expect(alice!.rating).toBeGreaterThan(1500);
    expect(await store().ratingHistory('alice', 10)).toEqual([
      {
        gameId: 'ratedg01',
        pool: 'classic',
        before: 1500,
        after: alice!.rating,
        rd: alice!.rd,
        at: 2000,
      },
    ]);
    expect((await store().gamesOf('bob', 5)).map((s) => s.id)).toContain('ratedg01');
  });

  it('a rating computed from a row that moved meanwhile is refused and the game is not finished', async () => {
    const first = ratedGame('ratedg02', 'alice', 'carol');
    const second = ratedGame('ratedg03', 'alice', 'bob');
    await store().insertGame(first);
    await store().insertGame(second);
    const stale = await aBeatB(store(), 'alice', 'carol', 3000);
    const fresh = await aBeatB(store(), 'alice', 'bob', 3000);
    const finish = (g: GameState): GameState => ({
      ...g,
      version: 1,
      status: 'finished',
      result: { kind: 'win', winner: 1, reason: 'connect' },
    });
    expect(await store().compareAndSet(finish(second), 0, fresh)).toBe(true);
    // Alice's row is at version 2 now: the stale update must not apply, nor the game end.
    expect(await store().compareAndSet(finish(first), 0, stale)).toBe(false);
    expect((await store().getGame('ratedg02'))?.status).toBe('playing');
    const retry = await aBeatB(store(), 'alice', 'carol', 3001);
    expect(await store().compareAndSet(finish(first), 0, retry)).toBe(true);
    expect((await store().ratingsOf('alice'))[0]).toMatchObject({ games: 3, wins: 3, version: 3 });
    expect(await store().ratingHistory('alice', 10)).toHaveLength(3);
  });

  it('the leaderboard lists established players of a pool, best first', async () => {
    const board = await store().leaderboard('classic', 400, 10);
    expect(board[0]?.playerId).toBe('alice');
    expect(board.map((e) => e.rating)).toEqual(
      [...board.map((e) => e.rating)].sort((a, b) => b - a),
    );
    expect(await store().leaderboard('classic', 100, 10)).toEqual([]);
    expect(await store().leaderboard('connectN', 400, 10)).toEqual([]);
  });

  it('a waiting seek gets at most one computer game, however many processes offer one', async () => {
    await store().seek(
      { id: 'botseek1', pool: 'bots/p', secretHash: hash('s'), now: 1000, expiresAt: 100_000 },
      () => {
        throw new Error('nobody to pair with');
      },
    );
    let made = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        store().seekComputer('botseek1', 2000, (secretHash) => ({
          state: newGame(
            {
              id: `botmade${made++}`,
              variant: '7x6c4',
              clock: null,
              seats: [secretHash, 'bot:strong'],
            },
            2000,
          ),
          seat: 1,
        })),
      ),
    );
    const games = new Set(outcomes.map((o) => (o?.kind === 'matched' ? o.gameId : 'none')));
    expect(games.size).toBe(1);
    expect(made).toBe(1);
    // A seek that is gone gets no game.
    expect(
      await store().seekComputer('nosuchseek', 2000, () => {
        throw new Error('unused');
      }),
    ).toBeUndefined();
  });

  it('counts recent rated games between two players seeking from one address (farming limit)', async () => {
    for (const id of ['farm0001', 'farm0002', 'farm0003']) {
      await store().insertGame({ ...ratedGame(id, 'alice', 'bob'), createdAt: 50_000 });
    }
    const alice = { id: 'alice', name: 'alice' };
    const bob = { id: 'bob', name: 'bob' };
    const seen: number[] = [];
    const pair = (pool: string, address: string) =>
      store().seek(
        {
          id: `farm${pool}b`,
          pool,
          secretHash: hash('y'),
          now: 60_000,
          expiresAt: 90_000,
          player: bob,
          address,
        },
        (w, a2, _partner, context) => {
          seen.push(context.recentRatedGames);
          return { ...ratedGame(`farmg${pool}`, 'alice', 'bob'), seats: [w, a2] };
        },
      );
    // Alice waits in each pool from 10.0.0.1; Bob comes from the same address, then another.
    for (const [n, address] of [
      [1, '10.0.0.1'],
      [2, '10.0.0.2'],
    ] as const) {
      await store().seek(
        {
          id: `farmp${n}a`,
          pool: `farm/p${n}`,
          secretHash: hash('x'),
          now: 60_000,
          expiresAt: 90_000,
          player: alice,
          address: '10.0.0.1',
        },
        () => {
          throw new Error('nobody waits');
        },
      );
      await pair(`farm/p${n}`, address);
    }
    // Same address: every rated alice-bob game of the day counts (these three and the two of the
    // tests above), enough for the service to make the next one casual; another address: none.
    expect(seen).toEqual([5, 0]);
    expect(seen[0]).toBeGreaterThanOrEqual(FARM_LIMIT);
  });

  it('finds games still being played against the computer', async () => {
    await store().insertGame({
      ...ratedGame('botgame1', 'alice', 'bot:strong'),
      players: [
        { id: 'alice', name: 'alice' },
        { id: 'bot:strong', name: 'Strong', computer: 'strong' },
      ],
    });
    expect((await store().playingComputerGames()).map((g) => g.id)).toEqual(['botgame1']);
  });
});
