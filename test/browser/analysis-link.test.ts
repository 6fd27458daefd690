import { describe, expect, it } from 'vitest';
import { browserSuite } from './suite.js';
import { openGame } from './helpers.js';

/**
 * Someone opens a shared link at a position the opening book answers, on a first visit: the
 * exact analysis must not wait for the helper threads to start (the book answers it on the
 * search worker's own thread), nor for the worker to start before the book is asked for (the
 * page asks for it at once: src/web/local/book-prefetch.ts).
 */
const suite = browserSuite();

describe('a shared analysis link the book answers', () => {
  it('shows every column exact, answered without the helper threads', async () => {
    const { page } = await suite.newPage();
    // The page's clock when a worker first speaks, before the page's scripts run.
    await page.addInitScript(() => {
      const seen = globalThis as unknown as { firstWorkerMessage?: number };
      const Original = Worker;
      globalThis.Worker = class extends Original {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          this.addEventListener('message', () => {
            seen.firstWorkerMessage ??= performance.now();
          });
        }
      };
    });
    // c4 solve --analyze: 4453 -5 -5 -2 -3 -4 -2 -2, every column a loss for the side to move
    await openGame(page, `${suite.harness.url}#g=7x6c4:4453&m=analysis`);
    await expect
      .poll(() => page.getAttribute('#hint-note', 'data-threads'), { timeout: 30_000 })
      .toBe('1');
    const labels = await page.locator('.hint-row > *').allTextContents();
    expect(labels).toHaveLength(7);
    for (const label of labels) expect(label).toMatch(/^L\d+$/);
    // scores -2 in columns 3, 6 and 7: the same distance
    expect(new Set([labels[2], labels[5], labels[6]]).size).toBe(1);
    // The page's own timeline (the worker's requests are in the worker's): its fetch of the book
    // began before the search worker had said anything.
    const order = await page.evaluate(() => ({
      book: performance
        .getEntriesByType('resource')
        .filter((e) => /\.book$/.test(e.name))
        .map((e) => [(e as PerformanceResourceTiming).initiatorType, e.startTime] as const),
      firstMessage: (globalThis as unknown as { firstWorkerMessage?: number }).firstWorkerMessage,
    }));
    expect(order.book).toHaveLength(1);
    const [[initiator, started]] = order.book as [readonly [string, number]];
    expect(initiator).toBe('fetch');
    expect(order.firstMessage).toBeGreaterThan(started);
  });
});
