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
 * A search that cannot end before the test cancels it, however fast the solver and its book
 * get: an 8×7 board four discs in, which the exact pass cannot solve within its time limit
 * (15 s). Classic openings kept getting solved sooner (`4455`, then `4343`, finished before the
 * cancel on a quiet machine). The cancel itself is made only while the page says it is still
 * solving (checked in the same task as the click, see `cancelWhileSolving`).
 */
const LONG_ANALYSIS = '#g=8x7c4:4343&m=analysis';

/**
 * Plays column `column` while the analysis is still running, in one task of the page (no reply
 * of the search can come between the check and the click); false if it had already ended.
 */
const cancelWhileSolving = (page: Page, column: number): Promise<boolean> =>
  page.evaluate((col) => {
    if (!document.getElementById('hint-note')?.textContent.includes('Still solving')) return false;
    document.querySelector<HTMLElement>(`main.layout .column[data-col="${col}"]`)?.click();
    return true;
  }, column);

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
    await openGame(page, suite.harness.url + LONG_ANALYSIS);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (!requireOrSkip(SUITE, cores < 2 ? `the browser reports ${cores} core(s)` : undefined)) {
      context.skip();
    }
    const expected = Math.min(cores, 4);
    expect(await page.getAttribute('body', 'data-mode')).toBe('analysis');
    // The first pass arrives within seconds; the exact one goes on ("Still solving").
    await expect.poll(() => threadsShown(page), { timeout: 30_000 }).toBe(expected);
    expect(await page.textContent('#hint-note')).toContain(`(${expected} threads)`);

    // The search worker's helpers, once any left over from the moves before have gone.
    await expect.poll(() => helpers(page).length, { timeout: 10_000 }).toBe(expected - 1);
    const running = helpers(page);
    const closed = Promise.all(running.map((worker) => worker.waitForEvent('close')));
    // A new position cancels the search by terminating its worker: the helpers go with it.
    expect(await cancelWhileSolving(page, 3), 'the analysis was still running').toBe(true);
    await closed;
    await expect.poll(() => threadsShown(page), { timeout: 30_000 }).toBe(expected);
    expect(helpers(page).every((worker) => !running.includes(worker))).toBe(true);
  });
});

describe("PopOut's search on a cross-origin isolated page", () => {
  it('analyses a PopOut position on every core (up to 4), and Perfect plays with them', async (context) => {
    const popoutHelpers = (page: Page): Worker[] =>
      page.workers().filter((worker) => worker.url().includes('/popout-helper-'));
    const { page } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=popout:43&m=analysis`);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (!requireOrSkip(SUITE, cores < 2 ? `the browser reports ${cores} core(s)` : undefined)) {
      context.skip();
    }
    const expected = Math.min(cores, 4);
    await expect.poll(() => threadsShown(page), { timeout: 30_000 }).toBe(expected);
    expect(await page.textContent('#hint-note')).toContain(`(${expected} threads)`);
    await expect.poll(() => popoutHelpers(page).length, { timeout: 10_000 }).toBe(expected - 1);

    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'perfect');
    const before = await discCount(page);
    await play(page, '4');
    // Our disc and Perfect's answer.
    await expect.poll(() => discCount(page), { timeout: 30_000 }).toBe(before + 2);
    // Perfect's worker has helpers of its own (the analysis worker, still there for the hints,
    // keeps its own): each search worker's share of them.
    const searchWorkers = (): number =>
      page.workers().filter((worker) => worker.url().includes('/worker-')).length;
    await expect
      .poll(() => popoutHelpers(page).length / searchWorkers(), { timeout: 10_000 })
      .toBe(expected - 1);
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
