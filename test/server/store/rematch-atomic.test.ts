import { describe, expect, it } from 'vitest';
import { ok } from '../../../src/core/index.js';
import { LocalBus } from '../../../src/server/bus/local.js';
import { newGame, reduce, type Command } from '../../../src/server/game/reducer.js';
import type { GameState } from '../../../src/server/game/state.js';
import { GameService } from '../../../src/server/games.js';
import { createLogger } from '../../../src/server/log.js';
import { Metrics } from '../../../src/server/metrics.js';
import type { GameStore } from '../../../src/server/store/types.js';
import { BACKEND_CASES } from '../helpers.js';
import { suiteStore } from '../suite-store.js';

/**
 * Defect 1 of issue 19, the way it was found: the rematch was inserted, then the version was
 * checked, then deleted on a conflict, so a process dying at the check left an orphan game.
 */

const T0 = 1_000_000;

/** A finished game (seat 1 resigned) with seat 1's rematch offer standing. */
function offered(id: string): GameState {
  let state = newGame(
    { id, variant: '7x6c4', clock: null, seats: ['a'.repeat(64), 'b'.repeat(64)] },
    T0,
  );
  for (const command of [
    { type: 'resign', by: 1 },
    { type: 'rematch', by: 1, newGameId: 'unused' },
  ] satisfies Command[]) {
    const next = reduce(state, command, T0);
    if (!next.ok) throw new Error(next.error.code);
    state = next.value.state;
  }
  return state;
}

/** The store, but the version check of game `gameId` fails by `how` until `times` runs out. */
function troubled(store: GameStore, how: 'crash' | 'race', times: number): GameStore {
  let left = times;
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key !== 'compareAndSet') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<GameStore['compareAndSet']>): Promise<boolean> => {
        if (left-- > 0) {
          if (how === 'crash') throw new Error('the process died here');
          // Another writer changes the game first.
          const current = (await target.getGame(args[0].id))!;
          await target.compareAndSet(
            { ...current, version: current.version + 1, updatedAt: current.updatedAt + 1 },
            current.version,
          );
        }
        return target.compareAndSet(...args);
      };
    },
  });
}

const service = (store: GameStore): GameService =>
  new GameService({
    store,
    bus: new LocalBus(),
    now: () => T0 + 1000,
    random: () => 0.5,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    limits: { abortMs: 30_000, leaveMs: 90_000 },
    onStored: () => undefined,
  });

const accept = (newGameId: string) => () => ok<Command>({ type: 'rematch', by: 2, newGameId });

describe.each(BACKEND_CASES)('rematch creation (%s)', (_name, make) => {
  const store = suiteStore(make);

  it('a crash at the version check leaves no rematch behind', async () => {
    await store().insertGame(offered('crash0001'));
    await expect(
      service(troubled(store(), 'crash', 1)).execute('crash0001', accept('crash0002')),
    ).rejects.toThrow('the process died here');
    expect(await store().getGame('crash0002')).toBeUndefined();
    expect((await store().getGame('crash0001'))?.rematchGameId).toBeNull();
  });

  it('a lost race creates the rematch once, with the write that wins', async () => {
    await store().insertGame(offered('race00001'));
    const done = await service(troubled(store(), 'race', 2)).execute(
      'race00001',
      accept('race00002'),
    );
    expect(done.ok).toBe(true);
    const rematch = await store().getGame('race00002');
    expect(rematch?.previousGameId).toBe('race00001');
    expect((await store().getGame('race00001'))?.rematchGameId).toBe('race00002');
  });
});
