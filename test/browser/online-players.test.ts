import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestPage } from './harness.js';
import { chooseName, discs, resign, status } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * Names, ratings and the computer in real browsers: a new player picks a name, waits alone in
 * quick match until the computer takes the other seat, finishes a rated game and finds it on
 * their page and in its replay; two named players meet by quick match and see each other; a
 * player renames (and is refused a look-alike and a short name). Renames are allowed at any
 * time here (RENAME_INTERVAL_HOURS=0): by default a new name waits a day.
 */
// The computer comes after 4 s here, not the default 10 s: the lobby must say the server's wait.
const suite = deviceSuite({ serverEnv: { RENAME_INTERVAL_HOURS: '0', BOT_WAIT_MS: '4000' } });

async function newPlayer(name: string): Promise<TestPage> {
  const p = await suite.device('#online');
  await chooseName(p.page, name);
  return p;
}

const names = async (page: Page): Promise<string> =>
  (await page.locator('.online-player .online-name').allTextContents()).join(' | ');
const stakes = async (page: Page): Promise<string> =>
  (await page.textContent('#online-stakes')) ?? '';

describe('named online play in the browser', () => {
  it('a new player gets the computer within the wait, finishes a rated game and finds it on their page', async () => {
    const me = await newPlayer('Browser Ada');
    // Rated by default, and the lobby says the computer's games count too.
    expect(await me.page.isChecked('#online-quick-rated')).toBe(true);
    expect(await me.page.textContent('#online-quick-rated-note')).toContain('against the computer');
    // The lobby says the server's wait before the computer plays, before and while seeking.
    await expect
      .poll(() => me.page.textContent('#online-quick-about'))
      .toContain('the computer plays you after 4 s.');
    await me.page.click('text=Find an opponent');
    expect(await me.page.textContent('#online-quick-status')).toContain(
      'if nobody comes, the computer plays you after 4 s',
    );
    // The wait counts down (it said its 4 s once and then nothing until the game began).
    const wait = me.page.locator('#online-quick-wait');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = (await wait.textContent({ timeout: 1000 }).catch(() => null)) ?? '';
          const left = /plays you in (\d) s/.exec(text)?.[1];
          if (left) seen.add(left);
          return seen.size;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(2);
    // Nobody else waits: the computer takes the other seat after BOT_WAIT_MS (4 s).
    await me.page.locator('#online-status').waitFor({ timeout: 25_000 });
    await expect.poll(() => names(me.page), { timeout: 15_000 }).toMatch(/Computer \(\w+\)/);
    // Named as the computer once ("Computer (Intermediate) [computer]" said it twice), and
    // whole at 1280 px (it was cut to "Computer (Intermediate) [co…").
    expect(await names(me.page)).not.toContain('[computer]');
    const cut = await me.page
      .locator('.online-player .online-who')
      .evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 0.5).length);
    expect(cut).toBe(0);
    expect(await names(me.page)).toContain('Browser Ada 1500? (you)');
    await expect.poll(() => stakes(me.page)).toBe('Rated');
    await me.screenshot('online-vs-computer');
    // Make sure both sides have moved (an earlier end is not rated), then resign.
    await expect.poll(() => status(me.page), { timeout: 20_000 }).toContain('Your turn');
    if ((await discs(me.page)) < 2) {
      const before = await discs(me.page);
      await me.page.locator('#online-board .column[data-col="1"]').click();
      await expect.poll(() => discs(me.page), { timeout: 20_000 }).toBe(before + 2);
    }
    await resign(me.page);
    // The new rating and its change, in the header.
    await expect.poll(() => names(me.page), { timeout: 15_000 }).toMatch(/→ \d+\? \(-\d+\)/);
    await me.screenshot('online-rating-change');

    await me.page.goto(suite.harness.url + '#online');
    await me.page.click('text=My page');
    await me.page.locator('.online-chart svg').waitFor({ timeout: 15_000 });
    // The chart has titled axes and starts at the first rating; a table says the same in text.
    const chart = me.page.locator('.online-chart svg');
    expect(await chart.getAttribute('aria-label')).toMatch(
      /^Rating after each of 1 rated game, starting from 1500: now \d+/,
    );
    expect(await chart.locator('text.axis-title').allTextContents()).toEqual([
      'Rating',
      expect.stringMatching(/^Rated games \(\d{4}-\d\d-\d\d\)$/),
    ]);
    expect(await chart.locator('circle.start').count()).toBe(1);
    await me.page.click('text=The rating history as a table');
    expect(
      await me.page
        .locator('.online-chart-table tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent))),
    ).toEqual([
      ['Start', '', '1500'],
      ['1', expect.stringMatching(/^\d{4}-/), expect.stringMatching(/^\d+$/)],
    ]);
    const page = (await me.page.textContent('.online-player-page')) ?? '';
    expect(page).toContain('Browser Ada');
    expect(page).toContain('0 won · 0 drawn · 1 lost');
    expect(page).toMatch(/vs Computer \(\w+\): lost, rated \(1500 → \d+\)/);
    // The board in the words every other page uses, not the wire's "7x6c4".
    expect(page).toContain('Classic 7×6, connect 4 vs Computer');
    expect(page).not.toContain('7x6c4');
    await me.screenshot('online-player-page');

    // The replay says who played (the computer marked, with its level), that it was rated,
    // the result and both ratings: Ada's with its change, the computer's as it was.
    await me.page.click('.online-recent a');
    await expect
      .poll(() => me.page.textContent('#replay-players'), { timeout: 15_000 })
      .toMatch(/: Browser Ada, rating 1500\? → \d+\? \(-\d+\)/);
    const seats = (await me.page.textContent('#replay-players')) ?? '';
    expect(seats).toMatch(/: Computer \(\w+\), rating \d+/);
    expect(await me.page.textContent('#replay-stakes')).toBe('Rated game');
    expect(await me.page.textContent('.online-replay .status')).toMatch(
      /wins: (Red|Yellow) resigned/,
    );
    expect(await me.page.getAttribute('#replay-players a', 'href')).toMatch(/^#player=/);
    await me.screenshot('online-replay-names');

    await me.page.goto(suite.harness.url + '#leaderboard');
    await me.page.locator('text=Leaderboard: Classic 7×6').waitFor();
    // One provisional player and the computer: nobody is established yet.
    expect(await me.page.textContent('.online-lobby')).toContain('No established players yet');
    // …but the new player finds their own game's rating there, and why they are not listed.
    await expect
      .poll(() => me.page.textContent('.online-you'))
      .toMatch(/^Browser Ada: rating \d+\? after 1 rated game; listed here once it settles/);
    expect(me.errors).toEqual([]);
  });

  it('two named players quick-match each other and see each other’s names and ratings', async () => {
    const a = await newPlayer('Browser Bob');
    const b = await newPlayer('Browser Cy');
    for (const p of [a, b]) {
      await p.page.selectOption('#online-quick-board', '5x4c3');
      await p.page.check('#online-quick-human');
    }
    await a.page.click('text=Find an opponent');
    await b.page.click('text=Find an opponent');
    for (const p of [a, b]) {
      await expect.poll(() => names(p.page), { timeout: 15_000 }).toContain('Browser Bob 1500?');
      expect(await names(p.page)).toContain('Browser Cy 1500?');
      expect(await names(p.page)).not.toContain('[computer]');
      expect(await stakes(p.page)).toBe('Rated');
    }
    expect(a.page.url().split('#')[1]).toBe(b.page.url().split('#')[1]);
    for (const p of [a, b]) expect(p.errors).toEqual([]);
  });

  it('a player renames from their page; a look-alike and a short name are refused, clearly', async () => {
    await newPlayer('Browser Eve');
    const me = await newPlayer('Browser Dee');
    await me.page.click('text=My page');
    await me.page.click('#online-rename-open');
    // The field has focus, its label, and the rules and the error (once there is one) as its
    // description.
    const input = me.page.getByLabel('New name');
    await expect
      .poll(() => me.page.evaluate(() => document.activeElement?.id))
      .toBe('online-rename-name');
    expect(await input.getAttribute('aria-describedby')).toBe(
      'online-rename-hint online-rename-error',
    );

    // Another player's name by case and look-alike letters: refused, the field marked and focused.
    await input.fill('BR0WSER EVE');
    await me.page.click('text=Save name');
    await expect
      .poll(() => me.page.textContent('#online-rename-error'))
      .toBe('That name (or one too like it) is taken. Try another.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await me.page.evaluate(() => document.activeElement?.id)).toBe('online-rename-name');
    await me.screenshot('online-rename-refused');

    await input.fill('Do');
    await input.press('Enter');
    await expect
      .poll(() => me.page.textContent('#online-rename-error'))
      .toBe('A name needs at least 3 characters.');

    await input.fill('Browser Dora');
    await input.press('Enter');
    await expect.poll(() => me.page.textContent('#online-player-name')).toBe('Browser Dora');
    expect(await me.page.textContent('#online-rename-done')).toBe('Your name is now Browser Dora.');
    expect(await me.page.isVisible('#online-rename-form')).toBe(false);
    expect(await me.page.evaluate(() => document.activeElement?.id)).toBe('online-rename-open');

    // The lobby's card shows the new name too.
    await me.page.click('text=Back to the lobby');
    await me.page.locator('text=Playing as Browser Dora').waitFor({ timeout: 15_000 });
    // Chromium logs each refused request (409 taken, 400 too short); nothing else went wrong.
    expect(me.errors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
