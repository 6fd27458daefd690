// Per-move latency of every computer level on the three calibration boards, measured on
// positions reached in play (level against itself from seeded two-ply random openings).
// Run: npm run bench:ai [-- --games N] [--variants 7x6c4] [--levels perfect] ; prints a Markdown
// table for BENCHMARKS.md.
// (Alpha-beta against MCTS, --expert-duel before, is experiments/mcts/expert-duel.ts.)
import { parseArgs } from 'node:util';
import { playMatch, type MoveReport } from '../../src/ai/matches.js';
import { LEVELS, levelLabel, setOpeningBook } from '../../src/ai/index.js';
import { parseVariant, unwrap } from '../../src/core/index.js';
import { loadBook } from '../../src/cli/book-file.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '4' },
    'perfect-games': { type: 'string', default: '2' },
    variants: { type: 'string', default: '7x6c4,7x7c5,9x7c4' },
    /** Comma-separated level ids to measure (default: all). */
    levels: { type: 'string' },
  },
});

const loaded = loadBook();
const bookNote =
  'book' in loaded
    ? `opening book ${loaded.book.size} exact scores + ${loaded.book.lossCount} strategy positions`
    : 'no opening book';
if ('book' in loaded) setOpeningBook(loaded.book);

const percentile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

console.log(`machine 2-core node-svc, ${new Date().toISOString().slice(0, 10)}, ${bookNote}`);
console.log(
  '| variant | level | moves | median ms | p95 ms | max ms | exact scores | slowest position |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const text of values.variants.split(',')) {
  const variant = unwrap(parseVariant(text));
  const wanted = values.levels?.split(',');
  for (const level of LEVELS.filter((l) => !wanted || wanted.includes(l.id))) {
    const moves: MoveReport[] = [];
    const games = Number(level.id === 'perfect' ? values['perfect-games'] : values.games);
    playMatch(
      { a: level.id, b: level.id, games, variant, seed: 42, openingPlies: 2, checkMs: 0 },
      () => undefined,
      (report) => moves.push(report),
    );
    const times = moves.map((m) => m.ms).sort((a, b) => a - b);
    const exact = moves.filter((m) => m.choice.scoreKind === 'exact').length;
    const slowest = moves.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(
      `| ${text} | ${levelLabel(level.id, variant)} | ${times.length} | ${percentile(times, 0.5)} | ` +
        `${percentile(times, 0.95)} | ${times.at(-1) ?? 0} | ${exact}/${moves.length} | ply ${slowest.ply} |`,
    );
  }
}
