import type { GameState } from '../game/state.js';

/**
 * The latest state held of one game, whichever process stored it: states arrive out of order
 * (this process's writes, the bus, a join that read the store), and the highest version wins.
 */
export class LatestState {
  constructor(private current: GameState) {}

  get state(): GameState {
    return this.current;
  }

  /** Takes `state` if it is newer than the one held; false (and nothing changes) otherwise. */
  offer(state: GameState): boolean {
    if (state.version <= this.current.version) return false;
    this.current = state;
    return true;
  }
}
