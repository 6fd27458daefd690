import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../src/core/index.js';
import { LocalBus } from '../../src/server/bus/local.js';
import { newGame, reduce } from '../../src/server/game/reducer.js';
import type { GameState } from '../../src/server/game/state.js';
import { GameService } from '../../src/server/games.js';
import { createLogger } from '../../src/server/log.js';
import { Metrics } from '../../src/server/metrics.js';
import { SqliteStore } from '../../src/server/store/sqlite.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

/** A service on a fresh store whose "held" states are whatever the test puts in `held`. */
async function setup() {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const held = new Map<string, GameState>();
  const metrics = new Metrics();
  const service = new GameService({
    store,
    bus: new LocalBus(),
    now: () => 1000,
    random: () => 0.5,
    metrics,
    log: createLogger('silent', () => undefined),
    limits: { abortMs: 30_000, leaveMs: 90_000 },
    onStored: (state) => held.set(state.id, state),
    latest: (id) => held.get(id),
  });
  const start = newGame({ id: 'held0001', variant: '7x6c4', clock: null, seats: [A, B] }, 0);
  await store.insertGame(start);
  const reads = vi.spyOn(store, 'getGame');
  return { store, service, held, reads, start, metrics };
}

const move = (by: 1 | 2, column: number, version: number) => () =>
  ok({ type: 'move' as const, by, column, version });

const conflicts = (metrics: Metrics): Promise<number> => metrics.casConflicts.value();

describe('moves built on the state the process holds', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('cost one write and no read when the held state is the stored one', async () => {
    const { store, service, held, reads, start } = await setup();
    held.set(start.id, start);
    const done = await service.execute(start.id, move(1, 3, 0));
    expect(done.ok && done.value.state.moves).toEqual([3]);
    expect(reads).not.toHaveBeenCalled();
    // The next move is built on the state this process just stored.
    const again = await service.execute(start.id, move(2, 4, 1));
    expect(again.ok && again.value.state.moves).toEqual([3, 4]);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    expect((await store.getGame(start.id))?.moves).toEqual([3, 4]);
  });

  it('are judged on a fresh read when the held state is behind (another process moved)', async () => {
    const { store, service, held, reads, start, metrics } = await setup();
    held.set(start.id, start);
    // Another process stores seat 1's move; this one has not heard of it yet.
    const elsewhere = reduce(start, { type: 'move', by: 1, column: 0, version: 0 }, 0);
    if (!elsewhere.ok) throw new Error(elsewhere.error.code);
    expect(await store.compareAndSet(elsewhere.value.state, 0)).toBe(true);

    // Seat 2, who saw that move, answers it: refused on the held state, accepted on the store's.
    const answer = await service.execute(start.id, move(2, 6, 1));
    expect(answer.ok && answer.value.state.moves).toEqual([0, 6]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await conflicts(metrics)).toBe(0);
    expect((await store.getGame(start.id))?.moves).toEqual([0, 6]);
  });

  it('never overwrite a newer stored state from a held one that is behind', async () => {
    const { store, service, held, start } = await setup();
    held.set(start.id, start);
    const elsewhere = reduce(start, { type: 'move', by: 1, column: 0, version: 0 }, 0);
    if (!elsewhere.ok) throw new Error(elsewhere.error.code);
    expect(await store.compareAndSet(elsewhere.value.state, 0)).toBe(true);

    // A second seat-1 move on the old version: the held state would accept it, the store not.
    const stale = await service.execute(start.id, move(1, 5, 0));
    expect(stale.ok ? 'accepted' : stale.error.code).toBe('stale_version');
    expect((await store.getGame(start.id))?.moves).toEqual([0]);
  });
});
