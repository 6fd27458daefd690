/**
 * The web analysis board as a benchmark drives it: open it on a fresh context (as served, or with
 * the cross-origin isolation headers stripped so its search runs on one thread), then load a
 * position through "Load moves or a link" and wait, in the page, for its final hints.
 */
import type { Page } from 'playwright-core';
import type { Harness, TestPage } from '../../test/browser/harness.js';

export type Side = 'isolated' | 'stripped';

export interface Measurement {
  /** Wall time to the final hints, or null when they did not come within the timeout. */
  readonly ms: number | null;
  /** Every column's final hint exact (a distance, a draw or full). */
  readonly exact: boolean;
  /** Threads the hints on screen were searched with (#hint-note's data-threads). */
  readonly threads: number | null;
  readonly hints: string;
}

/** `navigator.hardwareConcurrency` as the pages see it (the isolated side's threads: up to 4). */
let cores: number | undefined;
export const pageCores = (): number | undefined => cores;

/**
 * Serves `page` the same server's page with COOP/COEP taken off, so its search runs on one
 * thread (as test/browser/search-threads.test.ts).
 */
async function stripIsolation(harness: Harness, page: Page): Promise<void> {
  await page.route(harness.url, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
}

/** Opens the analysis board on a fresh context of `side`, with the empty board's hints final. */
export async function openBoard(harness: Harness, side: Side): Promise<TestPage> {
  const opened = await harness.newPage({ reducedMotion: 'reduce' });
  const { page } = opened;
  // tsx compiles this file keeping function names (`__name(fn, "finish")`), and the functions
  // handed to page.evaluate carry those calls into the page: give them the helper there.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  if (side === 'stripped') await stripIsolation(harness, page);
  await page.goto(harness.url);
  await page.locator('.board .column').first().waitFor();
  const isolated = await page.evaluate(() => self.crossOriginIsolated);
  cores ??= await page.evaluate(() => navigator.hardwareConcurrency);
  if (isolated !== (side === 'isolated')) {
    throw new Error(`the ${side} page is ${isolated ? '' : 'not '}cross-origin isolated`);
  }
  await page.click('#modes [data-mode="analysis"]');
  await page.waitForFunction(() => {
    const board = document.querySelector('.board');
    return (
      document.body.dataset['mode'] === 'analysis' &&
      board?.classList.contains('with-hints') === true &&
      !board.classList.contains('hints-pending') &&
      document.querySelector('#hint-note')?.hasAttribute('data-threads') === true
    );
  });
  return opened;
}

/** Loads `moves` and waits (in the page, on DOM changes) for the final hints. */
export async function measure(page: Page, moves: string, timeoutMs: number): Promise<Measurement> {
  const result = await page.evaluate(
    ({ moves, timeoutMs }) =>
      new Promise<{ ms: number | null; labels: string[]; threads: string | null }>((done) => {
        const board = document.querySelector('.board')!;
        const note = document.querySelector('#hint-note')!;
        const labels = (): string[] =>
          [...document.querySelectorAll('.hint-row > *')].map((e) => e.textContent);
        const input = document.querySelector<HTMLInputElement>('#paste-input')!;
        const form = document.querySelector<HTMLFormElement>('#paste')!;
        let timer = 0;
        let start = 0;
        const finish = (ms: number | null): void => {
          observer.disconnect();
          clearTimeout(timer);
          done({ ms, labels: labels(), threads: note.getAttribute('data-threads') });
        };
        // The page renders a position's board, hint row and note in one task, so the first
        // change that shows this position's discs without pending hints is its final answer.
        const observer = new MutationObserver(() => {
          const discs = document.querySelectorAll('.cell:not([data-cell="empty"])').length;
          if (
            discs === moves.length &&
            board.classList.contains('with-hints') &&
            !board.classList.contains('hints-pending')
          ) {
            finish(performance.now() - start);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        timer = window.setTimeout(() => {
          finish(null);
        }, timeoutMs);
        input.value = moves;
        start = performance.now();
        form.requestSubmit();
      }),
    { moves, timeoutMs },
  );
  return {
    ms: result.ms,
    exact: allExact(result.labels),
    threads: result.threads === null ? null : Number(result.threads),
    hints: showHints(result.labels),
  };
}

/** Every column's hint label exact: a distance, a draw or a full column. */
const allExact = (labels: readonly string[]): boolean =>
  labels.every((label) => /^(W\d+|L\d+|D|)$|^p\d+=(W\d+|L\d+|D)$/.test(label));
const showHints = (labels: readonly string[]): string =>
  labels.map((label) => label || '·').join(' ');

/** A first visit's wait for the analysis of a shared link, from navigation start. */
export interface ColdMeasurement extends Measurement {
  /** When the board was first drawn (the page's own start-up), from navigation start. */
  readonly boardMs: number | null;
}

/** A game to open by its share link: its game string and the discs its board shows. */
export interface LinkedGame {
  /** `7x6c4:4455`, `popout:43p4` … */
  readonly game: string;
  readonly discs: number;
}

/**
 * Opens a share link to `game` (analysis mode) on a fresh context, as a first visit: no cache,
 * no service worker, no warm worker; `stripped`, with one search thread. Times are the page's own
 * clock from navigation start.
 */
export async function openLink(
  harness: Harness,
  { game, discs }: LinkedGame,
  timeoutMs: number,
  side: Side = 'isolated',
): Promise<{ opened: TestPage; measurement: ColdMeasurement }> {
  const opened = await harness.newPage({ reducedMotion: 'reduce' });
  const { page } = opened;
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  if (side === 'stripped') await stripIsolation(harness, page);
  // Installed before the page's scripts, so the first frame with the final hints is caught.
  await page.addInitScript((discCount: number) => {
    const seen: {
      board: number | null;
      final: number | null;
      labels: string[];
      threads: string | null;
    } = { board: null, final: null, labels: [], threads: null };
    (globalThis as unknown as { __cold: typeof seen }).__cold = seen;
    const observer = new MutationObserver(() => {
      const board = document.querySelector('.board');
      if (!board) return;
      if (seen.board === null && board.querySelector('.column')) seen.board = performance.now();
      const discs = document.querySelectorAll('.cell:not([data-cell="empty"])').length;
      if (
        discs === discCount &&
        board.classList.contains('with-hints') &&
        !board.classList.contains('hints-pending')
      ) {
        seen.final = performance.now();
        // PopOut's pops carry their hints beside their buttons: `p3=W9`.
        const pops = [...document.querySelectorAll('.pop:not([hidden]) + .pop-hint')].map(
          (e) => `p${e.previousElementSibling?.getAttribute('data-col') ?? '?'}=${e.textContent}`,
        );
        seen.labels = [
          ...[...document.querySelectorAll('.hint-row > *')].map((e) => e.textContent),
          ...pops,
        ];
        seen.threads = document.querySelector('#hint-note')?.getAttribute('data-threads') ?? null;
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  }, discs);
  await page.goto(`${harness.url}#g=${game}&m=analysis`);
  cores ??= await page.evaluate(() => navigator.hardwareConcurrency);
  const seen = await page
    .waitForFunction(
      () => {
        const cold = (globalThis as unknown as { __cold: { final: number | null } }).__cold;
        return cold.final === null ? false : cold;
      },
      undefined,
      { timeout: timeoutMs },
    )
    .then(
      (handle) =>
        handle.jsonValue() as Promise<{
          board: number | null;
          final: number;
          labels: string[];
          threads: string | null;
        }>,
    )
    .catch(() => null);
  return {
    opened,
    measurement: {
      ms: seen?.final ?? null,
      boardMs: seen?.board ?? null,
      exact: seen !== null && allExact(seen.labels),
      threads: seen?.threads == null ? null : Number(seen.threads),
      hints: showHints(seen?.labels ?? []),
    },
  };
}
