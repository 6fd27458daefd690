// Times `perft` on the classic board (and a larger variant) so changes to the rules engine's
// hot path are measured, not guessed. Usage: npm run bench:perft [-- depth]
import { performance } from 'node:perf_hooks';
import { CLASSIC, perft, unwrap, parseVariant } from '../../src/core/index.js';

const classicDepth = Number(process.argv[2] ?? 9);
const runs = 3;
// 9x7 needs 72 key bits, beyond a double's 53, so it takes the slower string keys: a shallower depth.
for (const [variant, depth] of [
  [CLASSIC, classicDepth],
  [unwrap(parseVariant('9x7c4')), classicDepth - 2],
] as const) {
  const times: number[] = [];
  let counts: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    counts = perft(variant, depth);
    times.push(performance.now() - start);
  }
  const positions = counts.reduce((a, b) => a + b, 0);
  const best = Math.min(...times);
  console.log(
    `${variant.width}x${variant.height}c${variant.connect} depth ${depth}: ${positions} distinct positions, ` +
      `best of ${runs} ${best.toFixed(0)} ms (${((positions / best) * 1000).toFixed(0)} positions/s)`,
  );
}
