import { describe, expect, it } from 'vitest';
import { browserSuite } from './suite.js';
import { chooseMode, discCount, openGame, settle, statusText } from './helpers.js';

/**
 * Deliberate taps are never eaten: seven taps on one column 300 ms apart placed four discs,
 * because a tap while the previous disc still fell (up to about 400 ms) counted as the second
 * half of a double tap. The page's clock is driven, so "300 ms apart" is exact.
 */
const suite = browserSuite();

describe('every deliberate tap counts', () => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`seven taps on one column 300 ms apart fill it (${reducedMotion} motion)`, async () => {
      const { page } = await suite.newPage({ reducedMotion });
      await openGame(page, suite.harness.url);
      await chooseMode(page, 'pvp');
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 60_000);
      const box = await page.locator('.column[data-col="4"]').boundingBox();
      if (!box) throw new Error('column 4 is not on screen');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let tap = 1; tap <= 7; tap++) {
        // On one spot, the browser counts the taps (detail 1, 2, 3…) as it does for a finger
        // tapping fast: the count alone must not make a tap the second half of a double tap.
        await page.mouse.down({ clickCount: tap });
        await page.mouse.up({ clickCount: tap });
        await page.clock.runFor(300);
      }
      await page.clock.runFor(1_000);
      await settle(page);
      // Six fit; the seventh finds the column full and says so.
      expect(await discCount(page)).toBe(6);
      await expect.poll(() => page.textContent('#notice')).toContain('Column 4 is full');
      // A real double tap (the second within the double-tap time) is still one move.
      await page.click('#new');
      await settle(page);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down({ clickCount: 1 });
      await page.mouse.up({ clickCount: 1 });
      await page.clock.runFor(120);
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
      await page.clock.runFor(1_000);
      await settle(page);
      expect(await discCount(page)).toBe(1);
    });
  }
});

/**
 * A tap while the computer thinks is not kept for later: against Strong, tap 4 twice 300 ms
 * apart. The page's clock is paused, so the computer (which answers no sooner than 350 ms) is
 * still thinking at the second tap, whatever its search's speed; the clock runs again only once
 * the tap has been made.
 */
describe('a tap during the computer’s turn', () => {
  it('is not played, and the player is told to wait', async () => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'strong');
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const box = await page.locator('.column[data-col="4"]').boundingBox();
    if (!box) throw new Error('column 4 is not on screen');
    const tap = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await tap();
    await page.clock.runFor(300);
    expect(await statusText(page)).toMatch(/thinking/i);
    await tap();
    await expect.poll(() => page.textContent('#notice')).toBe('Wait for the computer to move.');
    await page.clock.resume();
    await settle(page);
    // The computer's reply, and nothing after it: the second tap is not the player's next move.
    expect(await discCount(page)).toBe(2);
    expect(await discCount(page, 'red')).toBe(1);
    await page.clock.runFor(2_000);
    await settle(page);
    expect(await discCount(page)).toBe(2);
    expect(await statusText(page)).toMatch(/your turn/i);
  });
});
