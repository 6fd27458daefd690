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
import { CLASSIC, Position, parseMoves, unwrap } from '../../src/core/index.js';
import { startHarness } from '../../test/browser/harness.js';
import { measure, openBoard, pageCores, type Measurement, type Side } from './web-analysis-page.js';

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
          const measured = await measure(opened.page, moves, timeoutMs);
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
  `Chromium ${chromiumVersion}, ${pageCores() ?? '?'} cores; ${rounds} round(s), times in ` +
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
