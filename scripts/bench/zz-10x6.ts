import { unwrap, createVariant } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { readFileSync } from 'node:fs';
const wide = new Solver({ tableBits: 22 });
const v = unwrap(createVariant({ width: 10, height: 6, connect: 4 }));
for (const set of (process.argv[2] ?? 'endgame_L1,midgame_L2,midgame_L1,opening_L1,opening_L2').split(',')) {
  const ls = readFileSync(`/work/ext/steininger/tst/data/10x6/${set}.txt`, 'utf8').trim().split('\n').slice(0, Number(process.argv[3] ?? 5));
  let bad = 0; let n = 0; const times: number[] = [];
  for (const l of ls) {
    const [m, sc] = l.split(' ');
    const t = performance.now();
    const r = unwrap(wide.solve({ variant: v, moves: m!.split('').map(Number) }, { timeLimitMs: 120000 }));
    times.push(performance.now() - t);
    n += r.nodes; wide.reset();
    if (r.score !== Number(sc)) { bad++; console.log(set, l, r.score, r.stopped); }
  }
  console.log(set, 'n', ls.length, 'bad', bad, 'mean ms', (times.reduce((a, b) => a + b, 0) / ls.length).toFixed(1), 'max ms', Math.max(...times).toFixed(0), 'mean nodes', (n / ls.length).toFixed(0));
}
