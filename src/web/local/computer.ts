import { familyGameToString, variantToString } from '../../core/index.js';
import { computerToMove, levelOf, positionOf, type Action } from '../state/game.js';
import type { GameState, Mode } from '../state/types.js';
import type { Search } from '../worker/client.js';
import type { GameRef } from '../worker/protocol.js';
import type { Clock } from './clock.js';

/** The computer answers no faster than this, so its move reads as a move, not a glitch. */
export const MIN_THINK_MS: Readonly<Record<Mode, number>> = {
  cpu: 350,
  watch: 650,
  pvp: 0,
  analysis: 0,
};

export const gameRef = (state: GameState): GameRef => ({
  ...state.settings.variant,
  moves: state.moves,
  ...(state.settings.game === 'classic'
    ? {}
    : { family: familyGameToString(positionOf(state), { alwaysPrefix: true }) }),
});

/** What decides the computer's move: a change here makes a running search stale. */
export function playersChanged(before: GameState, after: GameState): boolean {
  const players = (s: GameState): string =>
    [s.settings.mode, s.settings.level, ...s.settings.watchLevels, s.aPlays].join();
  return after.moves !== before.moves || players(after) !== players(before);
}

export interface ComputerEvents {
  /** The move, as a reducer action (it carries the ply it answers, so a stale one is a no-op). */
  readonly onMove: (action: Action) => void;
  readonly onError: (message: string) => void;
}

/**
 * The computer players: one search at a time, for the position on the board. `stop()` (a move,
 * undo, new game or a change of level) makes every reply of the search before it stale, even one
 * already waiting out the minimum thinking time.
 */
export class ComputerPlayer {
  private generation = 0;
  private running = false;
  private cancelWait: (() => void) | undefined;
  private prepared: string | undefined;

  constructor(
    private readonly search: Search,
    private readonly clock: Clock,
    private readonly random: () => number,
    private readonly events: ComputerEvents,
  ) {}

  /** True from the start of a search until its move is handed over (or it fails). */
  get thinking(): boolean {
    return this.running;
  }

  /**
   * Starts thinking if the computer is to move and is not already; returns whether it started.
   * `minimum` is the least time before the move is handed over (default: the mode's).
   */
  think(state: GameState, minimum = MIN_THINK_MS[state.settings.mode]): boolean {
    if (this.running || !computerToMove(state)) return false;
    const position = positionOf(state);
    const level = levelOf(state, position.turn) ?? 'intermediate';
    const ply = state.moves.length;
    const started = this.clock.now();
    const generation = ++this.generation;
    this.running = true;
    this.search.run(
      {
        type: 'move',
        game: gameRef(state),
        // No budget of its own: the worker plays the level's (src/ai/budgets.ts), as the CLI
        // and the server do, so the level plays as rated.
        level,
        seed: Math.floor(this.random() * 2 ** 32),
      },
      (reply) => {
        if (generation !== this.generation) return;
        if (reply.type === 'error') {
          this.running = false;
          this.events.onError(reply.message);
          return;
        }
        if (reply.type !== 'move') return;
        const wait = Math.max(0, minimum - (this.clock.now() - started));
        this.cancelWait = this.clock.after(wait, () => {
          this.cancelWait = undefined;
          if (generation !== this.generation) return;
          this.running = false;
          this.events.onMove({
            type: 'computer',
            column: reply.column,
            ply,
            ...(reply.kind === 'pop' ? { kind: 'pop' as const } : {}),
          });
        });
      },
    );
    return true;
  }

  /**
   * Fetches the opening book as soon as Perfect is to play a classic game (chosen, or restored
   * from storage), so its first moves do not wait for the download.
   */
  prepare(state: GameState): void {
    const { mode, level, watchLevels } = state.settings;
    const levels = mode === 'cpu' ? [level] : mode === 'watch' ? watchLevels : [];
    if (!levels.includes('perfect') || state.settings.game !== 'classic') return;
    const key = variantToString(state.settings.variant);
    if (this.prepared === key) return;
    this.prepared = key;
    this.search.prepare(gameRef(state));
  }

  stop(): void {
    // A running search's worker is terminated, and what it had fetched goes with it.
    if (this.running) this.prepared = undefined;
    this.generation++;
    this.cancelWait?.();
    this.cancelWait = undefined;
    this.search.cancel();
    this.running = false;
  }
}
