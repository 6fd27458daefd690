// `npx tsx experiments/knowledge/bench-knowledge.ts [-- --games FILE --from-ply 4 --to-ply 12 --analysis-from 6
//   --max-nodes N --no-analysis]`: what Allis' rules (experiments/knowledge) buy on positions from
// real games (every ply in the range of each game in FILE, default
// scripts/bench/analysis-games.txt, and each column's child, the positions an analysis solves).
//
// 1. Static proofs: how many positions the rules prove ("the side to move cannot win" with an
//    even number of empty cells; "can at least draw" through one move with an odd number), and
//    how long an attempt takes. Every proof is checked against the exact weak solve (a wrong
//    proof stops the run with exit code 1), whose node count is what the proof could save.
// 2. The rules as a cut in front of the search (`weakSolveAssisted`): the nodes of a weak solve
//    of each proved "cannot win" position, plain and assisted.
// 3. A full weak analysis (every column's win/draw/loss, no book) of each game position from
//    `--analysis-from` to `--to-ply`, plain (`Solver.analyze`) and assisted (`analyzeAssisted`),
//    with the results compared column by column.
//
// Node counts are deterministic, so they compare fairly on a loaded machine; times are not.
// The table is reset before every measured solve or analysis, for both variants alike.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { CLASSIC, parseMoves, unwrap } from '../../src/core/index.js';
import { Solver, type SolverInput } from '../../src/solver/index.js';
import { proveAtLeastDraw, proveNoWin, rulesApply } from './index.js';
import { analyzeAssisted, weakSolveAssisted } from './assisted.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    'from-ply': { type: 'string', default: '4' },
    'to-ply': { type: 'string', default: '12' },
    'analysis-from': { type: 'string', default: '6' },
    'max-nodes': { type: 'string', default: '100000000' },
    'no-analysis': { type: 'boolean', default: false },
  },
});
const file =
  values.games ??
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts/bench/analysis-games.txt');
const fromPly = Number(values['from-ply']);
const toPly = Number(values['to-ply']);
const analysisFrom = Number(values['analysis-from']);
const maxNodes = Number(values['max-nodes']);
const games = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '')
  .map((l) => unwrap(parseMoves(l, CLASSIC)));
const solver = new Solver();
const input = (moves: readonly number[]): SolverInput => ({ variant: CLASSIC, moves });
const fmt = (n: number): string => n.toLocaleString('en-US');

// Warm the JIT so the first attempts' times are not compile times.
for (let i = 0; i < 20; i++) proveNoWin(input([3, 3, 2, 4]));

// ---- 1. static proofs -------------------------------------------------------------------------

interface Row {
  attempts: number;
  proved: number;
  ms: number[];
  savedNodes: number;
}
const rows = new Map<number, Row>();
const provedNoWin: { moves: number[]; nodes: number }[] = [];
const seen = new Set<string>();
let unsound = 0;

/** The exact weak score and its nodes, from a fresh table; null when over the node cap. */
function truth(moves: number[]): { score: number; nodes: number } | null {
  solver.reset();
  const r = unwrap(solver.solve(input(moves), { weak: true, noBook: true, maxNodes }));
  return r.score === null ? null : { score: r.score, nodes: r.nodes };
}

function attempt(moves: number[]): void {
  const key = moves.map((c) => c + 1).join('');
  if (seen.has(key)) return;
  seen.add(key);
  // a finished game or a move that wins at once: nothing for the rules to do
  const quick = solver.solve(input(moves), { weak: true, noBook: true, maxNodes: 1 });
  if (!quick.ok || quick.value.exact) return;
  const even = rulesApply(input(moves));
  const start = performance.now();
  const proved = even ? proveNoWin(input(moves)).proved : proveAtLeastDraw(input(moves)).proved;
  const ms = performance.now() - start;
  const row = rows.get(moves.length) ?? { attempts: 0, proved: 0, ms: [], savedNodes: 0 };
  row.attempts++;
  row.ms.push(ms);
  rows.set(moves.length, row);
  if (!proved) return;
  row.proved++;
  const t = truth(moves);
  if (t === null) {
    console.log(`  ${key}: proved, weak solve over ${fmt(maxNodes)} nodes (not checked)`);
    return;
  }
  if ((even && t.score > 0) || (!even && t.score < 0)) {
    unsound++;
    console.log(`  UNSOUND: ${key} proved ${even ? '<= 0' : '>= 0'}, solver says ${t.score}`);
  }
  row.savedNodes += t.nodes;
  if (even) provedNoWin.push({ moves, nodes: t.nodes });
}

for (const moves of games) {
  for (let ply = fromPly; ply <= Math.min(toPly, moves.length - 1); ply++) {
    const position = moves.slice(0, ply);
    attempt(position);
    for (let column = 0; column < CLASSIC.width; column++) {
      if (position.filter((c) => c === column).length < CLASSIC.height) {
        attempt([...position, column]);
      }
    }
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};
console.log(
  `\nStatic proofs (${games.length} games, plies ${fromPly}-${toPly} and their children)`,
);
console.log('| ply | positions | proved | median ms | max ms | weak-solve nodes of the proved |');
console.log('|---|---|---|---|---|---|');
let all: Row = { attempts: 0, proved: 0, ms: [], savedNodes: 0 };
for (const [ply, row] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
  console.log(
    `| ${ply} | ${row.attempts} | ${row.proved} | ${median(row.ms).toFixed(2)} | ${Math.max(...row.ms).toFixed(1)} | ${fmt(row.savedNodes)} |`,
  );
  all = {
    attempts: all.attempts + row.attempts,
    proved: all.proved + row.proved,
    ms: [...all.ms, ...row.ms],
    savedNodes: all.savedNodes + row.savedNodes,
  };
}
console.log(
  `| all | ${all.attempts} | ${all.proved} | ${median(all.ms).toFixed(2)} | ${Math.max(...all.ms).toFixed(1)} | ${fmt(all.savedNodes)} |`,
);
console.log(`unsound proofs: ${unsound}`);

// ---- 2. the rules as a cut in front of one weak solve ------------------------------------------

let plainNodes = 0;
let assistedNodes = 0;
for (const { moves, nodes } of provedNoWin) {
  solver.reset();
  const r = unwrap(weakSolveAssisted(solver, input(moves), { noBook: true }));
  const t = truth(moves);
  if (t !== null && t.score !== r.score) {
    unsound++;
    console.log(
      `  MISMATCH: ${moves.map((c) => c + 1).join('')} assisted ${r.score}, solver ${t.score}`,
    );
  }
  plainNodes += nodes;
  assistedNodes += r.nodes;
}
console.log(
  `\nWeak solves of the ${provedNoWin.length} proved "cannot win" positions: plain ${fmt(plainNodes)} nodes, assisted ${fmt(assistedNodes)} (${(assistedNodes / Math.max(1, plainNodes)).toFixed(2)}x)`,
);

// ---- 3. full weak analysis -----------------------------------------------------------------

if (!values['no-analysis']) {
  console.log(`\nWeak analysis of the game positions, plies ${analysisFrom}-${toPly} (no book)`);
  console.log('| ply | positions | plain nodes | assisted nodes | ratio | columns ruled |');
  console.log('|---|---|---|---|---|---|');
  let sumPlain = 0;
  let sumAssisted = 0;
  for (let ply = analysisFrom; ply <= toPly; ply++) {
    let p = 0;
    let a = 0;
    let n = 0;
    let ruled = 0;
    for (const moves of games) {
      if (ply >= moves.length) continue;
      const position = input(moves.slice(0, ply));
      solver.reset();
      const plain = unwrap(solver.analyze(position, { weak: true, noBook: true }));
      solver.reset();
      const assisted = unwrap(analyzeAssisted(solver, position, { noBook: true }));
      const same = plain.columns.every((c, i) => (c?.score ?? null) === assisted.columns[i]);
      if (!same) {
        unsound++;
        console.log(`  MISMATCH in the analysis of ${position.moves.map((c) => c + 1).join('')}`);
      }
      p += plain.nodes;
      a += assisted.nodes;
      ruled += assisted.ruled;
      n++;
    }
    sumPlain += p;
    sumAssisted += a;
    console.log(`| ${ply} | ${n} | ${fmt(p)} | ${fmt(a)} | ${(a / p).toFixed(3)} | ${ruled} |`);
  }
  console.log(
    `| all | | ${fmt(sumPlain)} | ${fmt(sumAssisted)} | ${(sumAssisted / sumPlain).toFixed(3)} | |`,
  );
}

if (unsound > 0) {
  console.log(`\n${unsound} wrong results`);
  process.exitCode = 1;
}
