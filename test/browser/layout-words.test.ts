import { describe, expect, it } from 'vitest';
import { browserSuite } from './suite.js';
import { chooseMode, noHorizontalScroll, openGame } from './helpers.js';

/** Words are never cut in two: "Comput/er" in the score at 740x360 (a phone on its side). */
const suite = browserSuite();

describe('layout keeps words whole', () => {
  for (const viewport of [
    { width: 740, height: 360 },
    { width: 320, height: 568 },
    { width: 360, height: 740 },
  ]) {
    it(`the score's names at ${viewport.width}x${viewport.height}`, async () => {
      const { page } = await suite.newPage({ viewport, hasTouch: true });
      await openGame(page, suite.harness.url);
      await chooseMode(page, 'cpu');
      // Each word of each name lies on one line: a word split over two lines has two boxes.
      const split = await page.locator('.tally dt').evaluateAll((names) =>
        names.flatMap((name) => {
          const text = name.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const words: string[] = [];
          const content = text.textContent ?? '';
          for (const match of content.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) words.push(match[0]);
          }
          return words;
        }),
      );
      expect(await page.textContent('#name-b')).toMatch(/^Computer/);
      expect(split).toEqual([]);
      await noHorizontalScroll(page);
    });
  }
});
