// `npm run bench:analysis [-- --games FILE --limit-ms 1000 --from-ply 4]`: how long a full
// analysis (every column's exact score, `Solver.analyze` with the committed opening book, as
// `c4 solve --analyze` does) takes on positions from real games: every ply from `--from-ply`
// on of each game in FILE. Prints, per ply, the share of positions answered exactly within
// `--limit-ms` (each analysis is stopped there) and the median time.
//
// `npm run bench:analysis -- --make-games 6 --seed 1` writes the game file first: seeded arena
// games between two Strong players (2 random opening plies). Strong searches on a clock, so a
// new run on a loaded machine may play other games: the committed file is the reproducible set.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { playMatch } from '../src/ai/arena.js';
import { CLASSIC, parseMoves, unwrap } from '../src/core/index.js';
import { Solver } from '../src/solver/index.js';
import { loadBook } from '../src/cli/book-file.js';
import { useCommittedBook } from '../src/cli/bestmove.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    'make-games': { type: 'string' },
    seed: { type: 'string', default: '1' },
    'limit-ms': { type: 'string', default: '1000' },
    'from-ply': { type: 'string', default: '4' },
  },
});
const file = values.games ?? join(dirname(fileURLToPath(import.meta.url)), 'analysis-games.txt');

if (values['make-games'] !== undefined) {
  useCommittedBook();
  const lines: string[] = [];
  playMatch(
    {
      a: 'strong',
      b: 'strong',
      games: Number(values['make-games']),
      variant: CLASSIC,
      seed: Number(values.seed),
      openingPlies: 2,
      checkMs: 0,
    },
    (report) => lines.push(report.moves.map((c) => c + 1).join('')),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`${file}: ${lines.length} games`);
}

const loaded = loadBook();
if (!('book' in loaded)) throw new Error(`opening book: ${loaded.problem}`);
const solver = new Solver({ book: loaded.book });
const limitMs = Number(values['limit-ms']);
const fromPly = Number(values['from-ply']);
const games = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '');

// ply -> [ms per position], Infinity when the analysis was not exact within the limit
const byPly = new Map<number, number[]>();
for (const game of games) {
  const moves = unwrap(parseMoves(game, CLASSIC));
  solver.reset(); // each game is a fresh analysis board; within a game the table is kept
  for (let ply = fromPly; ply < moves.length; ply++) {
    const start = performance.now();
    const result = unwrap(
      solver.analyze({ variant: CLASSIC, moves: moves.slice(0, ply) }, { timeLimitMs: limitMs }),
    );
    const ms = performance.now() - start;
    const exact = result.columns.every((c) => c === null || c.exact);
    const list = byPly.get(ply) ?? [];
    list.push(exact ? ms : Infinity);
    byPly.set(ply, list);
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
const show = (ms: number): string =>
  ms === Infinity ? `> ${limitMs} ms` : ms < 1 ? '< 1 ms' : `${ms.toFixed(0)} ms`;
console.log(`${games.length} games from ${file}, limit ${limitMs} ms per analysis`);
console.log('| ply | positions | exact within the limit | median time |');
console.log('|---|---|---|---|');
let total = 0;
let within = 0;
for (const [ply, times] of [...byPly].sort((a, b) => a[0] - b[0])) {
  const ok = times.filter((t) => t !== Infinity).length;
  total += times.length;
  within += ok;
  console.log(
    `| ${ply} | ${times.length} | ${ok} (${Math.round((100 * ok) / times.length)}%) | ${show(median(times))} |`,
  );
}
console.log(`| all | ${total} | ${within} (${Math.round((100 * within) / total)}%) | |`);
