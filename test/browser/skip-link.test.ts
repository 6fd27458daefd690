import { describe, expect, it } from 'vitest';
import { browserSuite } from './suite.js';
import { openGame } from './helpers.js';

/**
 * The skip link skips to the current page's main content: found on `#tournaments`, where Tab
 * then Enter on "Skip to the board" went to `#board` and the local game replaced the page.
 */
const suite = browserSuite();

describe('skip link', () => {
  it.each(['#tournaments', '#puzzles', '#online', '#review=7x6c4:4455'])(
    'on %s it skips to that page, which stays',
    async (hash) => {
      const { page } = await suite.newPage();
      await page.goto(suite.harness.url + hash);
      await expect.poll(() => page.locator('main.layout').isHidden()).toBe(true);
      await page.locator('main:not(.layout) h2').first().waitFor();
      // The first stop of the page's tab order, as Tab from the address bar reaches it.
      const skip = page.locator('a.skip');
      await skip.focus();
      // The Puzzles page names its puzzle in the address once shown (its heading may come
      // first): the address to keep is that one.
      if (hash === '#puzzles') {
        await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#puzzles=./);
      }
      const before = await page.evaluate(() => location.hash);
      expect(await skip.textContent()).toBe('Skip to the content');
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.closest('main:not(.layout)') != null),
        )
        .toBe(true);
      expect(await page.evaluate(() => location.hash)).toBe(before);
      expect(await page.locator('main.layout').isHidden()).toBe(true);
    },
  );

  it('on the local game it skips to the board', async () => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await page.keyboard.press('Tab');
    expect(await page.locator('a.skip').textContent()).toBe('Skip to the board');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('board');
  });
});
