import { describe, expect, it } from 'vitest';
import { chooseName } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * The turn rules as a player meets them: a casual game against the computer says "Casual", the
 * side that must make its first move sees the countdown, and when it never moves the game ends
 * aborted and unrated. The abort time is 5 s here (ABORT_MS) instead of 30 s.
 */
const suite = deviceSuite({ serverEnv: { ABORT_MS: '5000' } });

describe('first-move abort in the browser', () => {
  it('a casual computer game whose player never moves is aborted, unrated, with a countdown first', async () => {
    const me = await suite.device('#online');
    await chooseName(me.page, 'Browser Eve');
    await me.page.uncheck('#online-quick-rated');
    await me.page.click('text=Play the computer online');
    await expect
      .poll(() => me.page.textContent('#online-stakes'), { timeout: 15_000 })
      .toBe('Casual');
    // Whoever starts, my first move is due: the countdown says so, then the game is aborted.
    await expect
      .poll(() => me.page.textContent('#online-deadline'), { timeout: 15_000 })
      .toMatch(/^Make your first move within \d+ s or the game is aborted$/);
    await me.screenshot('online-abort-countdown');
    await expect
      .poll(() => me.page.textContent('#online-status'), { timeout: 15_000 })
      .toBe('Aborted: you did not make a first move in time — not rated');
    expect(await me.page.isHidden('#online-deadline')).toBe(true);
    expect(me.errors).toEqual([]);
  });
});
