// PopOut: the empty 7x6 board proven a first-player win from scratch (the WebAssembly search,
// one thread; with --threads N also on N threads sharing one table, alternately, --repeat times,
// then the medians), then each position of scripts/bench/popout-positions.txt solved by solveFamily
// with its time and nodes, side by side with Four the Win! when C4_FOUR_THE_WIN names its
// executable (which then proves the empty board too, once). Like Four the Win!, it finds the value alone (`best: false`); --best also finds
// every best move, as the analysis does. Times are processor seconds of this process (Four the Win!'s own figure is its
// C clock(), also processor time), so a loaded machine skews both alike; note `uptime`.
// Both searches get 2^26 entries of 16 bytes (1 GiB), the table Four the Win! is given here
// (`-t 1`); --table-bits changes ours. Each position starts from an empty table unless --warm.
// Usage: npm run bench:family [-- --warm] [-- --from K] [-- --positions N] [-- --table-bits B] [-- --no-empty] [-- --best]
//        [-- --threads N [--repeat R]]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFamilyGame } from '../../src/core/index.js';
import { forgetFamilyTables, solveFamily } from '../../src/solver/family/index.js';
import { FastPopOut } from '../../src/solver/family/fast.js';
import { PopOutThreads } from '../../src/cli/search-threads.js';
import {
  FOUR_THE_WIN_ENV,
  fourTheWin,
  fourTheWinEmpty,
  type FourTheWinAnswer,
} from './four-the-win.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '39' },
    from: { type: 'string', default: '1' },
    'table-bits': { type: 'string', default: '26' },
    'no-empty': { type: 'boolean', default: false },
    best: { type: 'boolean', default: false },
    warm: { type: 'boolean', default: false },
    threads: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '1' },
  },
});
const executable = process.env[FOUR_THE_WIN_ENV];
const tableBits = Number(values['table-bits']);
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

interface EmptyRun {
  readonly nodes: number;
  readonly helperNodes: number;
  readonly processor: number;
  readonly wall: number;
}

/** The empty board's proof from a cleared table: one "win within d?" question per odd depth. */
function proveEmpty(engine: FastPopOut): EmptyRun {
  engine.clear();
  engine.takeHelperNodes();
  const start = cpu();
  const wall = performance.now();
  let nodes = 0;
  for (let depth = 1; depth <= 41; depth += 2) {
    const answer = engine.wins([], depth);
    nodes += answer.nodes;
    if (answer.value === 1) {
      const run = {
        nodes,
        processor: cpu() - start,
        wall: (performance.now() - wall) / 1000,
      };
      const helperNodes = engine.takeHelperNodes();
      console.log(
        `empty PopOut 7x6, ${engine.shared?.threads ?? 1} thread(s): first player wins within ` +
          `${depth} plies; ${nodes} nodes on thread 0` +
          (engine.shared === undefined ? '' : ` (+${helperNodes} on helpers)`) +
          `, ${run.processor.toFixed(1)} s processor, ${run.wall.toFixed(2)} s wall`,
      );
      return { ...run, helperNodes };
    }
  }
  throw new Error('the empty board was not proven within 41 plies');
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

if (!values['no-empty']) {
  const bits = tableBits;
  const threads = Number(values.threads);
  const helpers = threads > 1 ? await PopOutThreads.start(threads, bits, 7, 6) : undefined;
  const engines = [new FastPopOut(7, 6, bits)];
  if (helpers !== undefined) engines.push(new FastPopOut(7, 6, bits, helpers.table));
  const runs: EmptyRun[][] = engines.map(() => []);
  for (let r = 0; r < Number(values.repeat); r++) {
    engines.forEach((engine, i) => runs[i]!.push(proveEmpty(engine)));
  }
  await helpers?.close();
  if (executable !== undefined) {
    // Four the Win!'s own proof of the empty board, in the same run (same load).
    const other = await fourTheWinEmpty(executable);
    console.log(
      `empty PopOut 7x6, Four the Win!: ${other.score}, ${other.nodes} nodes, ` +
        `${other.seconds.toFixed(1)} s processor`,
    );
  }
  if (runs[0]!.length > 1 || engines.length > 1) {
    const wall = runs.map((list) => median(list.map((run) => run.wall)));
    runs.forEach((list, i) => {
      console.log(
        `median of ${list.length}, ${i === 0 ? 1 : threads} thread(s): ` +
          `${median(list.map((run) => run.nodes))} nodes on thread 0, ` +
          `${median(list.map((run) => run.nodes + run.helperNodes))} in all, ` +
          `${median(list.map((run) => run.processor)).toFixed(1)} s processor, ` +
          `${wall[i]!.toFixed(2)} s wall` +
          (i === 0 ? '' : ` (${(wall[0]! / wall[i]!).toFixed(2)}x one thread's)`),
      );
    });
  }
}

const lines = readFileSync(new URL('./popout-positions.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .slice(Number(values.from) - 1, Number(values.positions));
console.log(`position | score | nodes | s | Four the Win!: score | nodes | s`);
let ours = { nodes: 0, seconds: 0 };
let theirs = { nodes: 0, seconds: 0 };
for (const line of lines) {
  const position = parseFamilyGame(line);
  if (!position.ok) throw position.error;
  // Cold, as Four the Win!'s fresh process is (the clear is not timed); --warm keeps what the
  // game's earlier positions taught the table.
  if (!values.warm) forgetFamilyTables();
  const start = cpu();
  const solved = solveFamily(position.value, { best: values.best, tableBits });
  const seconds = cpu() - start;
  ours = { nodes: ours.nodes + solved.nodes, seconds: ours.seconds + seconds };
  let other: FourTheWinAnswer | undefined;
  if (executable !== undefined) {
    other = fourTheWin(executable, position.value.moves);
    theirs = { nodes: theirs.nodes + other.nodes, seconds: theirs.seconds + other.seconds };
  }
  console.log(
    `${line} | ${solved.score}${solved.exact ? '' : '?'} | ${solved.nodes} | ${seconds.toFixed(3)}` +
      (other === undefined
        ? ''
        : ` | ${other.score}${other.score === solved.score ? '' : ' DIFFERS'} | ${other.nodes} | ${other.seconds.toFixed(3)}`),
  );
}
console.log(
  `total: ${ours.nodes} nodes, ${ours.seconds.toFixed(1)} s` +
    (executable === undefined
      ? ''
      : `; Four the Win! ${theirs.nodes} nodes, ${theirs.seconds.toFixed(1)} s`),
);
