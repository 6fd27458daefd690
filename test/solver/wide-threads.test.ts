// The wide build's threads (a wide shared table: src/solver/shared.ts with `wide`, helpers in
// worker threads) against the single-threaded wide build, on seeded positions of boards past 64
// bits, and on a sample of Steininger's 10x6 sets where his data is at hand.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant, unwrap, type Variant } from '../../src/core/index.js';
import { Solver, createSharedTable } from '../../src/solver/index.js';
import { SearchThreads } from '../../src/cli/search-threads.js';
import {
  boardVariant,
  loadSteiningerSet,
  steiningerTestsDir,
} from '../../scripts/bench/steininger-tests.js';
import { runCli } from '../cli/run-cli.js';
import { describeIfReference } from '../support/skips.js';
import { boardFromMoves, wins } from './minimax.js';

const variant = (width: number, height: number): Variant =>
  unwrap(createVariant({ width, height, connect: 4 }));

/**
 * A position reached by playing `picks` (indices into the columns that neither win nor leave the
 * opponent a win), or undefined when the board runs out of such columns: random play otherwise
 * leaves a win at once in nearly every position, which the root settles without a search.
 */
function quietPosition(v: Variant, picks: readonly number[]): number[] | undefined {
  const moves: number[] = [];
  const columns = [...Array(v.width).keys()];
  for (const pick of picks) {
    const board = boardFromMoves(v, moves)!;
    const quiet = columns.filter((c) => {
      if (board.heights[c]! >= v.height || wins(board, c)) return false;
      const next = boardFromMoves(v, [...moves, c])!;
      return !columns.some((d) => next.heights[d]! < v.height && wins(next, d));
    });
    if (quiet.length === 0) return undefined;
    moves.push(quiet[pick % quiet.length]!);
  }
  return moves;
}

/** 0-based columns from the CLI's notation (1-9, then a, b, c). */
const columnsOf = (text: string): number[] => Array.from(text, (ch) => parseInt(ch, 16) - 1);
// 10x6 positions found by `quietPosition`: one thread searches ~1M and ~300k nodes.
const LONG = '8626731661a96615442453344482';
const MEDIUM = '417a268aaa35a1a11137336581225';

let threads: SearchThreads;
let shared: Solver;
beforeAll(async () => {
  threads = await SearchThreads.start(2, 20, true);
  shared = new Solver({ shared: threads.table });
});
afterAll(() => threads.close());
const single = new Solver({ tableBits: 20 });

/** Helpers join every search from its first node, and threads mark down to 4 empty cells. */
const everySearchShared = (): void => {
  shared.setParallel(1, 4, 64);
};

const boards: [string, Variant, number, number][] = [
  ['10x6', variant(10, 6), 26, 34],
  ['9x7', variant(9, 7), 28, 38],
];

describe.each(boards)('%s on two threads', (_name, v, fewest, most) => {
  it('scores seeded positions as one thread does, weak and strong', { timeout: 300_000 }, () => {
    everySearchShared();
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(40), { minLength: fewest, maxLength: most }), (picks) => {
        const moves = quietPosition(v, picks);
        if (moves === undefined) return;
        checked++;
        for (const weak of [false, true]) {
          shared.reset();
          single.reset();
          const two = unwrap(shared.solve({ variant: v, moves }, { weak }));
          const one = unwrap(single.solve({ variant: v, moves }, { weak }));
          expect({ moves: moves.join(''), weak, score: two.score }).toEqual({
            moves: moves.join(''),
            weak,
            score: one.score,
          });
        }
      }),
      { seed: 7, numRuns: 12 },
    );
    expect(checked).toBeGreaterThan(3);
  });
});

describe('a wide shared search stopped by its budget', () => {
  it('returns true bounds, and the next search is exact', { timeout: 120_000 }, () => {
    shared.setParallel(1000);
    const v = variant(10, 6);
    const moves = columnsOf(LONG);
    single.reset();
    const exact = unwrap(single.solve({ variant: v, moves })).score!;
    shared.reset();
    const stopped = unwrap(shared.solve({ variant: v, moves }, { maxNodes: 20_000 }));
    expect(stopped.stopped).toBe('nodes');
    expect(stopped.lower).toBeLessThanOrEqual(exact);
    expect(stopped.upper).toBeGreaterThanOrEqual(exact);
    expect(unwrap(shared.solve({ variant: v, moves })).score).toBe(exact);
  });
});

describe('wide shared table API', () => {
  it('holds half the entries of the same bytes, and refuses sizes out of range', () => {
    expect(() => createSharedTable({ tableBits: 10, threads: 2, wide: true })).toThrow(RangeError);
    const table = createSharedTable({ tableBits: 12, threads: 2, wide: true });
    expect(table.wide).toBe(true);
    const narrow = createSharedTable({ tableBits: 12, threads: 2 });
    const bytes = (t: { memory: object }): number =>
      (t.memory as { buffer: ArrayBuffer }).buffer.byteLength;
    // The layouts differ in the threads' scratch only (the wide build's frames are larger).
    expect(Math.abs(bytes(table) - bytes(narrow))).toBeLessThan(1 << 20);
  });
});

describe('c4 solve --threads on a wide board', () => {
  it('prints what one thread prints', { timeout: 300_000 }, async () => {
    const input = [MEDIUM, '7136236a225465353476155569689', '99x', LONG].join('\n');
    for (const mode of [[], ['--weak-first']]) {
      const args = ['solve', '--variant', '10x6c4', '--table-bits', '18', ...mode];
      const one = await runCli([...args, '--threads', '1'], input);
      const two = await runCli([...args, '--threads', '2'], input);
      expect(two).toEqual(one);
      expect(one.code).toBe(1);
      expect(one.out.split('\n').length).toBeGreaterThan(3);
    }
  });
});

const SAMPLES = [
  { name: 'endgame_L1', take: 20 },
  { name: 'midgame_L1', take: 4 },
] as const;
for (const { name, take } of SAMPLES) {
  const loaded = loadSteiningerSet({ board: '10x6', name, count: take });
  const missing =
    steiningerTestsDir() === undefined
      ? 'C4_STEININGER_TESTS (Steininger’s tst/data) not set'
      : 'missing' in loaded
        ? loaded.missing
        : undefined;
  describeIfReference(`Steininger 10x6 ${name} on two threads`, missing, () => {
    it(`solves the first ${take} positions exactly`, { timeout: 300_000 }, () => {
      everySearchShared();
      const v = boardVariant('10x6');
      const wrong: string[] = [];
      for (const c of 'cases' in loaded ? loaded.cases : []) {
        shared.reset();
        const result = unwrap(shared.solve({ variant: v, moves: c.moves }));
        if (result.score !== c.score) wrong.push(`line ${c.line}: ${result.score} != ${c.score}`);
      }
      expect(wrong).toEqual([]);
    });
  });
}
