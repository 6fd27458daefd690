import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Page helpers that read the game the way a person (or a screen reader) would. */
export async function openGame(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.board .column').first().waitFor();
}

export async function chooseMode(page: Page, mode: 'pvp' | 'cpu' | 'watch' | 'analysis') {
  await page.click(`#modes [data-mode="${mode}"]`);
  await expect.poll(() => page.getAttribute('body', 'data-mode')).toBe(mode);
}

/** Waits until no disc is falling and the computer is not thinking. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.board.animating') && !document.querySelector('#status.thinking'),
  );
}

/** Clicks the 1-based columns in order, waiting for each drop to land. */
export async function play(page: Page, columns: string): Promise<void> {
  for (const char of columns) {
    await page.click(`.column[data-col="${char}"]`);
    await settle(page);
  }
}

export const discCount = (page: Page, colour?: 'red' | 'yellow'): Promise<number> =>
  page.locator(colour ? `.cell[data-cell="${colour}"]` : '.cell:not([data-cell="empty"])').count();

export const statusText = async (page: Page): Promise<string> =>
  (await page.textContent('#status')) ?? '';

export const winningCells = (page: Page): Promise<string[]> =>
  page
    .locator('.cell.win')
    .evaluateAll((cells) =>
      cells.map((cell) => `${cell.getAttribute('data-col')},${cell.getAttribute('data-row')}`),
    );

export async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The board (frame and hint row) lies wholly inside the viewport without scrolling. */
export async function boardFullyVisible(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const box = await page.locator('.board .frame').boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** The element lies wholly inside the viewport's height, the page scrolled as it is. */
export async function onScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= -0.5 && box.y + box.height <= viewport.height + 0.5;
}

/**
 * Each element `selector` matches, by its text or class, that does not lie wholly inside the
 * viewport at the page's current scroll (empty: all in view).
 */
export async function outOfView(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return (
          r.top < -0.5 ||
          r.left < -0.5 ||
          r.bottom > innerHeight + 0.5 ||
          r.right > innerWidth + 0.5
        );
      })
      .map((e) => {
        const r = e.getBoundingClientRect();
        const name = `${e.getAttribute('class') ?? e.tagName} "${e.textContent.trim().slice(0, 20)}"`;
        return `${name} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`;
      }),
  );
}

/** The evaluation graph's visible labels that a point's dot overlaps (empty: none). */
export async function labelsOverPoints(page: Page): Promise<string[]> {
  return page.locator('.eval-graph').evaluateAll((graphs) =>
    graphs.flatMap((graph) => {
      const dots = [...graph.querySelectorAll('.eval-point .dot')].map((d) =>
        d.getBoundingClientRect(),
      );
      return [...graph.querySelectorAll<SVGTextElement>('.band-label')]
        .filter((label) => getComputedStyle(label).visibility !== 'hidden')
        .flatMap((label) => {
          const l = label.getBoundingClientRect();
          return dots
            .filter(
              (d) => d.left < l.right && d.right > l.left && d.top < l.bottom && d.bottom > l.top,
            )
            .map(() => label.textContent);
        });
    }),
  );
}
