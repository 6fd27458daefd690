// `npm run bench:web-analysis [-- --positions 4455,4343 --rounds 2 --timeout-s 60]`: the speed-up
// of the web analysis board's threads as a player feels it. Needs `npm run build` first (it
// measures what dist holds and stops if there is none; rebuild after changing src/).
//
// Starts the product server (`node dist/server/main.js`, through the browser suite's harness) and
// Debian's Chromium, and times, per position, from loading its moves into the analysis board
// ("Load moves or a link") to the final hints: on the page as served (cross-origin isolated: the
// search worker's N threads on one shared table) and on the same page with the isolation headers
// stripped (one thread, its own table), the two alternating position by position and round by
// round, so a busy spell of the shared machine falls on both.
//
// Every measurement gets a fresh browser context (no stored game, no warm table): the analysis
// board opens on the empty board, whose hints (from the opening book, as the page fetches it)
// leave the search worker idle with its helpers started and the book loaded; the position is then
// loaded in one step and analysed by that worker. So both sides start from the same table state
// (only the empty board's few entries), and the helpers' start-up, paid once per worker, is not
// in the time. The page gives a search 2.5 s (win/draw/loss) plus 15 s (distances): a position
// whose final hints are not exact in every column is shown as such, not timed.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { CLASSIC, Position, parseMoves, unwrap } from '../../src/core/index.js';
import { startHarness, type Harness, type TestPage } from '../../test/browser/harness.js';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    // 4455, 4343 and 444 as in BENCHMARKS.md; then plies 6 and 7 of the first two games of
    // scripts/bench/analysis-games.txt.
    positions: { type: 'string', default: '4455,4343,444,514644,5143545' },
    rounds: { type: 'string', default: '2' },
    'timeout-s': { type: 'string', default: '60' },
  },
});
const positions = values.positions.split(',').map((p) => p.trim());
const rounds = Number(values.rounds);
const timeoutMs = Number(values['timeout-s']) * 1000;
// The page ignores a pasted game it cannot play (a move after the end, a full column), and shows
// no hints once a game is over: both would only time out.
for (const moves of positions) {
  const position = Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC)));
  if (!position.ok) throw new Error(`--positions ${moves}: ${position.error.message}`);
  if (position.value.isOver) throw new Error(`--positions ${moves}: the game is over`);
}
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds: 1 or more`);
if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/web'))) {
  console.error('No build in dist: run `npm run build` first.');
  process.exit(1);
}

type Side = 'isolated' | 'stripped';

interface Measurement {
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

/** Opens the analysis board on a fresh context of `side`, with the empty board's hints final. */
async function openBoard(harness: Harness, side: Side): Promise<TestPage> {
  const opened = await harness.newPage({ reducedMotion: 'reduce' });
  const { page } = opened;
  // tsx compiles this file keeping function names (`__name(fn, "finish")`), and the functions
  // handed to page.evaluate carry those calls into the page: give them the helper there.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  if (side === 'stripped') {
    // The same server, with COOP/COEP taken off the page (as test/browser/search-threads.test.ts).
    await page.route(harness.url, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
  }
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
async function measure(page: Page, moves: string): Promise<Measurement> {
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
    exact: result.labels.every((label) => /^(W\d+|L\d+|D|)$/.test(label)),
    threads: result.threads === null ? null : Number(result.threads),
    hints: result.labels.map((label) => label || '·').join(' '),
  };
}

const harness = await startHarness();
const chromiumVersion = harness.browser.version();
const results = new Map<string, Record<Side, Measurement[]>>(
  positions.map((p) => [p, { isolated: [], stripped: [] }]),
);
const problems: string[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    for (const [index, moves] of positions.entries()) {
      const sides: Side[] =
        (round + index) % 2 === 0 ? ['stripped', 'isolated'] : ['isolated', 'stripped'];
      for (const side of sides) {
        const opened = await openBoard(harness, side);
        try {
          const measured = await measure(opened.page, moves);
          results.get(moves)![side].push(measured);
          const shown = measured.ms === null ? 'timeout' : `${measured.ms.toFixed(0)} ms`;
          console.error(
            `round ${round + 1} ${moves || '(empty)'} ${side}: ${shown}, ` +
              `${measured.threads ?? '?'} thread(s), ${measured.exact ? 'exact' : 'NOT exact'}: ${measured.hints}`,
          );
          for (const error of opened.errors) problems.push(`${moves} ${side}: ${error}`);
        } finally {
          await opened.context.close();
        }
      }
    }
  }
} finally {
  await harness.close();
}

const limit = `> ${timeoutMs / 1000} s`;
const cell = (m: Measurement): string =>
  m.ms === null ? limit : m.exact ? m.ms.toFixed(0) : `not exact (${(m.ms / 1000).toFixed(1)} s)`;
const timed = (m: Measurement): m is Measurement & { ms: number } => m.ms !== null && m.exact;
const threadsOf = (ms: readonly Measurement[]): string =>
  [...new Set(ms.map((m) => m.threads ?? '?'))].join(', ');
const allIsolated = [...results.values()].flatMap((r) => r.isolated);
console.log(
  `Chromium ${chromiumVersion}, ${cores ?? '?'} cores; ${rounds} round(s), times in ` +
    'round order; speed-up of the summed times of the rounds where both sides were exact. ' +
    `Threads shown on the isolated page: ${threadsOf(allIsolated)}.`,
);
console.log('');
console.log('| position | 1 thread ms | N threads ms | speed-up | threads shown (1 / N) |');
console.log('|---|---|---|---|---|');
for (const [moves, { isolated, stripped }] of results) {
  let one = 0;
  let many = 0;
  for (let round = 0; round < rounds; round++) {
    const a = stripped[round]!;
    const b = isolated[round]!;
    if (timed(a) && timed(b)) {
      one += a.ms;
      many += b.ms;
    }
  }
  const speedUp = one > 0 && many > 0 ? `${(one / many).toFixed(2)}x` : 'n/a';
  console.log(
    `| \`${moves}\` | ${stripped.map(cell).join(' / ')} | ${isolated.map(cell).join(' / ')} | ` +
      `${speedUp} | ${threadsOf(stripped)} / ${threadsOf(isolated)} |`,
  );
}
if (problems.length > 0) {
  console.log('');
  console.log('Console errors on the pages:');
  for (const problem of problems) console.log(`- ${problem}`);
}
