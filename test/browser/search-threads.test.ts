import type { Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireOrSkip } from '../support/skips.js';
import { browserSuite } from './suite.js';
import { chooseMode, discCount, openGame, play } from './helpers.js';

/**
 * The search worker's threads (src/web/worker/threads.ts) on the real server's pages: with the
 * server's isolation headers the analysis runs on several threads and a cancelled search takes
 * its helper workers with it; without the headers it runs on one.
 */
const suite = browserSuite();

const SUITE = 'search threads (test/browser/search-threads.test.ts)';
/**
 * Early enough that the solver needs seconds even with the book (complete to ply 4): `4455`
 * became too quick (2.5 s in the CLI on two threads) and could end before the test cancelled it.
 */
const LONG_ANALYSIS = '4343';

/** Threads the hints on screen were searched with (#hint-note's data-threads), once known. */
const threadsShown = async (page: Page): Promise<number | null> => {
  const value = await page.getAttribute('#hint-note', 'data-threads');
  return value === null ? null : Number(value);
};

const helpers = (page: Page): Worker[] =>
  page.workers().filter((worker) => worker.url().includes('/helper-'));

describe('the search worker on a cross-origin isolated page', () => {
  it('analyses on every core (up to 4) and ends its helpers when a search is cancelled', async (context) => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (!requireOrSkip(SUITE, cores < 2 ? `the browser reports ${cores} core(s)` : undefined)) {
      context.skip();
    }
    const expected = Math.min(cores, 4);

    await chooseMode(page, 'analysis');
    await play(page, LONG_ANALYSIS);
    // The first pass arrives within seconds; the exact one goes on ("Still solving").
    await expect.poll(() => threadsShown(page), { timeout: 30_000 }).toBe(expected);
    expect(await page.textContent('#hint-note')).toContain(`(${expected} threads)`);

    // The search worker's helpers, once any left over from the moves before have gone.
    await expect.poll(() => helpers(page).length, { timeout: 10_000 }).toBe(expected - 1);
    const running = helpers(page);
    const closed = Promise.all(running.map((worker) => worker.waitForEvent('close')));
    // A new position cancels the search by terminating its worker: the helpers go with it.
    await play(page, '3');
    await closed;
    await expect.poll(() => threadsShown(page), { timeout: 30_000 }).toBe(expected);
    expect(helpers(page).every((worker) => !running.includes(worker))).toBe(true);
  });
});

describe('the computer player on a cross-origin isolated page', () => {
  it('plays Perfect with the helpers of the shared table', async (context) => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (!requireOrSkip(SUITE, cores < 2 ? `the browser reports ${cores} core(s)` : undefined)) {
      context.skip();
    }
    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'perfect');
    await page.click('.column[data-col="4"]');
    await expect.poll(() => helpers(page).length, { timeout: 20_000 }).toBe(Math.min(cores, 4) - 1);
    await expect.poll(() => discCount(page, 'yellow'), { timeout: 20_000 }).toBe(1);
  });
});

describe('the search worker without the isolation headers', () => {
  it('falls back to one thread', async () => {
    const { page } = await suite.newPage();
    // The same server, with COOP/COEP taken off the page (a host that does not send them).
    await page.route(suite.harness.url, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    await openGame(page, suite.harness.url);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
    await chooseMode(page, 'analysis');
    await play(page, '121212');
    await expect.poll(() => threadsShown(page), { timeout: 30_000 }).toBe(1);
    expect(await page.textContent('#hint-note')).not.toContain('threads');
    expect(helpers(page)).toEqual([]);
  });
});
