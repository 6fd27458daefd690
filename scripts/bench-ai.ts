// Per-move latency of every computer level on the three calibration boards, measured on
// positions reached in play (level against itself from seeded two-ply random openings).
// Run: npm run bench:ai [-- --games N] [--variants 7x6c4] [--levels perfect] ; prints a Markdown
// table for BENCHMARKS.md.
// npm run bench:ai -- --expert-duel N [--variants 9x7c4] [--time-ms T] compares alpha-beta with MCTS.
import { parseArgs } from 'node:util';
import { playMatch, type MoveReport } from '../src/ai/arena.js';
import { SEARCH_STYLES } from '../src/ai/choose.js';
import { Board } from '../src/ai/engine/board.js';
import { mctsSearch } from '../src/ai/engine/mcts.js';
import { LEVELS, createRandom, levelLabel, setOpeningBook } from '../src/ai/index.js';
import { searchMove } from '../src/ai/searching.js';
import { Position, parseVariant, unwrap } from '../src/core/index.js';
import { loadBook } from '../src/cli/book-file.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '4' },
    'perfect-games': { type: 'string', default: '2' },
    variants: { type: 'string', default: '7x6c4,7x7c5,9x7c4' },
    /** Comma-separated level ids to measure (default: all). */
    levels: { type: 'string' },
    /** Instead of latencies: N games of alpha-beta Expert against MCTS with the same time. */
    'expert-duel': { type: 'string' },
    'time-ms': { type: 'string', default: '900' },
  },
});

if (values['expert-duel'] !== undefined) {
  expertDuel(Number(values['expert-duel']), Number(values['time-ms']), values.variants);
  process.exit(0);
}

/** Alpha-beta (the Expert level's search) against UCT with equal time per move. */
function expertDuel(games: number, timeMs: number, variants: string): void {
  for (const text of variants.split(',')) {
    const variant = unwrap(parseVariant(text));
    const random = createRandom(99);
    let abScore = 0;
    let playouts = 0;
    let mctsMoves = 0;
    for (let game = 0; game < games; game++) {
      const position = Position.empty(variant);
      // Two random plies so the games differ; colours alternate.
      for (let i = 0; i < 2; i++) position.play(Math.floor(random() * variant.width));
      const abPlays = game % 2 === 0 ? 1 : 2;
      while (!position.isOver) {
        let column: number;
        if (position.turn === abPlays) {
          column = searchMove({
            position,
            style: SEARCH_STYLES.perfect,
            timeMs,
            nodes: null,
            random,
            signal: undefined,
          }).column;
        } else {
          const result = mctsSearch(Board.from(position), Date.now() + timeMs, () => false, random);
          playouts += result.playouts;
          mctsMoves++;
          column = result.column;
        }
        position.play(column);
      }
      const outcome = position.outcome;
      abScore += outcome.kind === 'win' ? (outcome.winner === abPlays ? 1 : 0) : 0.5;
    }
    console.log(
      `${text}: alpha-beta ${abScore} / ${games} against MCTS (${timeMs} ms a move; MCTS ${Math.round(playouts / Math.max(1, mctsMoves))} playouts a move)`,
    );
  }
}
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
