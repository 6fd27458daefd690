import { describe, expect, it } from 'vitest';
import { CLASSIC } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { PONS_SETS, loadPonsSet } from '../../scripts/pons-tests.js';

// Every line of every shared set must come out exact; the slow sets run in their own files so
// vitest spreads them over the cores.
export function ponsSuite(files: readonly string[], weak = false): void {
  for (const set of PONS_SETS.filter((s) => files.includes(s.file))) {
    const loaded = loadPonsSet(set.file);
    if ('missing' in loaded) {
      describe.skip(`${set.file}: skipped because ${loaded.missing}`, () => {
        it('needs the shared test data', () => undefined);
      });
      console.warn(`solver tests: ${set.file} skipped: ${loaded.missing}`);
      continue;
    }
    describe(`${set.file} (${set.label})${weak ? ' weak' : ''}`, () => {
      it(`solves all ${loaded.cases.length} positions exactly`, () => {
        const solver = new Solver({ tableBits: 22 });
        const wrong: string[] = [];
        for (const c of loaded.cases) {
          const result = solver.solve({ variant: CLASSIC, moves: c.moves }, { weak });
          if (!result.ok) throw result.error;
          const want = weak ? Math.sign(c.score) : c.score;
          if (result.value.score !== want)
            wrong.push(`line ${c.line} ${c.text}: ${result.value.score} != ${want}`);
        }
        expect(wrong).toEqual([]);
      });
    });
  }
}

ponsSuite(['Test_L3_R1', 'Test_L2_R1', 'Test_L1_R1']);
