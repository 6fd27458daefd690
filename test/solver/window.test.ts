// `SolveOptions.window` (the engines' `solveWithin`): a search that stops once the score is
// known to lie at or below the window's floor, at or above its ceiling, or exactly between, and
// reports only true bounds. Checked against the exact score on random positions, on each engine
// the review uses: the default build, the wide build and the threads build.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIC, createVariant, parseMoves, unwrap, type Variant } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { SearchThreads } from '../../src/cli/search-threads.js';
import { positionFrom } from './minimax.js';

const reference = new Solver({ tableBits: 18 });
let threads: SearchThreads;
let shared: Solver;
beforeAll(async () => {
  threads = await SearchThreads.start(2, 18);
  shared = new Solver({ shared: threads.table });
  // Helpers join every search from its first node: the window's interval is theirs too.
  shared.setParallel(1, 4, 64);
});
afterAll(() => threads.close());

const engines: [string, () => Solver][] = [
  ['default build', () => new Solver({ tableBits: 16 })],
  ['wide build', () => new Solver({ tableBits: 16, wideKeys: true })],
  ['threads build', () => shared],
];
const boards: [string, Variant, number][] = [
  ['7x6', CLASSIC, 22],
  ['5x4', unwrap(createVariant({ width: 5, height: 4, connect: 4 })), 4],
];

describe.each(engines)('window search, %s', (_name, make) => {
  it.each(boards)('settles the window with true bounds on %s', (_board, variant, discs) => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: discs, maxLength: discs + 4 }),
        fc.integer({ min: -12, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        (picks, lower, span) => {
          const moves = positionFrom(variant, picks);
          if (!moves) return;
          const want = unwrap(reference.solve({ variant, moves })).score!;
          const solver = make();
          solver.reset();
          const window = { lower, upper: lower + span };
          const got = unwrap(solver.solve({ variant, moves }, { window }));
          expect(got.lower).toBeLessThanOrEqual(want);
          expect(got.upper).toBeGreaterThanOrEqual(want);
          expect(got.stopped).toBeNull();
          const settled =
            got.upper <= window.lower || got.lower >= window.upper || got.lower === got.upper;
          expect(
            settled,
            `${moves.join('')} in [${lower}, ${lower + span}]: ${got.lower}..${got.upper}`,
          ).toBe(true);
          checked++;
        },
      ),
      { numRuns: 30 },
    );
    expect(checked).toBeGreaterThan(10);
  });
});

// Node counts of one thread: in the threads build thread 0 counts only its own share, and a
// helper may settle the root first (thread 0's count was 1), so only the one-thread builds.
describe.each(engines.slice(0, 2))('window search, %s, nodes', (_name, make) => {
  it('one null window costs fewer nodes than the exact score on a hard position', () => {
    // Twelve discs of a real game: tens of thousands of nodes to solve, a few thousand to compare.
    const moves = [...unwrap(parseMoves('441343343167', CLASSIC))];
    const exact = make();
    exact.reset();
    const full = unwrap(exact.solve({ variant: CLASSIC, moves }));
    const test = make();
    test.reset();
    const s = full.score!;
    const above = unwrap(
      test.solve({ variant: CLASSIC, moves }, { window: { lower: s - 1, upper: s } }),
    );
    expect(above.lower).toBeGreaterThanOrEqual(s);
    expect(above.nodes).toBeLessThan(full.nodes);
  });
});
