import { describe, expect, it } from 'vitest';
import { drop, pair, status, waitForDiscs } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * PopOut online through the real server (protocol 3): two devices, one of them a 360 px phone,
 * play by link; a pop goes to the server as a move of kind pop and both boards fall.
 */
const suite = deviceSuite();

describe('PopOut online', () => {
  it('two devices drop and pop by link, one on a 360 px phone', async () => {
    const { red, yellow } = await pair(suite, { board: 'popout' });
    expect(await red.page.getAttribute('#online-board .board', 'data-game')).toBe('popout');
    expect(await yellow.page.textContent('#online-stakes')).toBe('PopOut · Casual');
    await drop(red.page, 4, 1, [yellow.page]);
    await drop(yellow.page, 3, 2, [red.page]);
    // Red's turn: the Pop button under column 4 (Red's disc at the bottom) and nowhere else.
    const pops = red.page.locator('#online-board .pop:not([hidden])');
    await expect.poll(() => pops.count()).toBe(1);
    expect(await pops.getAttribute('aria-label')).toBe('Pop your Red disc from column 4');
    // Yellow sees no Pop button on Red's turn.
    expect(await yellow.page.locator('#online-board .pop:not([hidden])').count()).toBe(0);
    await red.page.click('#online-board .pop[data-col="4"]');
    for (const p of [red.page, yellow.page]) await waitForDiscs(p, 1);
    await expect
      .poll(() => yellow.page.textContent('#announcer'))
      .toMatch(/^Red popped column 4\. Your turn\./);
    await expect.poll(() => status(yellow.page)).toBe('Your turn');
    await red.screenshot('family-online-popout-red');

    // Yellow, on a phone, taps its own Pop.
    await yellow.page.setViewportSize({ width: 360, height: 740 });
    await yellow.page.click('#online-board .pop[data-col="3"]');
    for (const p of [red.page, yellow.page]) await waitForDiscs(p, 0);
    await expect
      .poll(() => red.page.textContent('#announcer'))
      .toMatch(/^Yellow popped column 3\. Your turn\./);
    const overflow = await yellow.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await yellow.screenshot('family-online-popout-phone');
    expect(red.errors).toEqual([]);
    expect(yellow.errors).toEqual([]);
  });
});
