// `npm run bench:analysis [-- --games FILE --limit-ms 1000 --from-ply 4 --threads 1,2 --book FILE]`: how long
// a full analysis (every column's exact score, `Solver.analyze` with the committed opening book,
// as `c4 solve --analyze` does) takes on positions from real games: every ply from `--from-ply`
// on of each game in FILE. Prints, per ply, the share of positions answered exactly within
// `--limit-ms` (each analysis is stopped there) and the median time.
//
// With `--threads 1,2` each thread count gets its own solver (2+: one shared table and helper
// threads, as `c4 solve --threads N`) and its own columns; the counts alternate game by game, so
// a busy spell of the shared machine falls on both.
//
// The last column counts the positions (on the first thread count) whose every column the book
// answered without search: with a book grown along training lines (`book build --lines`), these
// are where the held-out games met the training games' lines.
//
// With `--cold` each position gets its own fresh `c4 solve --analyze --threads N` process (the
// built CLI, `--bin` another build's, e.g. an older commit's for a before/after: run `npm run
// build:lib` first): the time from spawn to exit less a bare Node process's start-up (measured
// first), so Node's own start is not counted but everything of ours is (imports, WebAssembly,
// tables, book, helper threads). `--to-ply` stops each game early; `--scores FILE` writes every
// analysis line, to compare with another solver.
//
// `npm run bench:analysis -- --make-games 6 --seed 1` writes the game file first: seeded arena
// games between two Strong players (2 random opening plies). Strong searches on a clock, so a
// new run on a loaded machine may play other games: the committed file is the reproducible set.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { playMatch } from '../../src/ai/matches.js';
import { CLASSIC, parseMoves, unwrap } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { SearchThreads } from '../../src/cli/search-threads.js';
import { loadBook } from '../../src/cli/book-file.js';
import { useCommittedBook } from '../../src/cli/bestmove.js';
import { exactScores, nodeStartMs, runNode } from './analysis-cold.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    'make-games': { type: 'string' },
    seed: { type: 'string', default: '1' },
    'limit-ms': { type: 'string', default: '1000' },
    'from-ply': { type: 'string', default: '4' },
    threads: { type: 'string', default: '1' },
    'table-bits': { type: 'string', default: '22' },
    book: { type: 'string' },
    cold: { type: 'boolean', default: false },
    bin: { type: 'string' },
    'to-ply': { type: 'string' },
    scores: { type: 'string' },
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

const cold = values.cold;
const limitMs = Number(values['limit-ms']);
const fromPly = Number(values['from-ply']);
const tableBits = Number(values['table-bits']);
const toPly = values['to-ply'] === undefined ? Infinity : Number(values['to-ply']);
const threadCounts = values.threads.split(',').map(Number);
if (threadCounts.some((t) => !Number.isInteger(t) || t < 1)) {
  throw new Error(`--threads: whole numbers from 1, got ${values.threads}`);
}
if (cold && fromPly < 1) throw new Error('--cold: --from-ply from 1');
const bin = values.bin ?? join(dirname(fileURLToPath(import.meta.url)), '../../dist/cli/bin.js');
if (cold && !existsSync(bin)) throw new Error(`${bin} missing: run npm run build:lib first`);
const loaded = cold ? undefined : loadBook(values.book);
if (loaded && !('book' in loaded)) throw new Error(`opening book: ${loaded.problem}`);
const book = loaded && 'book' in loaded ? loaded.book : undefined;
const pools: SearchThreads[] = [];
const solvers: Solver[] = [];
for (const threads of cold ? [] : threadCounts) {
  if (threads === 1) {
    solvers.push(new Solver({ tableBits, ...(book ? { book } : {}) }));
    continue;
  }
  const pool = await SearchThreads.start(threads, tableBits);
  pools.push(pool);
  solvers.push(new Solver({ shared: pool.table, ...(book ? { book } : {}) }));
}
const games = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '');

// per thread count: ply -> [ms per position], Infinity when not exact within the limit
const byPly = threadCounts.map(() => new Map<number, number[]>());
// ply -> positions whose analysis needed no search (first thread count)
const fromBook = new Map<number, number>();
// the positions not exact within the limit, to name them after the table
const missed: string[] = [];
const record = (i: number, ply: number, moves: readonly number[], ms: number, exact: boolean) => {
  if (!exact) missed.push(`${movesText(moves)} (${threadCounts[i]} thread(s))`);
  const list = byPly[i]!.get(ply) ?? [];
  list.push(exact ? ms : Infinity);
  byPly[i]!.set(ply, list);
};
const movesText = (moves: readonly number[]): string => moves.map((c) => c + 1).join('');
const scoreLines: string[] = [];
const startMs = cold ? await nodeStartMs(7) : 0;
for (const [g, game] of games.entries()) {
  const moves = unwrap(parseMoves(game, CLASSIC));
  const order = threadCounts.map((_, i) => i);
  if (g % 2 === 1) order.reverse();
  const lastPly = Math.min(moves.length - 1, toPly);
  for (const i of order) {
    if (cold) {
      for (let ply = fromPly; ply <= lastPly; ply++) {
        const text = movesText(moves.slice(0, ply));
        const args = [bin, 'solve', '--analyze', '--threads', String(threadCounts[i])];
        if (values.book !== undefined) args.push('--book', values.book);
        const run = await runNode(args, `${text}\n`, Math.max(10 * limitMs, 20_000));
        const scores = exactScores(run.stdout, text);
        if (i === 0 && scores) scoreLines.push(`${text} ${scores.join(' ')}`);
        const ms = run.ms - startMs;
        record(i, ply, moves.slice(0, ply), ms, scores !== undefined && ms <= limitMs);
      }
      continue;
    }
    const solver = solvers[i]!;
    solver.reset(); // each game is a fresh analysis board; within a game the table is kept
    for (let ply = fromPly; ply <= lastPly; ply++) {
      const start = performance.now();
      const result = unwrap(
        solver.analyze({ variant: CLASSIC, moves: moves.slice(0, ply) }, { timeLimitMs: limitMs }),
      );
      const ms = performance.now() - start;
      if (i === 0 && result.nodes === 0) fromBook.set(ply, (fromBook.get(ply) ?? 0) + 1);
      record(
        i,
        ply,
        moves.slice(0, ply),
        ms,
        result.columns.every((c) => c === null || c.exact),
      );
    }
  }
}
if (values.scores !== undefined) writeFileSync(values.scores, `${scoreLines.join('\n')}\n`);
await Promise.all(pools.map((pool) => pool.close()));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
// A fresh process reports no node count, so cold runs cannot tell a book answer from a search.
const noSearchCell = (n: number): string => (cold ? '—' : String(n));
const show = (ms: number): string =>
  ms === Infinity ? `> ${limitMs} ms` : ms < 1 ? '< 1 ms' : `${ms.toFixed(0)} ms`;
console.log(`${games.length} games from ${file}, limit ${limitMs} ms per analysis`);
if (cold) {
  console.log(
    `cold: one \`${bin} solve --analyze\` process per position; Node's start-up (${startMs.toFixed(0)} ms, a bare process's median) subtracted`,
  );
}
const heads = threadCounts.map((t) =>
  threadCounts.length > 1 ? ` (${t} thread${t > 1 ? 's' : ''})` : '',
);
console.log(
  `| ply | positions |${heads.map((h) => ` exact within the limit${h} | median time${h} |`).join('')} no search |`,
);
console.log(`|---|---|${heads.map(() => '---|---|').join('')}---|`);
const plies = [...byPly[0]!.keys()].sort((a, b) => a - b);
const share = (ok: number, n: number): string => `${ok} (${Math.round((100 * ok) / n)}%)`;
for (const ply of plies) {
  const cells = byPly.map((m) => {
    const times = m.get(ply)!;
    return ` ${share(times.filter((t) => t !== Infinity).length, times.length)} | ${show(median(times))} |`;
  });
  console.log(
    `| ${ply} | ${byPly[0]!.get(ply)!.length} |${cells.join('')} ${noSearchCell(fromBook.get(ply) ?? 0)} |`,
  );
}
const totals = byPly.map((m) => {
  const all = [...m.values()].flat();
  return ` ${share(all.filter((t) => t !== Infinity).length, all.length)} | |`;
});
const noSearch = [...fromBook.values()].reduce((a, b) => a + b, 0);
console.log(
  `| all | ${[...byPly[0]!.values()].flat().length} |${totals.join('')} ${noSearchCell(noSearch)} |`,
);
if (missed.length > 0) console.log(`not exact within ${limitMs} ms: ${missed.join(', ')}`);
