// Shared by the pons*.test.ts files: each runs some sets so vitest spreads them over the cores.
import { expect, it } from 'vitest';
import { CLASSIC } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { PONS_SETS, loadPonsSet } from '../support/pons-tests.js';
import { describeIf } from '../support/skips.js';

// Every line of every shared set must come out exact; the slow sets run in their own files so
// vitest spreads them over the cores.
export function ponsSuite(
  files: readonly string[],
  options: { weak?: boolean; from?: number; to?: number } = {},
): void {
  const weak = options.weak ?? false;
  for (const set of PONS_SETS.filter((s) => files.includes(s.file))) {
    const loaded = loadPonsSet(set.file);
    const missing = 'missing' in loaded ? loaded.missing : undefined;
    describeIf(`${set.file} (${set.label})${weak ? ' weak' : ''}`, missing, () => {
      const cases = ('cases' in loaded ? loaded.cases : []).slice(
        options.from ?? 0,
        options.to ?? Infinity,
      );
      const solver = new Solver({ tableBits: 22 });
      // chunks of 100 lines, so that progress shows and no single test runs for minutes
      for (let start = 0; start < cases.length; start += 100) {
        const chunk = cases.slice(start, start + 100);
        it(
          `solves lines ${chunk[0]?.line}-${chunk.at(-1)?.line} exactly`,
          { timeout: 600_000 },
          () => {
            const wrong: string[] = [];
            for (const c of chunk) {
              const result = solver.solve({ variant: CLASSIC, moves: c.moves }, { weak });
              if (!result.ok) throw result.error;
              const want = weak ? Math.sign(c.score) : c.score;
              if (result.value.score !== want) {
                wrong.push(`line ${c.line} ${c.text}: ${result.value.score} != ${want}`);
              }
            }
            expect(wrong).toEqual([]);
          },
        );
      }
    });
  }
}
