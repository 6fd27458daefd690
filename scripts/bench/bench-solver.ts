// `npm run bench:solver [-- --limit N --sets L3_R1,L2_R1 --rounds R --weak --table-bits B --keep-table
//   --no-etc --threads N[,M...] --parallel-nodes P --mark-min-empty E --mark-plies K]`: solves the
// shared Pons test sets and prints, per set, positions, whether all scores were right, mean time
// per position, mean nodes and nodes per second.
//
// With `--threads N` our solver searches with N threads over one shared table (helpers in worker
// threads, src/cli/search-threads.ts; 1 = the plain single-threaded solver); with a list such as
// `--threads 1,2` each set gets one row per thread count, the counts alternating within each
// round, and a speed-up column against the first count. Nodes are then thread 0's (the
// per-thread means are printed after each row).
//
// With `C4_PONS_SOLVER=/path/to/c4solver` (Pascal Pons' solver, built outside this repository
// from a version whose loop resets the table per position and prints `moves score nodes µs`),
// each set is also solved by that binary in the same run, right after ours, with no opening book
// (`-b` pointing nowhere), and the table shows both side by side with the ratio. On a shared
// machine only ratios measured in one run mean anything; `--rounds R` (default 3) solves each
// set R times with each solver, alternating, and keeps each position's fastest time for each
// solver: on a loaded machine a position's time also counts the time slices other jobs took in
// the middle of it, which the minimum over rounds mostly removes, for both solvers alike.
//
// With `C4_STEININGER_DIR` (a directory holding one executable per board, named `7x6`, `9x5`,
// ...: Christophe Steininger's solver, built outside this repository single-threaded with a
// table of about 64 MB, wrapped in a loop that reads `moves score` lines, clears the table,
// solves, and prints `moves score nodes µs` like the Pons binary) and `C4_STEININGER_TESTS` (his
// `tst/data`), a second table follows: his sets (`--steininger-sets 7x6/opening_L3:10,...`,
// default the four below), per set ours and his mean time and nodes and both ratios, each
// position solved with the table cleared, single thread, the same rounds. `--no-pons` or
// `--no-steininger` skips a table. `--wide` runs our single-threaded solver on its wide build
// (192-bit keys, src/solver/assembly/wide) even where the board fits 64 bits, to price it.
// Boards past 64 bits (10x6 ...) always use it, with threads on its own shared table (the same
// bytes). With `--threads 1,2` his row for N > 1 threads runs `<board>-<N>t` from the same
// directory (his build with NUM_THREADS = N), where it exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { CLASSIC } from '../../src/core/index.js';
import { Solver, needsWideKey } from '../../src/solver/index.js';
import { SearchThreads } from '../../src/cli/search-threads.js';
import { PONS_SETS, loadPonsSet, type PonsCase } from '../../test/support/pons-tests.js';
import {
  STEININGER_SETS,
  boardVariant,
  loadSteiningerSet,
  parseSteiningerSets,
} from './steininger-tests.js';
import type { Variant } from '../../src/core/index.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    sets: { type: 'string' },
    weak: { type: 'boolean', default: false },
    'table-bits': { type: 'string' },
    'keep-table': { type: 'boolean', default: false },
    'no-etc': { type: 'boolean', default: false },
    'etc-min-empty': { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    threads: { type: 'string' },
    'parallel-nodes': { type: 'string' },
    'mark-min-empty': { type: 'string' },
    'mark-plies': { type: 'string' },
    'steininger-sets': { type: 'string' },
    'no-pons': { type: 'boolean', default: false },
    'no-steininger': { type: 'boolean', default: false },
    wide: { type: 'boolean', default: false },
  },
});
const limit = values.limit === undefined ? Infinity : Number(values.limit);
const wanted = values.sets?.split(',');
const weak = values.weak;
const ponsSolver = process.env['C4_PONS_SOLVER'];
const rounds = Math.max(1, Number(values.rounds ?? 3));
const tableBits = values['table-bits'] === undefined ? 22 : Number(values['table-bits']);
const threadCounts = (values.threads ?? '1').split(',').map(Number);
const pools: SearchThreads[] = [];
/** One solver per thread count; with `wide`, those of boards past 64 bits (wide shared tables). */
async function makeSolvers(wide: boolean): Promise<Solver[]> {
  const made: Solver[] = [];
  for (const threads of threadCounts) {
    let solver: Solver;
    if (threads > 1) {
      const pool = await SearchThreads.start(threads, tableBits, wide);
      pools.push(pool);
      solver = new Solver({ shared: pool.table });
      solver.setParallel(
        Number(values['parallel-nodes'] ?? 16384),
        Number(values['mark-min-empty'] ?? 12),
        Number(values['mark-plies'] ?? 8),
      );
    } else {
      solver = new Solver({ tableBits, wideKeys: values.wide });
    }
    solver.setEnhancedCutoffs(!values['no-etc'], Number(values['etc-min-empty'] ?? 0));
    made.push(solver);
  }
  return made;
}
const solvers = await makeSolvers(false);
let wideSolvers: Solver[] | undefined;
const multi = values.threads !== undefined;

const formatTime = (ms: number): string =>
  ms < 1
    ? `${(ms * 1000).toFixed(1)} µs`
    : ms < 1000
      ? `${ms.toFixed(2)} ms`
      : `${(ms / 1000).toFixed(2)} s`;
const formatNodes = (n: number): string => Math.round(n).toLocaleString('en-US');

interface Run {
  /** Per position. */
  readonly times: number[];
  /** Per thread, summed over the positions (empty for the single-threaded solver). */
  readonly threadNodes: number[];
  /** The total of the fastest whole round (GC pauses included, as are other jobs' slices). */
  readonly bestRound: number;
  readonly nodes: number;
  readonly wrong: number;
}

const totalMs = (r: Run): number => r.times.reduce((a, b) => a + b, 0);

/** With several thread counts: run `i`'s count, its speed-up on the first, its nodes per thread. */
function threadColumns(runs: readonly Run[], i: number, n: number): (string | number)[] {
  if (!multi) return [];
  const ours = runs[i]!;
  return [
    threadCounts[i]!,
    `${(totalMs(runs[0]!) / totalMs(ours)).toFixed(2)}x`,
    ours.threadNodes.length === 0
      ? formatNodes(ours.nodes / n)
      : ours.threadNodes.map((t) => formatNodes(t / rounds / n)).join(' / '),
  ];
}
const fastest = (a: Run, b: Run): Run => ({
  ...a,
  times: a.times.map((t, i) => Math.min(t, b.times[i]!)),
  threadNodes: a.threadNodes.map((t, i) => t + (b.threadNodes[i] ?? 0)),
  bestRound: Math.min(a.bestRound, b.bestRound),
});

const expected = (c: PonsCase): number => (weak ? Math.sign(c.score) : c.score);

function runOurs(solver: Solver, cases: readonly PonsCase[], variant: Variant = CLASSIC): Run {
  solver.resetThreadNodes();
  let nodes = 0;
  const times: number[] = [];
  let wrong = 0;
  for (const c of cases) {
    if (!values['keep-table']) solver.reset();
    const start = performance.now();
    const result = solver.solve({ variant, moves: c.moves }, { weak });
    times.push(performance.now() - start);
    if (!result.ok) throw result.error;
    nodes += result.value.nodes;
    if (result.value.score !== expected(c)) {
      wrong++;
      if (wrong <= 3)
        console.error(`ours ${c.text}: got ${result.value.score}, want ${expected(c)}`);
    }
  }
  solver.settleHelpers(); // the helpers' counts of the last search
  return {
    times,
    threadNodes: solver.threadNodes(),
    bestRound: times.reduce((a, b) => a + b, 0),
    nodes,
    wrong,
  };
}

/**
 * A reference solver on the same positions in its own loop; its own per-position timing (µs).
 * Pons': no opening book (`-b` pointing nowhere); both: `-w` for weak solving.
 */
function runReference(binary: string, cases: readonly PonsCase[], args: string[]): Run {
  const out = spawnSync(binary, args, {
    input: cases.map((c) => c.text).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (out.status !== 0) throw new Error(`${binary} exited with ${String(out.status)}`);
  const lines = out.stdout.split('\n').filter((l) => l.trim() !== '');
  if (lines.length !== cases.length) {
    throw new Error(`${binary}: ${lines.length} lines for ${cases.length} positions`);
  }
  let nodes = 0;
  const times: number[] = [];
  let wrong = 0;
  lines.forEach((line, i) => {
    const [, score = '', n = '', t = ''] = line.trim().split(/\s+/);
    nodes += Number(n);
    times.push(Number(t) / 1000);
    if (Number(score) !== expected(cases[i]!)) wrong++;
  });
  return { times, threadNodes: [], bestRound: times.reduce((a, b) => a + b, 0), nodes, wrong };
}

const ponsArgs = ['-b', '/nonexistent-no-book', ...(weak ? ['-w'] : [])];
const runPons = (binary: string, cases: readonly PonsCase[]): Run =>
  runReference(binary, cases, ponsArgs);

// Let V8 compile the wasm with its optimising tier before timing anything.
const warmup = loadPonsSet('Test_L2_R1');
if (!('missing' in warmup)) {
  for (const solver of solvers) {
    for (const c of warmup.cases.slice(0, Number(values.warmup ?? 300))) {
      solver.solve({ variant: CLASSIC, moves: c.moves });
    }
  }
}

console.log(
  `| set | positions | all correct (ours / C++) | ours mean time | C++ mean time | ratio | ratio, best whole round | ours mean nodes | C++ mean nodes | ours nodes/s | C++ nodes/s |${multi ? ' threads | speed-up | mean nodes per thread |' : ''}${weak ? ' (weak)' : ''}`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|${multi ? '---|---|---|' : ''}`);
if (ponsSolver === undefined) console.error('C4_PONS_SOLVER not set: C++ columns left empty');
let failed = false;
for (const set of values['no-pons'] ? [] : PONS_SETS) {
  if (wanted && !wanted.some((w) => set.file.endsWith(w))) continue;
  const loaded = loadPonsSet(set.file);
  if ('missing' in loaded) {
    console.log(`| ${set.file} | skipped: ${loaded.missing} |`);
    continue;
  }
  const cases = loaded.cases.slice(0, limit);
  const n = cases.length;
  const runs: Run[] = solvers.map((solver) => runOurs(solver, cases));
  let pons = ponsSolver === undefined ? undefined : runPons(ponsSolver, cases);
  for (let round = 1; round < rounds; round++) {
    solvers.forEach((solver, i) => {
      runs[i] = fastest(runs[i]!, runOurs(solver, cases));
    });
    if (ponsSolver !== undefined && pons !== undefined) {
      pons = fastest(pons, runPons(ponsSolver, cases));
    }
  }
  const correct = (r: Run | undefined): string =>
    r === undefined ? '—' : r.wrong === 0 ? 'yes' : `no (${r.wrong})`;
  const rate = (r: Run): string => `${(r.nodes / totalMs(r) / 1000).toFixed(2)} M`;
  for (const [i, ours] of runs.entries()) {
    failed ||= ours.wrong > 0;
    console.log(
      [
        `| ${set.file} (${set.label})`,
        n,
        `${correct(ours)} / ${correct(pons)}`,
        formatTime(totalMs(ours) / n),
        pons ? formatTime(totalMs(pons) / n) : '—',
        pons ? `${(totalMs(ours) / totalMs(pons)).toFixed(2)}x` : '—',
        pons ? `${(ours.bestRound / pons.bestRound).toFixed(2)}x` : '—',
        formatNodes(ours.nodes / n),
        pons ? formatNodes(pons.nodes / n) : '—',
        rate(ours),
        pons ? rate(pons) : '—',
        ...threadColumns(runs, i, n),
      ].join(' | ') + ' |',
    );
  }
}
if (!values['no-steininger']) await steiningerTable();

/** Steininger's sets: ours and his, side by side, one row per thread count. */
async function steiningerTable(): Promise<void> {
  const dir = process.env['C4_STEININGER_DIR'];
  const sets =
    values['steininger-sets'] === undefined
      ? STEININGER_SETS
      : parseSteiningerSets(values['steininger-sets'], 10);
  console.log();
  console.log(
    `| Steininger set | positions | all correct (ours / his) | ours mean time | his mean time | ratio time | ours mean nodes | his mean nodes | ratio nodes |${multi ? ' threads | speed-up | mean nodes per thread |' : ''}${weak ? ' (weak)' : ''}`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|${multi ? '---|---|---|' : ''}`);
  if (dir === undefined) console.error('C4_STEININGER_DIR not set: his columns left empty');
  for (const set of sets) {
    const label = `${set.board} ${set.name}`;
    const loaded = loadSteiningerSet({ ...set, count: Math.min(set.count, limit) });
    if ('missing' in loaded) {
      console.log(`| ${label} | skipped: ${loaded.missing} |`);
      continue;
    }
    const { cases } = loaded;
    const n = cases.length;
    const variant = boardVariant(set.board);
    const binary = dir === undefined ? undefined : join(dir, set.board);
    if (binary !== undefined && !existsSync(binary)) {
      console.log(`| ${label} | skipped: ${binary} not found |`);
      continue;
    }
    // His build for each thread count: `10x6`, `10x6-2t` ... (none where it is missing).
    const binaries = threadCounts.map((threads) => {
      if (binary === undefined || threads === 1) return binary;
      const named = `${binary}-${threads}t`;
      return existsSync(named) ? named : undefined;
    });
    const ourSolvers = needsWideKey(variant) ? (wideSolvers ??= await makeSolvers(true)) : solvers;
    const args = weak ? ['-w'] : [];
    // With several thread counts (`--threads 1,2`), one row each, the counts alternating
    // within each round as in the table above, his builds likewise.
    const runHis = (k: number): Run | undefined =>
      binaries[k] === undefined ? undefined : runReference(binaries[k], cases, args);
    const runs = ourSolvers.map((solver) => runOurs(solver, cases, variant));
    const hisRuns = threadCounts.map((_, k) => runHis(k));
    for (let round = 1; round < rounds; round++) {
      ourSolvers.forEach((solver, k) => {
        runs[k] = fastest(runs[k]!, runOurs(solver, cases, variant));
        const again = runHis(k);
        if (again !== undefined) hisRuns[k] = fastest(hisRuns[k]!, again);
      });
    }
    const correct = (r: Run | undefined): string =>
      r === undefined ? '—' : r.wrong === 0 ? 'yes' : `no (${r.wrong})`;
    runs.forEach((ours, k) => {
      const his = hisRuns[k];
      failed ||= ours.wrong > 0 || (his?.wrong ?? 0) > 0;
      console.log(
        [
          `| ${label}`,
          n,
          `${correct(ours)} / ${correct(his)}`,
          formatTime(totalMs(ours) / n),
          his ? formatTime(totalMs(his) / n) : '—',
          his ? `${(totalMs(ours) / totalMs(his)).toFixed(2)}x` : '—',
          formatNodes(ours.nodes / n),
          his ? formatNodes(his.nodes / n) : '—',
          his ? `${(ours.nodes / his.nodes).toFixed(2)}x` : '—',
          ...threadColumns(runs, k, n),
        ].join(' | ') + ' |',
      );
    });
  }
}

await Promise.all(pools.map((pool) => pool.close()));
process.exitCode = failed ? 1 : 0;
