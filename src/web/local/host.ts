import type { Action } from '../state/game.js';
import type { GameState } from '../state/types.js';
import type { Talk } from './talk.js';

/** What each part of the page gets from the controller: the state, a way to change it, a voice. */
export interface Host {
  state(): GameState;
  /** Applies an action through the reducer; false when it changed nothing (or was refused). */
  dispatch(action: Action): boolean;
  readonly talk: Talk;
}
