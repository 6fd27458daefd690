import { describe, expect, it } from 'vitest';
import { WATCH_DELAY_MS, WatchState } from '../../src/web/local/watch.js';

describe('watch controls', () => {
  it('play on until paused; a step is one move, then paused again', () => {
    const watch = new WatchState();
    expect(watch.mayMove()).toBe(true);
    expect(watch.mayMove()).toBe(true);
    watch.pause(true);
    expect(watch.mayMove()).toBe(false);
    watch.step();
    expect(watch.mayMove()).toBe(true);
    expect(watch.mayMove()).toBe(false);
    watch.pause(false);
    expect(watch.mayMove()).toBe(true);
  });

  it('speed sets the least time per move', () => {
    const watch = new WatchState();
    expect(watch.delayMs).toBe(WATCH_DELAY_MS.normal);
    watch.speed = 'fast';
    expect(watch.delayMs).toBeLessThan(WATCH_DELAY_MS.normal);
    watch.speed = 'slow';
    expect(watch.delayMs).toBeGreaterThan(WATCH_DELAY_MS.normal);
  });
});
