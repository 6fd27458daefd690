import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseName, createFriendGame, drop, resign, status } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * The online game's header as players with long names see it: at 1280×900 each name takes one
 * line (cut with an ellipsis, the full name kept for the mouse and for screen readers), and the
 * board and Resign stay on screen without scrolling; on a 360×740 phone likewise.
 */
const suite = deviceSuite();

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly height: number;
}

/** What the test measures of the header, the board and the controls, unscrolled. */
interface Layout {
  readonly viewport: { width: number; height: number };
  readonly scrollHeight: number;
  readonly names: readonly {
    readonly text: string;
    readonly title: string | null;
    readonly lines: number;
    readonly box: Box;
  }[];
  readonly board: Box;
  readonly controls: Box;
}

const measure = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    window.scrollTo(0, 0);
    const box = (selector: string): Box => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    // Lines a name takes: its height over its line height (line-height is 1.4, given in px).
    const lines = (element: HTMLElement): number =>
      Math.round(
        element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
      );
    return {
      viewport: { width: innerWidth, height: innerHeight },
      scrollHeight: document.documentElement.scrollHeight,
      names: [...document.querySelectorAll<HTMLElement>('.online-player .online-name')].map(
        (name) => ({
          text: name.textContent,
          title: name.getAttribute('title'),
          lines: lines(name),
          box: (({ top, bottom, left, right, height }) => ({ top, bottom, left, right, height }))(
            name.getBoundingClientRect(),
          ),
        }),
      ),
      board: box('#online-board .frame'),
      controls: box('.online-game .actions'),
    };
  });

function expectFits(layout: Layout, label: string): void {
  const { viewport } = layout;
  expect(layout.names, label).toHaveLength(2);
  for (const name of layout.names) {
    expect(name.lines, `${label}: "${name.text}" on one line`).toBe(1);
    // The whole name stays available where the line cuts it.
    expect(name.title, label).toBe(name.text);
    expect(name.box.right, label).toBeLessThanOrEqual(viewport.width);
  }
  for (const [what, box] of [
    ['board', layout.board],
    ['the controls (Resign or Rematch)', layout.controls],
  ] as const) {
    expect(box.top, `${label}: ${what}`).toBeGreaterThanOrEqual(0);
    expect(box.bottom, `${label}: ${what} on screen`).toBeLessThanOrEqual(viewport.height);
  }
}

describe('the online game header', () => {
  it('long names take one line, and the board and Resign stay on screen', async () => {
    const red = await suite.device('#online');
    await chooseName(red.page, 'Augusta Ada Lovelace');
    const yellow = await suite.device('#online');
    await chooseName(yellow.page, 'Grace Brewster Hopp');
    await yellow.page.goto(
      suite.harness.url + (await createFriendGame(red.page, { clock: '5+3' })),
    );
    await expect.poll(() => status(red.page), { timeout: 15_000 }).toBe('Your turn');
    await drop(red.page, 4, 1, [yellow.page]);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      await red.page.setViewportSize(viewport);
      // (The screenshot brings Red's page to the front: Chromium may not lay out a page behind
      // another at its new size, and the boxes read would be the old size's.)
      await red.screenshot(`online-layout-${viewport.width}x${viewport.height}`);
      const layout = await measure(red.page);
      expectFits(layout, `${viewport.width}x${viewport.height}`);
      if (viewport.width === 1280) {
        // Side by side on a desktop, one line high each.
        expect(layout.names[0]!.box.top).toBeCloseTo(layout.names[1]!.box.top, 0);
      }
    }

    // Ended: the rating change joins the name ("1500? → 1338? (-162) (you)"); the names
    // still show, on one line, at both sizes.
    await resign(red.page);
    await expect.poll(() => status(red.page), { timeout: 15_000 }).toMatch(/^You lose/);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      await red.page.setViewportSize(viewport);
      await red.screenshot(`online-layout-ended-${viewport.width}x${viewport.height}`);
      const widths = await red.page
        .locator('.online-player .online-who')
        .evaluateAll((names) => names.map((name) => name.getBoundingClientRect().width));
      for (const width of widths) expect(width, `${viewport.width} px`).toBeGreaterThan(60);
      expectFits(await measure(red.page), `ended, ${viewport.width}x${viewport.height}`);
    }
    expect(red.errors).toEqual([]);
  });
});
