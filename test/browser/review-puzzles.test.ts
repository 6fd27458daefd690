import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness.js';
import { browserSuite } from './suite.js';
import { openGame } from './helpers.js';
import { CLASSIC_PUZZLES, wrongColumn } from './puzzle-set.js';
import type { Page } from 'playwright-core';

/** Discs on the page's own board (the game behind it stays in the DOM, hidden). */
const discs = (page: Page, view: string): Promise<number> =>
  page.locator(`${view} .cell:not([data-cell="empty"])`).count();

/**
 * Review and Puzzles in Chromium, clicked like a player: a game lost against the computer is
 * reviewed and its blunder found at the right move, the graph jumps the board, and a puzzle is
 * solved and another failed.
 */
const suite = browserSuite();

const fresh = (): Promise<TestPage> => suite.newPage();

// Red (the player) against the computer: Red's 7 at move 9 throws the win away (3, 5 or 6
// still won, by `c4 review`), and Yellow wins.
const LOST = '4443474473773313116666221535';

describe('review', () => {
  it(
    'finds the blunder of a lost game at the right move; the graph jumps the board',
    { timeout: 120_000 },
    async () => {
      const { page, screenshot } = await fresh();
      await openGame(page, `${suite.harness.url}#g=7x6c4:${LOST}&m=cpu`);
      await page.click('#review-link');
      await page.locator('.review-view').waitFor();
      // The review searches on every core (up to 4): its worker starts helper threads, as the
      // search worker does (the game before it, against a level that plays without the solver,
      // started none).
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      const helpers = () => page.workers().filter((w) => w.url().includes('/helper-')).length;
      if (cores >= 2) await expect.poll(helpers, { timeout: 20_000 }).toBe(Math.min(cores, 4) - 1);
      const row = page.locator('.review-table tr[data-move="9"]');
      await row.locator('.badge.c-blunder').waitFor({ timeout: 60_000 });
      expect(await row.textContent()).toContain('Red');
      // The better columns fill in as their searches finish.
      const better = async (): Promise<string[]> =>
        ((await row.locator('td').nth(5).textContent()) ?? '')
          .split(', ')
          .map((b) => b.slice(0, 6));
      await expect
        .poll(better, { timeout: 60_000 })
        .toEqual(expect.arrayContaining(['3 (win', '5 (win', '6 (win']));
      // The graph marks the blunder and jumps the board when clicked.
      const point = page.locator('.eval-graph [data-ply="9"]');
      expect(await point.getAttribute('aria-label')).toContain('(blunder)');
      await point.click();
      await expect.poll(() => discs(page, '.review-view')).toBe(9);
      expect(await page.textContent('.review-detail')).toContain('Move 9: Red played column 7');
      expect(await page.getAttribute('.review-table tr[data-move="9"]', 'aria-current')).toBe(
        'true',
      );
      // Keys step through the game from the graph.
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => discs(page, '.review-view')).toBe(8);
      await screenshot('review');
      // Red's summary names its first decisive mistake only once every earlier Red move is
      // judged (the review runs from the last move back; on a loaded machine that can take
      // minutes): until then it says it is not known, never a provisional move. Once proven,
      // it is a link that jumps the board there (test/web/review-progress.test.ts checks when).
      const summary = page.locator('.player-summary.p1');
      const verdict = await summary.getAttribute('data-verdict');
      if (verdict !== 'move') {
        expect(verdict).toBe('pending');
        expect(await summary.textContent()).toMatch(
          /First decisive mistake: not known yet \(\d+ moves? still to judge\)/,
        );
        expect(await summary.locator('button.link').count()).toBe(0);
      } else {
        await summary.locator('button.link').click();
        const shown = /^Move (\d+): Red/.exec((await page.textContent('.review-detail')) ?? '');
        expect(shown).not.toBeNull();
        const move = Number(shown![1]);
        expect(move).toBeGreaterThanOrEqual(1);
        expect(move).toBeLessThanOrEqual(9);
        await expect.poll(() => discs(page, '.review-view')).toBe(move);
      }
      expect(await summary.textContent()).toMatch(
        /Accuracy (\d+% over (all )?\d+ (of \d+ )?moves? judged|: not known yet)/,
      );
      // Leaving the review shows the game again.
      await page.click('text=Back to the game');
      await page.locator('main.layout').waitFor({ state: 'visible' });
      expect(await page.locator('.review-view').count()).toBe(0);
    },
  );
});

describe('review on boards past 64 bits', () => {
  it('is offered on a 9×7 board (the solver’s wide build) and judges its moves', async () => {
    const { page } = await fresh();
    await openGame(page, `${suite.harness.url}#g=9x7c4:1212121&m=pvp`);
    await expect.poll(() => page.textContent('#status')).toMatch(/Red.* wins/);
    expect(await page.isVisible('#again')).toBe(true);
    await expect.poll(() => page.isVisible('#review-link')).toBe(true);
    await page.goto(`${suite.harness.url}#review=9x7c4:1212121`);
    // The last moves are proven at once; the early ones of a 9x7 game may not be in time, and
    // the status then says how many were not.
    await expect
      .poll(() => page.textContent('.review-status'))
      .toMatch(/[1-9]\d* of 7 moves judged|Review complete|Review stopped/);
    expect(await page.textContent('.review-view')).not.toContain('cannot solve');
    expect(await page.textContent('.review-view')).not.toContain('failed');
  });
});

const puzzles = CLASSIC_PUZZLES;

describe('puzzles', () => {
  it('solves a puzzle through the solver’s defence, and fails another with its refutation', async () => {
    const { page, screenshot } = await fresh();
    const multi = puzzles.find((p) => p.steps.length >= 2 && p.steps.at(-1)!.accept.length === 1)!;
    await page.goto(`${suite.harness.url}#puzzles=${multi.id}`);
    await page.locator('.puzzles-view .board .column').first().waitFor();
    await expect
      .poll(() => page.textContent('.puzzle-heading'))
      .toContain(`difficulty ${multi.rating}`);
    expect(await page.textContent('.puzzle-prompt')).toContain(
      multi.goal === 'win' ? 'find the winning move' : 'save the draw',
    );
    const start = multi.start.length;
    for (const [i, step] of multi.steps.entries()) {
      await page.click(`.puzzles-view .column[data-col="${step.accept}"]`);
      if (step.reply === null) break;
      // The defence is on the board before the next move is asked for.
      await expect.poll(() => discs(page, '.puzzles-view')).toBe(start + 2 * (i + 1));
      await expect
        .poll(() => page.textContent('.puzzle-feedback'))
        .toContain(`defends in column ${step.reply}`);
    }
    await expect.poll(() => page.textContent('.puzzle-feedback')).toContain('Puzzle solved');
    expect(await page.textContent('.puzzle-stats')).toMatch(/streak 1 /);
    await screenshot('puzzle-solved');

    const other = puzzles.find((p) => p.id !== multi.id && p.steps.length === 1)!;
    await page.evaluate((id) => {
      location.hash = `#puzzles=${id}`;
    }, other.id);
    await expect
      .poll(() => page.textContent('.puzzle-heading'))
      .toContain(`difficulty ${other.rating}`);
    const wrong = wrongColumn(other);
    await page.keyboard.press(String(wrong));
    await expect
      .poll(() => page.textContent('.puzzle-feedback'))
      .toContain(`Column ${wrong} is not it`);
    await expect
      .poll(() => page.textContent('.puzzle-feedback'), { timeout: 30_000 })
      .toMatch(/answers in column \d/);
    expect(await page.textContent('.puzzle-stats')).toMatch(/streak 0 /);
    expect(await page.locator('text=Try again').isVisible()).toBe(true);
    await screenshot('puzzle-failed');
  });
});
