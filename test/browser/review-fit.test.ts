import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelsOverPoints, noHorizontalScroll } from './helpers.js';
import { browserSuite } from './suite.js';

/**
 * A review as a player found it: at 1280x900 a 40-move graph was a 988 px drawing in a 595 px
 * box (moves after ~24 off-screen; after End the band labels and caption scrolled away); the
 * "Not judged yet" strip stayed after "Review complete"; a move not reached read "Not judged
 * yet" in one column and "not solved" in the next; a blunder's "Better" offered a losing move;
 * the game string ran off a 360 px screen; after End a grey bar at the graph's right edge read as
 * a scrollbar (the selected point's column, running into the emptied strip).
 */
const suite = browserSuite();

// A 40-move arena game (src/puzzles/sets/games-7x6c4.txt).
const GAME = '3673662154553456433212255663224777774411';
// Red's 7 at move 9 throws the win away; Yellow wins (test/browser/review-puzzles.test.ts).
const LOST = '4443474473773313116666221535';

/** What of the graph's figure lies outside its box: the drawing, its last point, its labels. */
const overflow = (page: Page): Promise<string[]> =>
  page.locator('.review-graph').evaluate((figure) => {
    const box = figure.getBoundingClientRect();
    const out: string[] = [];
    if (figure.scrollWidth > figure.clientWidth + 0.5)
      out.push(`drawing ${figure.scrollWidth} px in a ${figure.clientWidth} px box`);
    const parts = [...figure.querySelectorAll('.eval-point .dot, .band-label, figcaption')];
    for (const part of parts) {
      const r = part.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(part).visibility === 'hidden') continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        out.push(`${part.getAttribute('class') ?? part.tagName} "${part.textContent}"`);
    }
    return out;
  });

describe('review fits and says one thing once', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 800, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`a 40-move graph fits its box at ${viewport.width}x${viewport.height}, also after End`, async () => {
      const { page } = await suite.newPage({ viewport, hasTouch: viewport.width < 500 });
      await page.goto(`${suite.harness.url}#review=7x6c4:${GAME}`);
      await page.locator(`.eval-graph [data-ply="${GAME.length}"]`).waitFor();
      expect(await overflow(page)).toEqual([]);
      await page.locator('.eval-graph [data-ply="0"]').focus();
      await page.keyboard.press('End');
      await expect
        .poll(() => page.locator('.eval-point.selected').getAttribute('data-ply'))
        .toBe(String(GAME.length));
      expect(await overflow(page)).toEqual([]);
      expect(await page.locator('.review-graph').evaluate((f) => f.scrollLeft)).toBe(0);
      await noHorizontalScroll(page);
    });
  }

  it('a move not reached reads the same in every column; after the review no strip is left', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.harness.url}#review=7x6c4:${GAME}`);
    const first = page.locator('.review-table tr[data-move="1"]');
    await first.waitFor();
    // The review works from the last move back: move 1 is the last one reached.
    const cells = await first.locator('td').allTextContents();
    if (cells[3] === 'Not judged yet') expect(cells[4]).toBe('not judged yet');
    await expect
      .poll(() => page.textContent('.review-status'), { timeout: 60_000 })
      .toBe(`Review complete: all ${GAME.length} moves judged.`);
    expect(await page.locator('.eval-graph .band-unjudged').isVisible()).toBe(false);
    // Nothing is drawn below the bands then: the selected point's column (the last move, at the
    // right edge) ran on into the empty strip, a grey bar that read as a scrollbar.
    const below = await page.locator('.eval-graph').evaluate((graph) => {
      const bottom = graph.querySelector('.band-yellow')!.getBoundingClientRect().bottom;
      const parts = [
        graph,
        ...graph.querySelectorAll('.eval-point .hit, .eval-point .dot, .eval-cursor'),
      ];
      return parts
        .filter((part) => part.getBoundingClientRect().bottom > bottom + 0.5)
        .map((part) => part.getAttribute('class') ?? part.tagName);
    });
    expect(below).toEqual([]);
    // The selected move is marked by a thin line through its point, not a filled column (a
    // bar at the right edge, where the last move is, read as a scrollbar).
    const marks = await page
      .locator('.eval-graph')
      .evaluate((graph) =>
        [...graph.querySelectorAll('.eval-point.selected .hit, .eval-cursor')]
          .filter((m) => getComputedStyle(m).fill !== 'rgba(0, 0, 0, 0)' || m.tagName === 'line')
          .map((m) => Math.round(m.getBoundingClientRect().width)),
      );
    expect(marks.length).toBeGreaterThan(0);
    expect(Math.max(...marks)).toBeLessThanOrEqual(3);
    // No point covers a band's label (a mistake's diamond hid the "w" of "Draw").
    expect(await labelsOverPoints(page)).toEqual([]);

    // On a phone a row of the table is one line (the words of "Better" and "Result" broke one
    // per line there: rows up to 230 px tall), and the table scrolls sideways in its box.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => labelsOverPoints(page)).toEqual([]);
    const rows = await page
      .locator('.review-table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Math.round(tr.getBoundingClientRect().height)));
    expect(rows).toHaveLength(GAME.length);
    expect(Math.max(...rows)).toBeLessThanOrEqual(Math.min(...rows) + 2);
    await noHorizontalScroll(page);
    expect(await page.textContent('.review-view')).not.toMatch(/not judged yet/i);
    expect(await page.locator('.eval-graph').evaluate((g) => g.textContent)).not.toMatch(
      /not judged|not solved/i,
    );
  });

  it('a blunder’s Better offers only what was better in result, in one unit', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.harness.url}#review=7x6c4:${LOST}`);
    await expect
      .poll(() => page.textContent('.review-status'), { timeout: 60_000 })
      .toMatch(/^Review complete/);
    const row = page.locator('.review-table tr[data-move="9"]');
    expect(await row.locator('.badge.c-blunder').count()).toBe(1);
    const better = (await row.locator('td').nth(5).textContent()) ?? '';
    expect(better).toMatch(/win/);
    expect(better).not.toMatch(/loss/);
    // The point and the detail of one position count the same thing: the winner's moves.
    await page.locator('.eval-graph [data-ply="13"]').click();
    const label = (await page.locator('.eval-graph [data-ply="13"]').getAttribute('aria-label'))!;
    expect(label).not.toContain('discs');
    const moves = /wins in (\d+) moves?/.exec(label)?.[1];
    expect(moves, label).toBeDefined();
    const detail = (await page.textContent('.review-detail')) ?? '';
    const row14 = await page.locator('.review-table tr[data-move="14"] td').nth(4).textContent();
    expect(`${detail} ${row14}`).toContain(`in ${moves} move`);
  });

  it('the game string wraps on a 360 px phone', async () => {
    const { page } = await suite.newPage({ viewport: { width: 360, height: 740 }, hasTouch: true });
    await page.goto(`${suite.harness.url}#review=7x6c4:${GAME}`);
    const meta = page.locator('.review-meta');
    await meta.waitFor();
    const box = (await meta.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await meta.evaluate((m) => m.scrollWidth <= m.clientWidth)).toBe(true);
    await noHorizontalScroll(page);
  });
});
