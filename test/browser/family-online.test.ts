import { describe, expect, it } from 'vitest';
import { createFriendGame, drop, pair, status, waitForDiscs } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * PopOut online through the real server (protocol 3): two devices, one of them a 360 px phone,
 * play by link on PopOut 8×7 (a board other than PopOut's own, from the lobby's menu); a pop goes
 * to the server as a move of kind pop and both boards fall.
 */
const suite = deviceSuite();

describe('PopOut online', () => {
  it('two devices drop and pop by link, one on a 360 px phone', async () => {
    const { red, yellow } = await pair(suite, { board: 'popout-8x7c4' });
    expect(await red.page.getAttribute('#online-board .board', 'data-game')).toBe('popout');
    expect(await yellow.page.locator('#online-board .column').count()).toBe(8);
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

  it('makes a link game of PopOut on a custom board; a size that is no board is named first', async () => {
    const red = await suite.device('#online');
    const page = red.page;
    await page.locator('#online-friend-board').waitFor();
    expect(await page.isVisible('#online-friend-board-width')).toBe(false);
    await page.selectOption('#online-friend-board', 'popout-custom');
    await page.fill('#online-friend-board-width', '6');
    await page.fill('#online-friend-board-height', '5');
    await page.fill('#online-friend-board-connect', '9');
    await page.click('text=Create game link');
    await expect
      .poll(() => page.locator('#online-friend-board-connect').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.textContent('#online-friend-error')).toMatch(/connect/i);
    expect(page.url()).toMatch(/#online$/);
    await red.screenshot('family-online-custom-board');
    await page.fill('#online-friend-board-connect', '4');
    const hash = await createFriendGame(page, { side: '1' });
    const yellow = await suite.device(hash);
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('Your turn');
    expect(await yellow.page.locator('#online-board .column').count()).toBe(6);
    expect(await yellow.page.getAttribute('#online-board .board', 'data-game')).toBe('popout');
    expect(await yellow.page.textContent('#online-stakes')).toBe('PopOut · Casual');
    await drop(page, 6, 1, [yellow.page]);
    expect(red.errors).toEqual([]);
    expect(yellow.errors).toEqual([]);
  });
});
