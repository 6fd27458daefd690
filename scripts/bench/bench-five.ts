// Five-in-a-Row (9x6c5 from the set-up): the draw proof's two halves, "can the first player
// win?" (the null window [0, 1]) and "can the second player win?" ([-1, 0]), on fixed positions
// a few plies after the set-up, each with the search as it stands and with one of its rules
// turned off (the test build's switches), so that a rule's ratio old/new comes from one run on
// the same machine load. Times are this process's processor seconds.
// Usage: npx tsx scripts/bench/bench-five.ts [--table-bits B] [--off RULE,...] [--positions a,b]
import { parseArgs } from 'node:util';
import { instantiateTestEngine } from '../../test/solver/test-engine.js';

const SETUP = '111111999999';
// After the set-up, inner columns only: 10 plies (~1 M nodes), 8 plies (~2 M), as measured.
const POSITIONS = ['5545644365', '4556534763', '55456434', '56453545', '34567654'];

const { values } = parseArgs({
  options: {
    'table-bits': { type: 'string', default: '22' },
    off: { type: 'string', default: '' },
    positions: { type: 'string' },
  },
});
const engine = instantiateTestEngine();
const switches: Record<string, (on: number) => void> = {
  lineBounds: (on) => {
    engine.setLineBounds(on);
  },
  symmetry: (on) => {
    engine.setSymmetry(on);
  },
};
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** One null window from `moves` (after the set-up), a fresh table: its answer, nodes, seconds. */
function half(moves: string, lo: number): { above: boolean; nodes: number; seconds: number } {
  engine.configure(9, 6, 5);
  engine.setTableBits(Number(values['table-bits']));
  engine.newGeneration();
  for (const c of SETUP + moves) {
    if (engine.play(Number(c) - 1) !== 0) throw new Error(`illegal ${moves}`);
  }
  engine.resetNodes();
  const start = cpu();
  if (engine.solveWithin(lo, lo + 1) !== 1) throw new Error('stopped');
  return { above: engine.lower() > lo, nodes: engine.nodeCount(), seconds: cpu() - start };
}

const configs: [string, string[]][] = [['all rules', []]];
for (const rule of values.off.split(',').filter((r) => r !== ''))
  configs.push([`${rule} off`, [rule]]);
const positions = values.positions?.split(',') ?? POSITIONS;
const totals = configs.map(() => ({ nodes: 0, seconds: 0 }));
console.log('position | config | first wins? nodes s | second wins? nodes s');
for (const moves of positions) {
  configs.forEach(([name, off], i) => {
    for (const rule of off) switches[rule]!(0);
    const first = half(moves, 0);
    const second = half(moves, -1);
    for (const rule of off) switches[rule]!(1);
    totals[i]!.nodes += first.nodes + second.nodes;
    totals[i]!.seconds += first.seconds + second.seconds;
    console.log(
      `${moves} | ${name} | ${first.above ? 'yes' : 'no'} ${first.nodes} ${first.seconds.toFixed(2)} | ` +
        `${second.above ? 'no' : 'yes'} ${second.nodes} ${second.seconds.toFixed(2)}`,
    );
  });
}
configs.forEach(([name], i) => {
  const t = totals[i]!;
  const ratio = (totals[i]!.nodes / totals[0]!.nodes).toFixed(2);
  console.log(
    `total ${name}: ${t.nodes} nodes, ${t.seconds.toFixed(1)} s (x${ratio} of all rules)`,
  );
});
