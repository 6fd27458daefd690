// `npm run bench:web-family [-- --positions popout:43,popout:4433 --rounds 2 --timeout-s 30]`:
// PopOut's analysis in the web page on its threads against one thread, as a player meets it: a
// first visit to a share link in analysis mode. Needs `npm run build` first.
//
// Each measurement is a fresh browser context (no cache, no service worker, no warm table) that
// opens the link, timed on the page's clock from the board drawn to the final hints (drops and
// pops). One side is the page as served (cross-origin isolated: the PopOut search worker's
// threads on one shared table), the other the same page with the isolation headers stripped (one
// thread); the two alternate position by position and round by round, so a busy spell of the
// shared machine falls on both. Where the page's budget ends before every move is exact, the
// hints it settles on are shown as not exact, with their time.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseFamilyGame } from '../../src/core/index.js';
import { startHarness } from '../../test/browser/harness.js';
import { openLink, pageCores, type ColdMeasurement, type Side } from './web-analysis-page.js';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    // The browser test's position (ply 2), then positions of scripts/bench/popout-positions.txt
    // at plies 6 to 9, where a search takes from a fraction of a second to several.
    positions: {
      type: 'string',
      default: 'popout:43,popout:4433,popout:112243,popout:253166,popout:436157,popout:34453p5',
    },
    rounds: { type: 'string', default: '2' },
    'timeout-s': { type: 'string', default: '40' },
  },
});
const games = values.positions.split(',').map((game) => {
  const position = parseFamilyGame(game.trim());
  if (!position.ok) throw new Error(`--positions ${game}: ${position.error.message}`);
  if (position.value.isOver) throw new Error(`--positions ${game}: the game is over`);
  const discs = position.value.heights.reduce((sum, height) => sum + height, 0);
  return { game: game.trim(), discs };
});
const rounds = Number(values.rounds);
const timeoutMs = Number(values['timeout-s']) * 1000;
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: 1 or more');
if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/web'))) {
  console.error('No build in dist: run `npm run build` first.');
  process.exit(1);
}

/** From the board drawn to the final hints, or null when they did not come. */
const afterBoard = (m: ColdMeasurement): number | null =>
  m.ms === null || m.boardMs === null ? null : m.ms - m.boardMs;

const harness = await startHarness();
const chromiumVersion = harness.browser.version();
const results = new Map<string, Record<Side, ColdMeasurement[]>>(
  games.map(({ game }) => [game, { isolated: [], stripped: [] }]),
);
const problems: string[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    for (const [index, linked] of games.entries()) {
      const sides: Side[] =
        (round + index) % 2 === 0 ? ['stripped', 'isolated'] : ['isolated', 'stripped'];
      for (const side of sides) {
        const { opened, measurement } = await openLink(harness, linked, timeoutMs, side);
        await opened.context.close();
        results.get(linked.game)![side].push(measurement);
        const ms = afterBoard(measurement);
        console.error(
          `round ${round + 1} ${linked.game} ${side}: ` +
            `${ms === null ? 'timeout' : `${ms.toFixed(0)} ms after the board`}, ` +
            `${measurement.threads ?? '?'} thread(s), ` +
            `${measurement.exact ? 'exact' : 'NOT exact'}: ${measurement.hints}`,
        );
        for (const error of opened.errors) problems.push(`${linked.game} ${side}: ${error}`);
      }
    }
  }
} finally {
  await harness.close();
}

const cell = (m: ColdMeasurement): string => {
  const ms = afterBoard(m);
  if (ms === null) return `> ${timeoutMs / 1000} s`;
  return m.exact ? ms.toFixed(0) : `not exact (${ms.toFixed(0)})`;
};
const threadsOf = (ms: readonly ColdMeasurement[]): string =>
  [...new Set(ms.map((m) => m.threads ?? '?'))].join(', ');
console.log(
  `Chromium ${chromiumVersion}, ${pageCores() ?? '?'} cores; ${rounds} round(s), ms from the ` +
    'board drawn to the final hints, in round order; speed-up of the summed times of the rounds ' +
    'where both sides were exact.',
);
console.log('');
console.log('| position | 1 thread ms | N threads ms | speed-up | threads shown (1 / N) |');
console.log('|---|---|---|---|---|');
for (const [game, { isolated, stripped }] of results) {
  let one = 0;
  let many = 0;
  for (let round = 0; round < rounds; round++) {
    const a = stripped[round]!;
    const b = isolated[round]!;
    const [msA, msB] = [afterBoard(a), afterBoard(b)];
    if (a.exact && b.exact && msA !== null && msB !== null) {
      one += msA;
      many += msB;
    }
  }
  const speedUp = one > 0 && many > 0 ? `${(one / many).toFixed(2)}x` : 'n/a';
  console.log(
    `| \`${game}\` | ${stripped.map(cell).join(' / ')} | ${isolated.map(cell).join(' / ')} | ` +
      `${speedUp} | ${threadsOf(stripped)} / ${threadsOf(isolated)} |`,
  );
}
if (problems.length > 0) {
  console.log('');
  console.log('Console errors on the pages:');
  for (const problem of problems) console.log(`- ${problem}`);
}
