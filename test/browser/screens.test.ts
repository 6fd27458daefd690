import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTEFACTS } from './harness.js';
import { settle } from './helpers.js';
import { browserSuite } from './suite.js';

/**
 * Screenshots for a person to look at: every page a link reaches without a game or player of
 * its own, at 360x740 on a touch screen and at 1280x900, light and dark, each a fresh device
 * (so the touch media queries and the scheme hold from the first frame), saved to
 * test-results/browser/screens/<page>-<scheme>-<size>.png. Pages that need an online game
 * (the game, its replay, a player's page) are shot by pages.test.ts.
 */
const suite = browserSuite();
const DIR = join(ARTEFACTS, 'screens');

// A 40-move arena game (src/puzzles/sets/games-7x6c4.txt).
const GAME = '3673662154553456433212255663224777774411';

const PAGES: readonly { name: string; hash: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'local-game', hash: '#g=7x6c4:4453&m=pvp', ready: settle },
  { name: 'vs-computer-5x4', hash: '#g=5x4c3:&m=cpu', ready: settle },
  { name: 'analysis', hash: '#g=7x6c4:4453&m=analysis', ready: settle },
  {
    name: 'review',
    hash: `#review=7x6c4:${GAME}`,
    ready: (page) =>
      page.locator('.review-status', { hasText: 'Review complete' }).waitFor({ timeout: 60_000 }),
  },
  { name: 'puzzles', hash: '#puzzles', ready: (page) => page.locator('.puzzle-prompt').waitFor() },
  {
    name: 'online',
    hash: '#online',
    ready: (page) => page.locator('main#online h2').first().waitFor(),
  },
  {
    name: 'tournaments',
    hash: '#tournaments',
    ready: (page) => page.locator('main#online h2').first().waitFor(),
  },
  {
    name: 'leaderboard',
    hash: '#leaderboard=classic',
    ready: (page) => page.locator('main#online h2').first().waitFor(),
  },
];

const DEVICES = [
  { size: '360x740', viewport: { width: 360, height: 740 }, hasTouch: true },
  { size: '1280x900', viewport: { width: 1280, height: 900 }, hasTouch: false },
] as const;

describe('screenshots of every page', () => {
  mkdirSync(DIR, { recursive: true });
  for (const device of DEVICES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`at ${device.size}, ${colorScheme}`, { timeout: 300_000 }, async () => {
        const { page } = await suite.newPage({
          viewport: device.viewport,
          hasTouch: device.hasTouch,
          colorScheme,
        });
        for (const { name, hash, ready } of PAGES) {
          await page.goto(suite.harness.url + hash);
          await ready(page);
          await page.evaluate(
            () =>
              new Promise((done) => {
                requestAnimationFrame(() => requestAnimationFrame(done));
              }),
          );
          const path = join(DIR, `${name}-${colorScheme}-${device.size}.png`);
          await page.screenshot({ path, fullPage: true });
        }
      });
    }
  }
});
