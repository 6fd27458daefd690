// PopOut: the empty 7x6 board proven a first-player win from scratch (the WebAssembly search,
// one thread), then each position of scripts/bench/popout-positions.txt solved by solveFamily
// with its time and nodes, side by side with Four the Win! when C4_FOUR_THE_WIN names its
// executable. Times are processor seconds of this process (Four the Win!'s own figure is its
// C clock(), also processor time), so a loaded machine skews both alike; note `uptime`.
// Usage: npm run bench:family [-- --positions N] [-- --table-bits B] [-- --no-empty]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFamilyGame } from '../../src/core/index.js';
import { solveFamily } from '../../src/solver/family/index.js';
import { FastPopOut } from '../../src/solver/family/fast.js';
import { FOUR_THE_WIN_ENV, fourTheWin, type FourTheWinAnswer } from './four-the-win.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '39' },
    'table-bits': { type: 'string', default: '24' },
    'no-empty': { type: 'boolean', default: false },
  },
});
const executable = process.env[FOUR_THE_WIN_ENV];
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

if (!values['no-empty']) {
  const engine = new FastPopOut(7, 6, Number(values['table-bits']));
  const start = cpu();
  const wall = performance.now();
  let nodes = 0;
  for (let depth = 1; depth <= 41; depth += 2) {
    const answer = engine.wins([], depth);
    nodes += answer.nodes;
    if (answer.value === 1) {
      console.log(
        `empty PopOut 7x6: first player wins within ${depth} plies; ${nodes} nodes, ` +
          `${(cpu() - start).toFixed(1)} s processor, ${((performance.now() - wall) / 1000).toFixed(1)} s wall`,
      );
      break;
    }
  }
}

const lines = readFileSync(new URL('./popout-positions.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .slice(0, Number(values.positions));
console.log(`position | score | nodes | s | Four the Win!: score | nodes | s`);
let ours = { nodes: 0, seconds: 0 };
let theirs = { nodes: 0, seconds: 0 };
for (const line of lines) {
  const position = parseFamilyGame(line);
  if (!position.ok) throw position.error;
  const start = cpu();
  const solved = solveFamily(position.value);
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
