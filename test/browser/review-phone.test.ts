import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelsOverPoints, onScreen } from './helpers.js';
import { browserSuite } from './suite.js';

/**
 * A review on a 360×740 touch phone: the graph's points tile it and every move is a 24 px
 * button in the table (WCAG 2.5.8), and the board stays in view while the player browses the moves, from the
 * graph or from the table far below it.
 */
const suite = browserSuite();

// Sixteen moves of a real game: seventeen points on a graph 330 px wide.
const GAME = '4443474473773313';

const discs = (page: Page): Promise<number> =>
  page.locator('.review-view .cell:not([data-cell="empty"])').count();

/** The board's frame lies wholly inside the viewport, the page scrolled as it is. */
const boardOnScreen = (page: Page): Promise<boolean> =>
  onScreen(page, '.review-view .board .frame');

describe('review on a phone', () => {
  it('graph points tile the graph, moves are 24 px buttons, and the board stays in view', async () => {
    const { page, screenshot } = await suite.newPage({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
    });
    await page.goto(`${suite.harness.url}#review=7x6c4:${GAME}`);
    await page.locator(`.eval-graph [data-ply="${GAME.length}"]`).waitFor();
    // The graph fits the screen, so on a long game a point is narrower than a finger: the
    // points' targets tile the graph (a tap anywhere picks the nearest point), each the full
    // height; the table's move buttons, 24 px each way, reach the same positions (WCAG 2.5.8's
    // equivalent control, checked below).
    const targets = await page.locator('.eval-graph [data-ply] .hit').evaluateAll((hits) =>
      hits.map((hit) => {
        const r = hit.getBoundingClientRect();
        return { left: r.left, right: r.right, height: r.height };
      }),
    );
    expect(targets).toHaveLength(GAME.length + 1);
    for (const [ply, target] of targets.entries()) {
      expect(target.height, `point ${ply}`).toBeGreaterThanOrEqual(24);
      if (ply > 0) expect(target.left, `point ${ply}`).toBeCloseTo(targets[ply - 1]!.right, 0);
    }

    // Once the last move is judged, the unfinished game's last position has a value: no point
    // waits in the "Not judged yet" strip under its label.
    await expect
      .poll(() => page.locator(`.eval-graph [data-ply="${GAME.length}"] .dot.unknown`).count(), {
        timeout: 60_000,
      })
      .toBe(0);
    expect(await labelsOverPoints(page)).toEqual([]);

    // A tap on a point of the graph: the board shows that position, on screen.
    const point = page.locator('.eval-graph [data-ply="5"]');
    await point.scrollIntoViewIfNeeded();
    await point.tap();
    await expect.poll(() => discs(page)).toBe(5);
    expect(await boardOnScreen(page)).toBe(true);

    // Far down the table, a tap on a move: the board is still there to show it.
    const row = page.locator('.review-table tr[data-move="14"] button');
    await row.scrollIntoViewIfNeeded();
    await row.tap();
    await expect.poll(() => discs(page)).toBe(14);
    await screenshot('review-phone-table-360x740');
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    expect(await boardOnScreen(page)).toBe(true);
    // The table's own move buttons are targets of 24 px too.
    const button = await row.boundingBox();
    expect(button!.width).toBeGreaterThanOrEqual(24);
    expect(button!.height).toBeGreaterThanOrEqual(24);
  });
});
