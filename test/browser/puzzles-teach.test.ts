import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dailyIndex, utcDay } from '../../src/puzzles/index.js';
import { onScreen } from './helpers.js';
import { CLASSIC_PUZZLES, wrongColumn } from './puzzle-set.js';
import { browserSuite } from './suite.js';

/**
 * Puzzles that teach, clicked like a player: a wrong move says why and points at it on the
 * board, a saved draw is called a draw, the daily puzzle is the site's, and on a phone the
 * feedback and Try again are on screen without scrolling.
 */
const suite = browserSuite();

const classic = CLASSIC_PUZZLES;

/** A 360×740 touch phone showing the first one-move win puzzle. */
async function winInOneOnPhone() {
  const { page, screenshot } = await suite.newPage({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  });
  const puzzle = classic.find((p) => p.goal === 'win' && p.steps.length === 1)!;
  await page.goto(`${suite.harness.url}#puzzles=${puzzle.id}`);
  await expect.poll(() => page.textContent('.puzzle-heading')).toContain(`${puzzle.rating}`);
  return { page, screenshot, puzzle };
}

/** Waits for the feedback to a wrong move: the column that answers it. */
const answered = (page: Page) =>
  expect
    .poll(() => page.textContent('.puzzle-feedback'), { timeout: 30_000 })
    .toMatch(/answers in column \d/);

describe('puzzles that teach', () => {
  it('a wrong move says why, rings it on the board; on a phone all of it shows unscrolled', async () => {
    const { page, screenshot, puzzle } = await winInOneOnPhone();
    const wrong = wrongColumn(puzzle);
    // A tap, as on a phone (the page scrolls the board into view for it, as a player would).
    await page.locator(`.puzzles-view .column[data-col="${wrong}"]`).tap();
    await answered(page);
    // Why: in words, and on the board (a ringed threat or the winning line).
    const lesson = (await page.textContent('.puzzle-lesson')) ?? '';
    expect(lesson).toMatch(/wins: the winning line|threat|a draw/);
    const pointed = await page
      .locator('.puzzles-view .cell.marked, .puzzles-view .cell.win')
      .count();
    if (lesson.includes('ringed') || lesson.includes('winning line')) {
      expect(pointed).toBeGreaterThan(0);
    }
    // As the player left it: scrolled down to the board to tap it, and not scrolled since.
    expect(await onScreen(page, '.puzzle-feedback')).toBe(true);
    expect(await onScreen(page, '.puzzle-lesson')).toBe(true);
    expect(await onScreen(page, 'button:has-text("Try again")')).toBe(true);
    // …with the board still (at least partly) in view.
    const frame = await page.locator('.puzzles-view .board').boundingBox();
    expect(frame !== null && frame.y + frame.height > 0).toBe(true);
    await screenshot('puzzle-wrong-360x740');
  });

  it('on a phone, the prompt, the whole board and the feedback show before any scrolling', async () => {
    const { page, screenshot, puzzle } = await winInOneOnPhone();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await screenshot('puzzle-first-360x740');
    for (const part of ['.puzzle-prompt', '.puzzles-view .board .frame', '.puzzle-feedback']) {
      expect(await onScreen(page, part), part).toBe(true);
    }
    // A wrong tap right there: the answer and Try again show, still without any scrolling.
    await page.locator(`.puzzles-view .column[data-col="${wrongColumn(puzzle)}"]`).tap();
    await answered(page);
    await expect.poll(() => onScreen(page, 'button:has-text("Try again")')).toBe(true);
    expect(await onScreen(page, '.puzzles-view .board .frame')).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  it('a saved draw is called a draw, not "several columns win"', async () => {
    const { page } = await suite.newPage();
    const puzzle = classic.find(
      (p) => p.goal === 'draw' && p.steps.length === 1 && p.steps[0]!.accept.length > 1,
    );
    const draw =
      puzzle ?? classic.find((p) => p.goal === 'draw' && p.steps.at(-1)!.accept.length > 1)!;
    await page.goto(`${suite.harness.url}#puzzles=${draw.id}`);
    await expect.poll(() => page.textContent('.puzzle-prompt')).toContain('save the draw');
    const start = draw.start.length;
    for (const [i, step] of draw.steps.entries()) {
      await page.click(`.puzzles-view .column[data-col="${step.accept[0]!}"]`);
      if (step.reply === null) break;
      await expect
        .poll(() => page.locator('.puzzles-view .cell:not([data-cell="empty"])').count())
        .toBe(start + 2 * (i + 1));
    }
    await expect.poll(() => page.textContent('.puzzle-feedback')).toContain('Puzzle solved');
    const text = (await page.textContent('.puzzle-feedback')) ?? '';
    expect(text).not.toContain('win');
    expect(text).toContain('several columns hold the draw');
  });

  it('the daily puzzle is the same for the whole site, whatever board is chosen', async () => {
    const { page } = await suite.newPage();
    const today = classic[dailyIndex(utcDay(Date.now()), classic.length)]!;
    await page.goto(`${suite.harness.url}#puzzles=${classic[0]!.id}`);
    await expect.poll(() => page.textContent('.puzzle-heading')).toContain('Puzzle');
    await page.selectOption('.puzzle-controls select', '7x7c5');
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .not.toBe(`#puzzles=${classic[0]!.id}`);
    await page.click('button:has-text("Daily puzzle")');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#puzzles=${today.id}`);
    expect(await page.textContent('.puzzle-heading')).toContain(
      `Daily puzzle ${utcDay(Date.now())}`,
    );
  });
});
