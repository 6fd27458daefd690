import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './suite.js';
import { openGame, play } from './helpers.js';

/**
 * One router: keys pressed on another page never reach the local game hidden behind it, every
 * page leads back the same way, and a broken online link says so instead of showing the game.
 */
const suite = browserSuite();

/** The local game as stored (moves, undone moves, settings, scores): any key it took shows here. */
const storedGame = (page: Page): Promise<string> =>
  page.evaluate(() => localStorage.getItem('connect-four.web.v1') ?? 'nothing stored');

/** The unknown replay and player ids answer 404, as they should: those two errors are expected. */
function dropExpected404s(errors: string[]): void {
  const expected = errors.filter((e) => e.includes('status of 404'));
  expect(expected.length).toBeLessThanOrEqual(2);
  for (const e of expected) errors.splice(errors.indexOf(e), 1);
}

const localDiscs = (page: Page): Promise<number> =>
  page.locator('main.layout .board .cell:not([data-cell="empty"])').count();

const PAGES = [
  '#puzzles',
  '#online',
  '#leaderboard=classic',
  '#review=7x6c4:4455',
  '#replay=unknownGame1',
  '#player=unknownPlayer1',
];

describe('pages and keys', () => {
  it('keys pressed on every other page leave the local game untouched', async () => {
    const { page, errors } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=7x6c4:44&m=pvp`);
    await play(page, '3');
    expect(await localDiscs(page)).toBe(3);
    const before = await storedGame(page);
    expect(before).toContain('"moves":[3,3,2]');
    for (const hash of PAGES) {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await expect.poll(() => page.locator('main.layout').isHidden()).toBe(true);
      // Keys with the focus on the page itself, as after a click on its background.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
      });
      for (const key of ['4', '5', 'n', 'u', 'r', 'h', 'Enter']) await page.keyboard.press(key);
      expect(await storedGame(page), `keys on ${hash}`).toBe(before);
    }
    // Back to the local game: the game is the one left, and its keys work again.
    await page.click('#modes [data-mode="pvp"]');
    await expect.poll(() => page.locator('main.layout').isVisible()).toBe(true);
    expect(await localDiscs(page)).toBe(3);
    await page.keyboard.press('5');
    await expect.poll(() => localDiscs(page)).toBe(4);
    dropExpected404s(errors);
  });

  it('the header leads back to the local game from every page', async () => {
    const { page, errors } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=7x6c4:44&m=pvp`);
    for (const hash of PAGES) {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await expect.poll(() => page.locator('main.layout').isHidden()).toBe(true);
      await page.click('#modes [data-mode="analysis"]');
      await expect
        .poll(() => page.locator('main.layout').isVisible(), { message: hash })
        .toBe(true);
      expect(await page.getAttribute('body', 'data-mode')).toBe('analysis');
      expect(await page.locator('main:not(.layout):visible').count(), hash).toBe(0);
    }
    dropExpected404s(errors);
  });

  it('a click in the header while a page is still loading leads back all the same', async () => {
    const { page, errors } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=7x6c4:44&m=pvp`);
    for (const hash of PAGES) {
      // The click lands in the same task as the hashchange, before the page's module arrives.
      await page.evaluate(async (h) => {
        const changed = new Promise((resolve) => {
          window.addEventListener('hashchange', resolve, { once: true });
        });
        location.hash = h;
        await changed;
        document.querySelector<HTMLButtonElement>('#modes [data-mode="analysis"]')?.click();
      }, hash);
      await expect
        .poll(() => page.locator('main.layout').isVisible(), { message: hash })
        .toBe(true);
      expect(await page.locator('main:not(.layout)').count(), hash).toBe(0);
      expect(await page.getAttribute('body', 'data-mode')).toBe('analysis');
    }
    dropExpected404s(errors);
  });

  it('a broken #play= or #player= link says so instead of showing the local game', async () => {
    const { page } = await suite.newPage();
    for (const hash of ['#play=bad', '#player=x', '#replay=', '#leaderboard=nowhere']) {
      await page.goto(`${suite.harness.url}${hash}`);
      const alert = page.locator('[role="alert"]', { hasText: 'link' });
      await alert.waitFor();
      expect(await alert.textContent(), hash).toMatch(/link/i);
      expect(await page.locator('main.layout').isHidden(), hash).toBe(true);
    }
  });
});
