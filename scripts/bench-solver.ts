// `npm run bench:solver [-- --limit N --sets L3_R1,L2_R1 --weak --table-bits B --keep-table
//   --no-etc]`: solves the shared Pons test sets and prints, per set, positions, whether all
// scores were right, mean time, mean nodes and nodes per second.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { CLASSIC } from '../src/core/index.js';
import { Solver } from '../src/solver/index.js';
import { PONS_SETS, loadPonsSet } from './pons-tests.js';

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
  },
});
const limit = values.limit === undefined ? Infinity : Number(values.limit);
const wanted = values.sets?.split(',');
const solver = new Solver(
  values['table-bits'] === undefined ? {} : { tableBits: Number(values['table-bits']) },
);
solver.setEnhancedCutoffs(!values['no-etc'], Number(values['etc-min-empty'] ?? 0));

const formatTime = (ms: number): string =>
  ms < 1
    ? `${(ms * 1000).toFixed(1)} µs`
    : ms < 1000
      ? `${ms.toFixed(2)} ms`
      : `${(ms / 1000).toFixed(2)} s`;

// Let V8 compile the wasm with its optimising tier before timing anything.
const warmup = loadPonsSet('Test_L2_R1');
if (!('missing' in warmup)) {
  for (const c of warmup.cases.slice(0, Number(values.warmup ?? 300))) {
    solver.solve({ variant: CLASSIC, moves: c.moves });
  }
}

// Pascal Pons' C++ solver on the same machine type (single thread, no book): the anchor.
const ANCHOR: Record<string, { ms: number; nodes: number }> = {
  Test_L3_R1: { ms: 0.0049, nodes: 51 },
  Test_L2_R1: { ms: 0.043, nodes: 449 },
  Test_L2_R2: { ms: 4.6, nodes: 39_800 },
  Test_L1_R1: { ms: 0.3, nodes: 3_300 },
  Test_L1_R2: { ms: 134, nodes: 1_188_000 },
};

console.log(
  `| set | positions | all correct | mean wall time | mean CPU time | anchor time | CPU time / anchor | mean nodes | anchor nodes | nodes per CPU second |${values.weak ? ' (weak)' : ''}`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
let failed = false;
for (const set of PONS_SETS) {
  if (wanted && !wanted.some((w) => set.file.endsWith(w))) continue;
  const loaded = loadPonsSet(set.file);
  if ('missing' in loaded) {
    console.log(`| ${set.file} | skipped: ${loaded.missing} |`);
    continue;
  }
  const cases = loaded.cases.slice(0, limit);
  let nodes = 0;
  let time = 0;
  let wrong = 0;
  // CPU time as well as wall time: on a shared machine the wall clock also counts other jobs.
  const cpuStart = process.cpuUsage();
  for (const c of cases) {
    if (!values['keep-table']) solver.reset();
    const start = performance.now();
    const result = solver.solve({ variant: CLASSIC, moves: c.moves }, { weak: values.weak });
    time += performance.now() - start;
    if (!result.ok) throw result.error;
    nodes += result.value.nodes;
    const expected = values.weak ? Math.sign(c.score) : c.score;
    if (result.value.score !== expected) {
      wrong++;
      if (wrong <= 3)
        console.error(
          `${set.file}:${c.line} ${c.text}: got ${result.value.score}, want ${expected}`,
        );
    }
  }
  failed ||= wrong > 0;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const n = cases.length;
  const anchor = ANCHOR[set.file]!;
  console.log(
    [
      `| ${set.file} (${set.label})`,
      n,
      wrong === 0 ? 'yes' : `no (${wrong} wrong)`,
      formatTime(time / n),
      formatTime(cpuMs / n),
      formatTime(anchor.ms),
      `${(cpuMs / n / anchor.ms).toFixed(2)}x`,
      Math.round(nodes / n).toLocaleString('en-US'),
      anchor.nodes.toLocaleString('en-US'),
      `${(((nodes / cpuMs) * 1000) / 1e6).toFixed(2)} M |`,
    ].join(' | '),
  );
}
process.exitCode = failed ? 1 : 0;
