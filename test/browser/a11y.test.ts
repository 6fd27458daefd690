import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { startHarness, type Harness, type TestPage } from './harness.js';
import { chooseMode, discCount, openGame, play, settle } from './helpers.js';

/**
 * Every main state of the game, checked by axe-core against WCAG 2.1 A and AA at the widths a
 * person uses (phones in portrait and landscape, a desktop), light and dark; each one is saved
 * as a screenshot in test-results/browser/ for a person to look at.
 */
let harness: Harness;
const opened: TestPage[] = [];

beforeAll(async () => {
  // Renames at once, so the own page offers its form and the refused rename can be checked;
  // the default day's wait (the button off, said up front) is online-refusals.test.ts's.
  harness = await startHarness({ serverEnv: { RENAME_INTERVAL_HOURS: '0' } });
});
afterAll(async () => {
  for (const p of opened) await p.context.close();
  // Unset when startHarness failed; it has then stopped what it had started.
  await (harness as Harness | undefined)?.close();
});

/** Four widths times axe per state is slow on a shared 2-core machine: a generous ceiling. */
const SLOW = 240_000;

const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 740, height: 360 },
  { width: 1280, height: 900 },
] as const;

async function device(colorScheme: 'light' | 'dark' = 'light'): Promise<TestPage> {
  const p = await harness.newPage({ reducedMotion: 'reduce', colorScheme });
  opened.push(p);
  return p;
}

/** axe at every width, and a screenshot of each; the console must stay clean. */
async function check(p: TestPage, name: string, ready: (page: Page) => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    await p.page.setViewportSize(viewport);
    await ready(p.page);
    expect(await axeViolations(p.page), `${name} at ${viewport.width}x${viewport.height}`).toEqual(
      [],
    );
    await p.screenshot(`${name}-${viewport.width}x${viewport.height}`);
  }
  expect(p.errors).toEqual([]);
}

const hintsShown = async (page: Page): Promise<void> => {
  await expect
    .poll(() => page.locator('.board:not(.hints-pending) .hint-row').count(), { timeout: 30_000 })
    .toBe(1);
};

describe('accessibility (axe, WCAG 2.1 AA) and screenshots of the main states', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(
      `first view, vs computer mid-game, analysis with hints, a win (${scheme})`,
      async () => {
        const p = await device(scheme);
        await openGame(p.page, harness.url);
        await check(p, `first-view-${scheme}`, settle);

        await chooseMode(p.page, 'cpu');
        await p.page.selectOption('#level', 'casual');
        await p.page.click('#hints');
        await p.page.click('.column[data-col="4"]');
        await expect.poll(() => discCount(p.page, 'yellow'), { timeout: 20_000 }).toBe(1);
        await settle(p.page);
        await hintsShown(p.page);
        await check(p, `vs-computer-${scheme}`, settle);

        await chooseMode(p.page, 'analysis');
        await play(p.page, '3');
        await check(p, `analysis-${scheme}`, hintsShown);

        await chooseMode(p.page, 'pvp');
        await play(p.page, '1212121');
        await check(p, `win-${scheme}`, settle);
      },
      SLOW,
    );
  }

  it(
    'online lobby, a game in progress and its replay',
    async () => {
      const red = await device();
      await red.page.goto(`${harness.url}#online`);
      await red.page.locator('#online-friend-clock').waitFor();
      await check(red, 'online-lobby', async () => {});

      await red.page.selectOption('#online-friend-side', '1');
      await red.page.click('text=Create game link');
      await red.page.locator('#online-link').waitFor();
      const link = await red.page.inputValue('#online-link');
      const yellow = await device();
      await yellow.page.goto(link);
      await expect
        .poll(() => red.page.textContent('#online-status'), { timeout: 15_000 })
        .toBe('Your turn');
      const moves = '1212121';
      for (const [index, column] of Array.from(moves).entries()) {
        const mover = index % 2 === 0 ? red : yellow;
        await mover.page.locator(`#online-board .column[data-col="${column}"]`).click();
        await expect
          .poll(() => red.page.locator('#online-board .cell:not([data-cell="empty"])').count())
          .toBe(index + 1);
        if (index === 2) await check(yellow, 'online-game', async () => {});
      }
      await expect.poll(() => red.page.textContent('#online-status')).toContain('You win');
      await check(red, 'online-finished', async () => {});

      await red.page.click('text=Replay this game');
      await expect
        .poll(() => red.page.inputValue('#replay-moves'), { timeout: 15_000 })
        .toBe('7x6c4:1212121');
      await check(red, 'online-replay', async () => {});
    },
    SLOW,
  );

  it(
    'a named player: the lobby with its Rated boxes, the own page with a refused rename',
    async () => {
      const me = await device();
      await me.page.goto(`${harness.url}#online`);
      await me.page.fill('#online-name', 'Axe Ada');
      await me.page.click('text=Choose name');
      await me.page.locator('text=Playing as Axe Ada').waitFor({ timeout: 15_000 });
      await check(me, 'online-lobby-named', async () => {});

      await me.page.click('text=My page');
      await me.page.click('#online-rename-open');
      await me.page.fill('#online-rename-name', 'Ad');
      await me.page.press('#online-rename-name', 'Enter');
      await expect
        .poll(() => me.page.textContent('#online-rename-error'))
        .toBe('A name needs at least 3 characters.');
      // The refusal is a 400, which Chromium logs; the page itself logged nothing.
      expect(me.errors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
      me.errors.length = 0;
      // The form is settled (its Save button enabled again, not busy) before axe looks: a
      // disabled button is drawn at 55% opacity, below the contrast a usable one needs.
      await check(me, 'online-rename-refused', async (page) => {
        await page
          .locator('#online-rename-form:not([aria-busy]) button[type="submit"]:enabled')
          .waitFor();
      });
    },
    SLOW,
  );
});
