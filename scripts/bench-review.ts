// Time for a full game review (`src/review`) of typical 7x6 games: N seeded arena games
// (Strong against Intermediate from 2-ply random openings), each reviewed from the end with the
// committed opening book and the same budget as the web Review view.
// Run: npm run bench:review [-- --games N] [--position-ms T] [--time-ms T] ; prints Markdown.
import { parseArgs } from 'node:util';
import { playMatch } from '../src/ai/arena.js';
import { CLASSIC, parseMoves, unwrap } from '../src/core/index.js';
import { loadBook } from '../src/cli/book-file.js';
import { reviewMoves, type MoveReview } from '../src/review/index.js';
import { Solver } from '../src/solver/index.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10' },
    seed: { type: 'string', default: '7' },
    'position-ms': { type: 'string', default: '1000' },
    'time-ms': { type: 'string', default: '30000' },
  },
});
const games = Number(values.games);
const positionMs = Number(values['position-ms']);
const timeLimitMs = Number(values['time-ms']);

const match = playMatch({
  a: 'strong',
  b: 'intermediate',
  games,
  variant: CLASSIC,
  seed: Number(values.seed),
  openingPlies: 2,
  checkMs: 0,
});
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
for (const text of match.games) {
  const moves = unwrap(parseMoves(text, CLASSIC));
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
  `${games} games (Strong vs Intermediate, seed ${values.seed}), ${positionMs} ms per position, ${timeLimitMs} ms per game\n`,
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
