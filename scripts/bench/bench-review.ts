// Time for a full game review (`src/review`) of typical 7x6 games, as the web Review runs it
// (`reviewInPasses`: every move's verdict first, pass after pass with more time for what is
// left, then the other columns' exact scores): the first N games of at least 20 moves of the
// committed arena games (src/puzzles/sets/games-7x6c4.txt starts with Strong against
// Intermediate from 4-ply random openings; a file, because the timed levels do not replay
// exactly), each with the committed opening book and a fresh (emptied) table.
// Run: npm run bench:review [-- --games N] [--passes 800,5000,30000] [--time-ms T] [--threads N]
// [--from FILE] [--book FILE] [--mark-ms M] ; prints Markdown; `--mark-ms` (default 20000, the
// issue 23 target): how many moves were judged by then. `--threads 2`: two threads sharing one table (2^22 entries),
// as `c4 review --threads 2`; `--time-ms`: each game's review is stopped there.
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { CLASSIC, parseGame, unwrap } from '../../src/core/index.js';
import { loadBook } from '../../src/cli/book-file.js';
import { SearchThreads } from '../../src/cli/search-threads.js';
import { reviewInPasses, type MoveReview } from '../../src/review/index.js';
import { Solver } from '../../src/solver/index.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10' },
    from: { type: 'string', default: 'src/puzzles/sets/games-7x6c4.txt' },
    passes: { type: 'string', default: '800,5000,30000' },
    'time-ms': { type: 'string', default: '60000' },
    threads: { type: 'string', default: '1' },
    book: { type: 'string' },
    'mark-ms': { type: 'string', default: '20000' },
  },
});
const games = Number(values.games);
const passes = values.passes.split(',').map(Number);
const timeLimitMs = Number(values['time-ms']);
const threads = Number(values.threads);
const markMs = Number(values['mark-ms']);

const sources = readFileSync(values.from, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => unwrap(parseGame(line.trim())))
  // Full games: a few openings end in a quick trap after 7 moves.
  .filter((game) => game.moves.length >= 20)
  .slice(0, games);
const loaded = loadBook(values.book);
if (!('book' in loaded)) throw new Error(`no opening book: ${loaded.problem}`);
const pool = threads > 1 ? await SearchThreads.start(threads, 22) : undefined;

interface Row {
  readonly plies: number;
  readonly firstMs: number;
  /** When the last move got its verdict (NaN: not within the time). */
  readonly allJudgedMs: number;
  readonly ms: number;
  readonly judged: number;
  /** Moves judged within `markMs`. */
  readonly judgedByMark: number;
  readonly exact: number;
}
const rows: Row[] = [];
for (const game of sources) {
  const moves = game.moves;
  const solver = new Solver(
    pool ? { shared: pool.table, book: loaded.book } : { tableBits: 22, book: loaded.book },
  );
  solver.reset(); // a shared table outlives its solver: empty it, as a new Review starts cold
  const started = performance.now();
  const signal = {
    get aborted() {
      return performance.now() - started > timeLimitMs;
    },
  };
  const reviews = new Map<number, MoveReview>();
  let firstMs = NaN;
  let allJudgedMs = NaN;
  let judgedByMark = 0;
  for (const event of reviewInPasses(solver, CLASSIC, moves, passes, { signal })) {
    if (event.type !== 'position') continue;
    reviews.set(event.review.ply, event.review);
    const at = performance.now() - started;
    if (Number.isNaN(firstMs) && event.review.class !== 'unsolved') firstMs = at;
    const judged = [...reviews.values()].filter((r) => r.class !== 'unsolved').length;
    if (Number.isNaN(allJudgedMs) && judged === moves.length) allJudgedMs = at;
    if (at <= markMs) judgedByMark = judged;
  }
  const all = [...reviews.values()];
  rows.push({
    plies: moves.length,
    firstMs,
    allJudgedMs,
    ms: performance.now() - started,
    judged: all.filter((r) => r.class !== 'unsolved').length,
    judgedByMark,
    exact: all.filter((r) => r.columns.every((c) => c === null || c.exact)).length,
  });
}
await pool?.close();

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const secs = (ms: number): string =>
  Number.isNaN(ms) ? 'not within the time' : `${(ms / 1000).toFixed(1)} s`;
console.log(
  `${sources.length} games from ${values.from}, passes ${values.passes} ms per position, ` +
    `${timeLimitMs} ms per game at most, ${threads} thread${threads > 1 ? 's' : ''}\n`,
);
console.log(
  `| game | moves | first verdict | every move judged | review ended | judged within ${markMs / 1000} s | moves judged | positions with every column exact |`,
);
console.log('|---|---|---|---|---|---|---|---|');
rows.forEach((r, i) => {
  console.log(
    `| ${i + 1} | ${r.plies} | ${r.firstMs.toFixed(0)} ms | ${secs(r.allJudgedMs)} | ${secs(r.ms)} | ${r.judgedByMark} | ${r.judged} | ${r.exact} |`,
  );
});
const judged = rows.reduce((n, r) => n + r.judged, 0);
const total = rows.reduce((n, r) => n + r.plies, 0);
const byMark = rows.reduce((n, r) => n + r.judgedByMark, 0);
const done = rows.filter((r) => !Number.isNaN(r.allJudgedMs));
console.log(
  `\nevery move judged in ${done.length} of ${rows.length} games` +
    (done.length > 0 ? ` (median ${secs(median(done.map((r) => r.allJudgedMs)))})` : '') +
    `; ${byMark} of ${total} moves judged within ${markMs / 1000} s, ${judged} in all; first verdict after a median ${median(rows.map((r) => r.firstMs)).toFixed(0)} ms`,
);
