import type { GameState } from '../state/types.js';
import { byId } from '../dom.js';

/** How long each computer takes at least per move while watching, by speed. */
export const WATCH_DELAY_MS = { slow: 1500, normal: 650, fast: 150 } as const;
export type WatchSpeed = keyof typeof WATCH_DELAY_MS;

/**
 * What a viewer controls while two computers play: pause, one move at a time, speed. Pure, so
 * the rules (a step is one move, then paused again) are testable without a page.
 */
export class WatchState {
  paused = false;
  speed: WatchSpeed = 'normal';
  private steps = 0;

  /** May the next computer move start now? Consumes a step when paused. */
  mayMove(): boolean {
    if (!this.paused) return true;
    if (this.steps === 0) return false;
    this.steps--;
    return true;
  }

  /** One more move, then stay paused. */
  step(): void {
    this.paused = true;
    this.steps = 1;
  }

  pause(paused: boolean): void {
    this.paused = paused;
    this.steps = 0;
  }

  get delayMs(): number {
    return WATCH_DELAY_MS[this.speed];
  }
}

export interface WatchControls {
  readonly state: WatchState;
  render(state: GameState, thinking: boolean): void;
}

/**
 * The Watch mode's buttons: Pause/Play, Step and Speed replace Undo, Redo and Hints (a viewer
 * does not take moves back). `onChange(stop)` re-renders; `stop` asks to cancel a search.
 */
export function createWatchControls(onChange: (stop: boolean) => void): WatchControls {
  const watch = new WatchState();
  const el = {
    pause: byId('pause', HTMLButtonElement),
    step: byId('step', HTMLButtonElement),
    speedField: byId('speed-field'),
    speed: byId('speed', HTMLSelectElement),
    undo: byId('undo', HTMLButtonElement),
    redo: byId('redo', HTMLButtonElement),
    hintsField: byId('hints-field'),
  };
  el.pause.addEventListener('click', () => {
    watch.pause(!watch.paused);
    onChange(watch.paused);
  });
  el.step.addEventListener('click', () => {
    watch.step();
    onChange(false);
  });
  el.speed.addEventListener('change', () => {
    const speed = el.speed.value;
    if (speed === 'slow' || speed === 'normal' || speed === 'fast') watch.speed = speed;
    onChange(false);
  });
  return {
    state: watch,
    render(state, thinking) {
      const watching = state.settings.mode === 'watch';
      for (const element of [el.pause, el.step, el.speedField]) element.hidden = !watching;
      for (const element of [el.undo, el.redo, el.hintsField]) element.hidden = watching;
      el.pause.textContent = watch.paused ? 'Play' : 'Pause';
      el.step.disabled = !watch.paused || thinking;
      el.speed.value = watch.speed;
    },
  };
}
