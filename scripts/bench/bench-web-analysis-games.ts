// `npm run bench:web-analysis-games [-- --games FILE --from-ply 2 --limit-ms 1000]`: the analysis
// board's promise on positions from real games, as `bench:analysis` measures it for the CLI, but
// in Chromium on the page as served (cross-origin isolated: the search worker's threads on one
// shared table, the opening book as the page fetches it). Needs `npm run build` first.
//
// One fresh browser context per game; its positions are loaded one after another from
// `--from-ply` on (as a player steps through a game, so the worker's table is kept within a
// game, as the CLI bench keeps it), each timed from "Load moves or a link" to its final hints.
// Prints, per ply, the share of positions whose every column was exact within `--limit-ms`.
//
// With `--cold` every position is a first visit instead: a fresh context (no cache, no service
// worker) opens its share link in analysis mode, timed from when the page has drawn its board
// (its own start-up, also shown) to the final hints; `--to-ply` stops each game early.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLASSIC, parseMoves, unwrap } from '../../src/core/index.js';
import { startHarness } from '../../test/browser/harness.js';
import { measure, openBoard, openLink, pageCores } from './web-analysis-page.js';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    'from-ply': { type: 'string', default: '2' },
    'limit-ms': { type: 'string', default: '1000' },
    // The page's own budget (2.5 s + 15 s) bounds each wait; a position past it is not exact.
    'timeout-s': { type: 'string', default: '20' },
    cold: { type: 'boolean', default: false },
    'to-ply': { type: 'string' },
  },
});
const file = values.games ?? join(dirname(fileURLToPath(import.meta.url)), 'analysis-games.txt');
const fromPly = Number(values['from-ply']);
const limitMs = Number(values['limit-ms']);
const timeoutMs = Number(values['timeout-s']) * 1000;
const toPly = values['to-ply'] === undefined ? Infinity : Number(values['to-ply']);
if (!Number.isInteger(fromPly) || fromPly < 0) throw new Error('--from-ply: a whole number');
if (!(limitMs > 0) || !(timeoutMs >= limitMs)) throw new Error('--limit-ms / --timeout-s');
if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/web'))) {
  console.error('No build in dist: run `npm run build` first.');
  process.exit(1);
}
const games = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'));

/** ply -> wall ms per position, Infinity where the final hints were not all exact. */
const byPly = new Map<number, number[]>();
const problems: string[] = [];
/** Cold: ms from navigation start to the board drawn, per position. */
const boardTimes: number[] = [];
const harness = await startHarness();
try {
  for (const game of values.cold ? games : []) {
    const moves = unwrap(parseMoves(game, CLASSIC));
    for (let ply = Math.max(1, fromPly); ply < Math.min(moves.length, toPly + 1); ply++) {
      const prefix = game.slice(0, ply);
      const { opened, measurement: m } = await openLink(
        harness,
        { game: `7x6c4:${prefix}`, discs: prefix.length },
        timeoutMs,
      );
      await opened.context.close();
      const ms = m.ms !== null && m.boardMs !== null && m.exact ? m.ms - m.boardMs : Infinity;
      if (m.boardMs !== null) boardTimes.push(m.boardMs);
      byPly.set(ply, [...(byPly.get(ply) ?? []), ms]);
      console.error(
        `${prefix}: ${m.ms === null ? 'timeout' : `${m.ms.toFixed(0)} ms`} from navigation, ` +
          `board at ${m.boardMs?.toFixed(0) ?? '?'} ms, ${m.threads ?? '?'} thread(s), ` +
          `${m.exact ? 'exact' : 'NOT exact'}: ${m.hints}`,
      );
      for (const error of opened.errors) problems.push(`${prefix}: ${error}`);
    }
  }
  for (const game of values.cold ? [] : games) {
    const moves = unwrap(parseMoves(game, CLASSIC));
    const opened = await openBoard(harness, 'isolated');
    try {
      for (let ply = fromPly; ply < Math.min(moves.length, toPly + 1); ply++) {
        const prefix = game.slice(0, ply);
        const m = await measure(opened.page, prefix, timeoutMs);
        const ms = m.ms !== null && m.exact ? m.ms : Infinity;
        byPly.set(ply, [...(byPly.get(ply) ?? []), ms]);
        console.error(
          `${prefix}: ${m.ms === null ? 'timeout' : `${m.ms.toFixed(0)} ms`}, ` +
            `${m.threads ?? '?'} thread(s), ${m.exact ? 'exact' : 'NOT exact'}: ${m.hints}`,
        );
      }
      for (const error of opened.errors) problems.push(`${game}: ${error}`);
    } finally {
      await opened.context.close();
    }
  }
} finally {
  await harness.close();
}

const share = (ok: number, n: number): string => `${ok} (${Math.round((100 * ok) / n)}%)`;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const show = (ms: number): string => (ms === Infinity ? `> ${limitMs} ms` : `${ms.toFixed(0)} ms`);
console.log(
  `${games.length} games from ${file}, web page as served, ${pageCores() ?? '?'} cores, ` +
    `limit ${limitMs} ms per analysis`,
);
if (values.cold) {
  console.log(
    `cold: a first visit per position (its share link), timed from the board drawn ` +
      `(median ${median(boardTimes).toFixed(0)} ms after navigation) to the final hints`,
  );
}
console.log('| ply | positions | exact within the limit | median time |');
console.log('|---|---|---|---|');
let ok = 0;
let all = 0;
for (const ply of [...byPly.keys()].sort((a, b) => a - b)) {
  const times = byPly.get(ply)!;
  const within = times.filter((t) => t <= limitMs).length;
  ok += within;
  all += times.length;
  console.log(
    `| ${ply} | ${times.length} | ${share(within, times.length)} | ${show(median(times))} |`,
  );
}
console.log(`| all | ${all} | ${share(ok, all)} | |`);
if (problems.length > 0) {
  console.log('');
  console.log('Console errors on the pages:');
  for (const problem of problems) console.log(`- ${problem}`);
}
