import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness, type TestPage } from './harness.js';

/**
 * Names, ratings and the computer in real browsers: a new player picks a name, waits alone in
 * quick match until the computer takes the other seat, finishes a rated game and finds it on
 * their page; two named players meet by quick match and see each other.
 */
let harness: Harness;
const pages: TestPage[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  for (const p of pages) await p.context.close();
  await harness.close();
});

async function newPlayer(name: string): Promise<TestPage> {
  const p = await harness.newPage({ reducedMotion: 'reduce' });
  pages.push(p);
  await p.page.goto(harness.url + '#online');
  await p.page.fill('#online-name', name);
  await p.page.click('text=Choose name');
  await p.page.locator(`text=Playing as ${name}`).waitFor({ timeout: 15_000 });
  return p;
}

const discs = (page: Page): Promise<number> =>
  page.locator('#online-board .cell:not([data-cell="empty"])').count();
const names = async (page: Page): Promise<string> =>
  (await page.locator('.online-player .online-name').allTextContents()).join(' | ');
const status = async (page: Page): Promise<string> =>
  (await page.textContent('#online-status')) ?? '';

describe('named online play in the browser', () => {
  it('a new player gets the computer within the wait, finishes a rated game and finds it on their page', async () => {
    const me = await newPlayer('Browser Ada');
    await me.page.click('text=Find an opponent');
    // Nobody else waits: the computer takes the other seat after BOT_WAIT_MS (10 s).
    await me.page.locator('#online-status').waitFor({ timeout: 25_000 });
    await expect.poll(() => names(me.page), { timeout: 15_000 }).toContain('[computer]');
    expect(await names(me.page)).toContain('Browser Ada 1500? (you)');
    await expect.poll(() => status(me.page)).toContain('rated');
    await me.screenshot('online-vs-computer');
    // Make sure both sides have moved (an earlier end is not rated), then resign.
    await expect.poll(() => status(me.page), { timeout: 20_000 }).toContain('Your turn');
    if ((await discs(me.page)) < 2) {
      const before = await discs(me.page);
      await me.page.locator('#online-board .column[data-col="1"]').click();
      await expect.poll(() => discs(me.page), { timeout: 20_000 }).toBe(before + 2);
    }
    await me.page.click('#online-resign');
    await me.page
      .getByRole('dialog', { name: /Resign this game/ })
      .getByRole('button', { name: 'Resign' })
      .click();
    // The new rating and its change, in the header.
    await expect.poll(() => names(me.page), { timeout: 15_000 }).toMatch(/→ \d+\? \(-\d+\)/);
    await me.screenshot('online-rating-change');

    await me.page.goto(harness.url + '#online');
    await me.page.click('text=My page');
    await me.page.locator('.online-chart svg').waitFor({ timeout: 15_000 });
    const page = (await me.page.textContent('.online-player-page')) ?? '';
    expect(page).toContain('Browser Ada');
    expect(page).toContain('0 won · 0 drawn · 1 lost');
    expect(page).toMatch(/vs Computer \(\w+\) \[computer\]: lost, rated \(1500 → \d+\)/);
    await me.screenshot('online-player-page');

    await me.page.goto(harness.url + '#leaderboard');
    await me.page.locator('text=Leaderboard: Classic 7×6').waitFor();
    // One provisional player and the computer: nobody is established yet.
    expect(await me.page.textContent('.online-lobby')).toContain('No established players yet');
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
      expect(await status(p.page)).toContain('rated');
    }
    expect(a.page.url().split('#')[1]).toBe(b.page.url().split('#')[1]);
    for (const p of [a, b]) expect(p.errors).toEqual([]);
  });
});
