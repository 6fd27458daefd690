// `npm run bench:solve-process [-- --set L1_R1 --rounds R --limit N --bin dist/cli/bin.js]`:
// whole-process cost of `c4 solve` (the built `node dist/cli/bin.js solve`, so run `npm run
// build:lib` first; not tsx, whose start-up would swamp an easy file; `--bin` another build's,
// e.g. an older commit's for a before/after) on one of Pons' shared sets, start-up and per-line
// cost included, against Pascal Pons' plain C++ program (`C4_PONS_PROCESS=/path/to/c4solver`,
// built outside this repository, run as `c4solver < moves`).
//
// Each round runs the C++ program, ours with the default threads, and ours with --threads 1, in
// that order (alternating, so a change in the machine's load hits all alike), each reading the
// set's move strings on stdin. Per program: median and fastest wall time over the rounds, and
// median CPU time (user + system, from GNU time at /usr/bin/time when present): on a loaded
// machine wall time mostly counts other jobs' time slices, CPU time does not. Our output is
// checked against the set's scores.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadPonsSet } from '../../test/support/pons-tests.js';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'L1_R1' },
    rounds: { type: 'string', default: '5' },
    limit: { type: 'string' },
    bin: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: a whole number from 1');

const root = join(import.meta.dirname, '..', '..');
const bin = values.bin ?? join(root, 'dist', 'cli', 'bin.js');
if (!existsSync(bin)) throw new Error(`${bin} missing: run npm run build:lib first`);

const loaded = loadPonsSet(`Test_${values.set}`);
if ('missing' in loaded) throw new Error(`set missing: ${loaded.missing}`);
const cases =
  values.limit === undefined ? loaded.cases : loaded.cases.slice(0, Number(values.limit));
const dir = mkdtempSync(join(tmpdir(), 'c4-solve-process-'));
const input = join(dir, 'moves');
const movesText = (c: { text: string }): string => c.text.split(' ')[0]!;
writeFileSync(input, cases.map((c) => movesText(c) + '\n').join(''));
const expected = cases.map((c) => `${movesText(c)} ${c.score}\n`).join('');

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Program {
  readonly label: string;
  readonly command: readonly string[];
  readonly check: boolean;
  readonly wall: number[];
  readonly cpu: number[];
}

const program = (label: string, command: readonly string[], check: boolean): Program => ({
  label,
  command,
  check,
  wall: [],
  cpu: [],
});

const ponsBinary = process.env['C4_PONS_PROCESS'];
const programs: Program[] = [
  ...(ponsBinary === undefined ? [] : [program('Pons C++', [ponsBinary], false)]),
  program('c4 solve', [process.execPath, bin, 'solve'], true),
  program('c4 solve --threads 1', [process.execPath, bin, 'solve', '--threads', '1'], true),
];
if (ponsBinary === undefined) console.error('C4_PONS_PROCESS not set: no C++ reference');

const run = (p: Program): void => {
  const times = join(dir, 'times');
  const argv = gnuTime ? [gnuTime, '-f', '%U %S', '-o', times, ...p.command] : [...p.command];
  const stdin = readFileSync(input);
  const start = performance.now();
  const result = spawnSync(argv[0]!, argv.slice(1), {
    input: stdin,
    maxBuffer: 1 << 28,
    cwd: dir,
  });
  p.wall.push(performance.now() - start);
  if (result.status !== 0) throw new Error(`${p.label} exited ${String(result.status)}`);
  if (p.check && result.stdout.toString() !== expected) throw new Error(`${p.label}: wrong scores`);
  if (gnuTime) {
    const [user, system] = readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ');
    p.cpu.push((Number(user) + Number(system)) * 1000);
  }
};

try {
  for (let round = 0; round < rounds; round++) for (const p of programs) run(p);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};
const ms = (x: number): string => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} ms`);
const reference = ponsBinary === undefined ? undefined : programs[0]!;
const ratio = (mine: number, theirs: number | undefined): string =>
  theirs === undefined || Number.isNaN(mine) ? '-' : `${(mine / theirs).toFixed(2)}x`;

console.log(`set ${values.set}: ${cases.length} lines, ${rounds} rounds, whole processes`);
console.log('| program | median wall | fastest wall | median CPU | wall ratio | CPU ratio |');
console.log('|---|---|---|---|---|---|');
for (const p of programs) {
  const wall = median(p.wall);
  const cpu = median(p.cpu);
  console.log(
    `| ${p.label} | ${ms(wall)} | ${ms(Math.min(...p.wall))} | ${ms(cpu)} | ` +
      `${ratio(wall, reference && median(reference.wall))} | ` +
      `${ratio(cpu, reference && median(reference.cpu))} |`,
  );
}
