// A seeded sample of Christophe Steininger's 10x6 test sets (github ChristopheSteininger/c4,
// `tst/data/10x6`, read where they lie: C4_STEININGER_TESTS is his `tst/data`), the boards whose
// key does not fit 64 bits: the wide build must get every sampled score right. The sample
// (C4_SAMPLE_SEED, default fixed) is sized to the sets' cost: an opening position takes seconds.
// His sets may not be copied into the repository or ../shared, so CI cannot have them: without
// C4_STEININGER_TESTS the suite is skipped and named, in CI too (test/solver/wide.test.ts covers
// the wide build there against Tromp's outcomes, minimax and the 64-bit build).
import { expect, it } from 'vitest';
import { Solver } from '../../src/solver/index.js';
import {
  boardVariant,
  loadSteiningerSet,
  steiningerTestsDir,
} from '../../scripts/bench/steininger-tests.js';
import { describeIfReference } from '../support/skips.js';

const SAMPLES = [
  { name: 'endgame_L1', take: 40 },
  { name: 'midgame_L1', take: 8 },
  { name: 'midgame_L2', take: 3 },
  { name: 'opening_L1', take: 3 },
  { name: 'opening_L2', take: 1 },
] as const;

const seed = Number(process.env['C4_SAMPLE_SEED'] ?? 20261202);

/** `take` distinct indices below `n`, from a small seeded generator (reproducible per seed). */
function sample(n: number, take: number, salt: number): number[] {
  let state = (seed * 2654435761 + salt * 40503) >>> 0;
  const picked = new Set<number>();
  while (picked.size < Math.min(take, n)) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    picked.add(state % n);
  }
  return [...picked];
}

const variant = boardVariant('10x6');
const solver = new Solver({ tableBits: 21 });

SAMPLES.forEach(({ name, take }, salt) => {
  const loaded = loadSteiningerSet({ board: '10x6', name, count: Infinity });
  const missing =
    steiningerTestsDir() === undefined
      ? 'C4_STEININGER_TESTS (Steininger’s tst/data) not set'
      : 'missing' in loaded
        ? loaded.missing
        : undefined;
  describeIfReference(`Steininger 10x6 ${name} (seed ${seed})`, missing, () => {
    it(`solves ${take} sampled positions exactly`, { timeout: 300_000 }, () => {
      const cases = 'cases' in loaded ? loaded.cases : [];
      const wrong: string[] = [];
      for (const index of sample(cases.length, take, salt)) {
        const c = cases[index]!;
        solver.reset();
        const result = solver.solve({ variant, moves: c.moves });
        if (!result.ok) throw result.error;
        if (result.value.score !== c.score) {
          wrong.push(`line ${c.line} ${c.text}: ${result.value.score} != ${c.score}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});
