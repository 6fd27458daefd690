import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unwrap } from '../../src/core/index.js';
import {
  familyPuzzlePosition,
  familyStepMoves,
  parsePuzzleFile,
  type Puzzle,
} from '../../src/puzzles/index.js';
import { axeViolations } from './axe.js';
import { noHorizontalScroll } from './helpers.js';
import { browserSuite } from './suite.js';

/**
 * PopOut and Five-in-a-Row puzzles on the Puzzles page: the sets are offered in its menu, and a
 * PopOut puzzle whose answer is a pop is solved with the Pop control on a 360 px phone (tap)
 * and with the pop key on a desktop.
 */
const suite = browserSuite();

const setOf = (file: string): readonly Puzzle[] =>
  unwrap(
    parsePuzzleFile(
      readFileSync(join(import.meta.dirname, '..', '..', 'src/puzzles/sets', file), 'utf8'),
    ),
  ).puzzles;

const POPOUT = setOf('popout.json');
/** The first PopOut puzzle answered by a pop (the shipped test checks there is one). */
const POP_PUZZLE = POPOUT.find((p) => p.steps[0]!.accept.startsWith('p'))!;
const popColumn = familyStepMoves(POP_PUZZLE, POP_PUZZLE.steps[0]!.accept)[0]!.column + 1;
/** The solver side's drops after the pop: the first column each later step accepts. */
const laterDrops = POP_PUZZLE.steps
  .slice(1)
  .map((s) => familyStepMoves(POP_PUZZLE, s.accept)[0]!)
  .map((m) => m.column + 1);

const feedback = (page: Page): Promise<string> =>
  page.textContent('.puzzle-feedback').then((t) => t ?? '');
const lesson = (page: Page): Promise<string> =>
  page.textContent('.puzzle-lesson').then((t) => t ?? '');

describe('family puzzles', () => {
  it('offers the PopOut and Five-in-a-Row sets, and loads them only when chosen', async () => {
    const { page } = await suite.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.json')) fetched.push(request.url());
    });
    await page.goto(`${suite.harness.url}#puzzles`);
    await expect.poll(() => feedback(page)).toMatch(/to move/);
    const sets = await page
      .locator('.puzzle-controls select option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(sets).toEqual(['7x6c4', '7x7c5', 'popout', 'five']);
    expect(fetched.some((u) => /popout|five/.test(u))).toBe(false);
    await page.selectOption('.puzzle-controls select', 'five');
    await expect.poll(() => feedback(page)).toMatch(/to move\. Choose a column/);
    expect(fetched.some((u) => u.includes('five'))).toBe(true);
    expect(await page.getAttribute('.puzzle-board .board', 'data-game')).toBe('five');
  });

  it('solves a PopOut puzzle by tapping the Pop control on a 360 px phone', async () => {
    const { page, screenshot } = await suite.newPage({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
    });
    await page.goto(`${suite.harness.url}#puzzles=${POP_PUZZLE.id}`);
    await expect.poll(() => feedback(page)).toContain('pop one of your discs');
    expect(await page.inputValue('.puzzle-controls select')).toBe('popout');
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-puzzle-popout-phone');
    await page.tap(`.puzzle-board .pop[data-col="${popColumn}"]`);
    for (const column of laterDrops) {
      await expect.poll(() => feedback(page)).toContain('keep going');
      await page.tap(`.puzzle-board .column[data-col="${column}"]`);
    }
    await expect.poll(() => feedback(page)).toContain('Puzzle solved');
    // The why: what the pop does at once, then (from the worker's solver) what every other
    // move gives.
    expect(await lesson(page)).toMatch(new RegExp(`^Popping column ${popColumn} `));
    await expect
      .poll(() => lesson(page), { timeout: 20_000 })
      .toMatch(/Every other move lets (Red|Yellow) win|the best of the others only draws/);
    expect(await page.isVisible('.puzzle-lesson')).toBe(true);
    await noHorizontalScroll(page);
    await screenshot('family-puzzle-popout-phone-solved');
  });

  it('after a wrong move says what it allows and what it gives, without the answer', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.harness.url}#puzzles=${POP_PUZZLE.id}`);
    await expect.poll(() => feedback(page)).toContain('pop one of your discs');
    // The answer is a pop: any drop is wrong.
    const start = unwrap(familyPuzzlePosition(POP_PUZZLE));
    const wrong = start.legalMoves().find((m) => m.kind === 'drop')!.column + 1;
    await page.keyboard.press(String(wrong));
    await expect.poll(() => feedback(page)).toContain('is not it');
    await expect
      .poll(() => lesson(page), { timeout: 20_000 })
      .toMatch(new RegExp(`^Column ${wrong} (lets (Red|Yellow) win|only draws)`));
    expect(await lesson(page)).not.toContain(`Popping column ${popColumn}`);
  });

  it('solves it with the keyboard on a desktop: Shift and the column key pops', async () => {
    const { page, screenshot } = await suite.newPage();
    await page.goto(`${suite.harness.url}#puzzles=${POP_PUZZLE.id}`);
    await expect.poll(() => feedback(page)).toContain('pop one of your discs');
    await page.keyboard.press(`Shift+Digit${popColumn}`);
    for (const column of laterDrops) {
      await expect.poll(() => feedback(page)).toContain('keep going');
      await page.keyboard.press(String(column));
    }
    await expect.poll(() => feedback(page)).toContain('Puzzle solved');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-puzzle-popout-desktop');
  });
});
