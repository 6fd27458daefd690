import { afterAll, beforeAll } from 'vitest';
import type { GameStore } from '../../src/server/store/types.js';
import type { Backend } from './helpers.js';

/**
 * A store of `make`'s backend for one suite: opened (and migrated) before its tests, `ready`
 * run on it, closed and dropped after them. Returns the store's getter, for use in the tests.
 */
export function suiteStore(
  make: () => Backend,
  ready: (store: GameStore) => Promise<void> = () => Promise.resolve(),
): () => GameStore {
  let backend: Backend | undefined;
  let store: GameStore | undefined;
  beforeAll(async () => {
    backend = make();
    store = await backend.open();
    await ready(store);
  });
  afterAll(async () => {
    await store?.close();
    await backend?.cleanup();
  });
  return () => {
    if (!store) throw new Error('the suite store is used before the suite opened it');
    return store;
  };
}
