// Time for a full game review (`src/review`) of typical 7x6 games: the first N games of the
// committed arena games of at least 20 moves (src/puzzles/sets/games-7x6c4.txt starts with Strong against
// Intermediate from 4-ply random openings; a file, because the timed levels do not replay
// exactly), each reviewed from the end with the committed opening book and a fresh solver.
// Run: npm run bench:review [-- --games N] [--position-ms T] [--time-ms T] [--from FILE]
// ; prints Markdown.
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { CLASSIC, parseGame, unwrap } from '../../src/core/index.js';
import { loadBook } from '../../src/cli/book-file.js';
import { reviewMoves, type MoveReview } from '../../src/review/index.js';
import { Solver } from '../../src/solver/index.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10' },
    from: { type: 'string', default: 'src/puzzles/sets/games-7x6c4.txt' },
    'position-ms': { type: 'string', default: '1000' },
    'time-ms': { type: 'string', default: '30000' },
  },
});
const games = Number(values.games);
const positionMs = Number(values['position-ms']);
const timeLimitMs = Number(values['time-ms']);

const sources = readFileSync(values.from, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => unwrap(parseGame(line.trim())))
  // Full games: a few openings end in a quick trap after 7 moves.
  .filter((game) => game.moves.length >= 20)
  .slice(0, games);
const loaded = loadBook();
if (!('book' in loaded)) throw new Error(`no opening book: ${loaded.problem}`);

interface Row {
  readonly plies: number;
  readonly ms: number;
  readonly settled: number;
  readonly exact: number;
  readonly firstSettledMs: number;
}
const rows: Row[] = [];
for (const game of sources) {
  const moves = game.moves;
  // A fresh solver per game, as a new Review in the web worker starts cold.
  const solver = new Solver({ book: loaded.book });
  const started = performance.now();
  let firstSettledMs = NaN;
  const reviews: MoveReview[] = [];
  for (const review of reviewMoves(solver, CLASSIC, moves, { positionMs, timeLimitMs })) {
    reviews.push(review);
    if (Number.isNaN(firstSettledMs)) firstSettledMs = performance.now() - started;
  }
  rows.push({
    plies: moves.length,
    ms: performance.now() - started,
    settled: reviews.filter((r) => r.class !== 'unsolved').length,
    exact: reviews.filter((r) => r.columns.every((c) => c === null || c.exact)).length,
    firstSettledMs,
  });
}

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const median = (xs: number[]): number => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const total = rows.reduce((n, r) => n + r.plies, 0);
const settled = rows.reduce((n, r) => n + r.settled, 0);
const exact = rows.reduce((n, r) => n + r.exact, 0);
console.log(
  `${sources.length} games from ${values.from}, ${positionMs} ms per position, ${timeLimitMs} ms per game\n`,
);
console.log('| game | moves | review time | moves judged | positions with every column exact |');
console.log('|---|---|---|---|---|');
rows.forEach((r, i) => {
  console.log(
    `| ${i + 1} | ${r.plies} | ${(r.ms / 1000).toFixed(1)} s | ${r.settled} | ${r.exact} |`,
  );
});
console.log(
  `\nmedian ${(median(rows.map((r) => r.ms)) / 1000).toFixed(1)} s, worst ${(Math.max(...rows.map((r) => r.ms)) / 1000).toFixed(1)} s per game; ` +
    `${settled} of ${total} moves judged (${((100 * settled) / total).toFixed(0)}%), ${exact} with every column exact; ` +
    `first judgement after a median ${median(rows.map((r) => r.firstSettledMs)).toFixed(0)} ms`,
);
