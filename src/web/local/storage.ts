import { deserialize, serialize } from '../state/persist.js';
import type { GameState } from '../state/types.js';

const STORAGE_KEY = 'connect-four.web.v1';

/** The game in progress, settings and scores, kept in local storage across reloads. */
export interface GameStore {
  load(): GameState;
  save(state: GameState): void;
}

export function createStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null): GameStore {
  return {
    load() {
      try {
        return deserialize(storage?.getItem(STORAGE_KEY) ?? null);
      } catch {
        return deserialize(null);
      }
    },
    save(state) {
      try {
        storage?.setItem(STORAGE_KEY, serialize(state));
      } catch {
        // Private mode or a full quota: the game still works, it just will not survive a reload.
      }
    },
  };
}
