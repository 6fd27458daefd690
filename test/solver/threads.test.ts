// The shared-table search (src/solver/shared.ts, helpers in worker threads) against the shared
// test sets, the single-threaded solver and a plain minimax, and its table's lockless entries.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIC, createVariant, unwrap, type Variant } from '../../src/core/index.js';
import {
  Solver,
  createSharedTable,
  engineForThread,
  runHelper,
  sharedTablesSupported,
} from '../../src/solver/index.js';
import { SearchThreads } from '../../src/cli/search-threads.js';
import { PONS_SETS, loadPonsSet } from '../support/pons-tests.js';
import { runCli } from '../cli/run-cli.js';
import { describeIf } from '../support/skips.js';
import { boardFromMoves, minimax, wins } from './minimax.js';
import { instantiateTestEngine } from './test-engine.js';

let threads: SearchThreads;
let shared: Solver;
beforeAll(async () => {
  threads = await SearchThreads.start(2, 20);
  shared = new Solver({ shared: threads.table });
});
afterAll(() => threads.close());
const single = new Solver({ tableBits: 20 });

/**
 * Helpers join every search from its first node and threads mark down to 4 empty cells, so
 * even the end-game sets exercise them and their marks.
 */
const everySearchShared = (): void => {
  shared.setParallel(1, 4, 64);
};

// Lines per set: the whole of each set but the slowest (L1_R2: ~0.2 s a line on one core).
const SAMPLE: Record<string, number> = { Test_L1_R2: 12 };
const LONG_SEARCHES = new Set(['Test_L2_R2', 'Test_L1_R2']);

for (const { file } of PONS_SETS) {
  const loaded = loadPonsSet(file);
  describeIf(`${file} on two threads`, 'missing' in loaded ? loaded.missing : undefined, () => {
    if ('missing' in loaded) return;
    const cases = loaded.cases.slice(0, SAMPLE[file] ?? Infinity);

    for (const weak of [false, true]) {
      it(
        `solves ${cases.length} lines exactly${weak ? ' (weak)' : ''}`,
        { timeout: 600_000 },
        () => {
          everySearchShared();
          shared.resetThreadNodes();
          const wrong: string[] = [];
          for (const c of cases) {
            shared.reset();
            const result = unwrap(shared.solve({ variant: CLASSIC, moves: c.moves }, { weak }));
            const want = weak ? Math.sign(c.score) : c.score;
            if (result.score !== want) wrong.push(`line ${c.line}: ${result.score} != ${want}`);
          }
          expect(wrong).toEqual([]);
          // The helper really searched (end-game searches end before it wakes up).
          if (LONG_SEARCHES.has(file)) {
            shared.settleHelpers();
            expect(shared.threadNodes()[1]).toBeGreaterThan(0);
          }
        },
      );
    }

    // An analysis solves every child, bad moves included: minutes per line from the opening
    // sets here, so those are covered by the solves above and a few L2 lines below.
    if (file.startsWith('Test_L1')) return;
    it('analyses sampled lines as the single-threaded solver does', { timeout: 300_000 }, () => {
      everySearchShared();
      const sampled = cases.filter((_, i) => i % 100 === 0);
      expect(sampled.length).toBeGreaterThan(5);
      for (const c of sampled) {
        const input = { variant: CLASSIC, moves: c.moves };
        for (const weak of [false, true]) {
          const threaded = unwrap(shared.analyze(input, { weak }));
          const alone = unwrap(single.analyze(input, { weak }));
          expect({ line: c.line, columns: threaded.columns, score: threaded.score }).toEqual({
            line: c.line,
            columns: alone.columns,
            score: alone.score,
          });
          expect(threaded.score).toBe(weak ? Math.sign(c.score) : c.score);
        }
      }
    });
  });
}

const l1 = loadPonsSet('Test_L1_R2');
describeIf(
  'a shared search stopped by its budget',
  'missing' in l1 ? l1.missing : undefined,
  () => {
    it('returns true bounds, and the next search is exact', { timeout: 120_000 }, () => {
      if ('missing' in l1) return;
      shared.setParallel(1000);
      const c = l1.cases[0]!;
      const input = { variant: CLASSIC, moves: c.moves };
      shared.reset();
      const stopped = unwrap(shared.solve(input, { maxNodes: 20_000 }));
      expect(stopped.stopped).toBe('nodes');
      expect(stopped.lower).toBeLessThanOrEqual(c.score);
      expect(stopped.upper).toBeGreaterThanOrEqual(c.score);
      expect(unwrap(shared.solve(input)).score).toBe(c.score);
    });
  },
);

const smallCases: [string, Variant, number][] = [
  ['4x4c4', unwrap(createVariant({ width: 4, height: 4, connect: 4 })), 2],
  ['5x4c4', unwrap(createVariant({ width: 5, height: 4, connect: 4 })), 6],
  ['4x4c3', unwrap(createVariant({ width: 4, height: 4, connect: 3 })), 2],
];

describe.each(smallCases)('%s on two threads against a plain minimax', (_n, variant, discs) => {
  it('gives every column the reference score', { timeout: 120_000 }, () => {
    shared.setParallel(1, 4, 64);
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(20), { minLength: discs, maxLength: discs + 4 }), (picks) => {
        const moves: number[] = [];
        for (const pick of picks) {
          const board = boardFromMoves(variant, moves)!;
          const legal = [...Array(variant.width).keys()].filter(
            (c) => board.heights[c]! < variant.height && !wins(board, c),
          );
          if (legal.length === 0) break;
          moves.push(legal[pick % legal.length]!);
        }
        if (moves.length < discs) return;
        const board = boardFromMoves(variant, moves)!;
        checked++;
        shared.reset();
        const analysis = unwrap(shared.analyze({ variant, moves }));
        expect(analysis.score).toBe(minimax(board));
        analysis.columns.forEach((column, c) => {
          if (board.heights[c]! >= variant.height) expect(column).toBeNull();
          else if (wins(board, c))
            expect(column?.score).toBe(
              Math.floor((variant.width * variant.height + 1 - moves.length) / 2),
            );
          else expect(column?.score).toBe(0 - minimax(boardFromMoves(variant, [...moves, c])!));
        });
      }),
      { numRuns: 20 },
    );
    expect(checked).toBeGreaterThan(5);
  });
});

// The entries' format is the same in every build; the test build reaches it through its probes.
describe('the table’s entries (threads write them without locks)', () => {
  const engine = instantiateTestEngine();
  engine.setTableBits(12);
  const u64 = fc.tuple(fc.nat({ max: 0xffffffff }), fc.nat({ max: 0x1ffff }));

  it('reads back what was stored, and nothing for other keys', () => {
    fc.assert(
      fc.property(u64, u64, ([low, high], [otherLow, otherHigh]) => {
        engine.newGeneration();
        engine.storeEntry(low, high, -3, 5, 10);
        const data = engine.probeKey(low, high);
        expect(data & 127).toBe(-3 + 64);
        expect((data >>> 7) & 127).toBe(5 + 64);
        if (otherLow !== low || otherHigh !== high) {
          expect(engine.probeKey(otherLow, otherHigh)).toBe(0);
        }
      }),
    );
  });

  it('keeps the entry nearest the root in each bucket of two', () => {
    // Keys of one bucket: the table's hash is the top bits of key * 0x9e3779b97f4a7c15.
    const bucket = (key: bigint): bigint =>
      (((key * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn) >> (64n - 12n)) & ~1n;
    const keys: bigint[] = [];
    for (let k = 1n; keys.length < 4; k++) {
      if (bucket(k) === bucket(1n)) keys.push(k);
    }
    const [a, b, c, d] = keys.map((k) => [Number(k & 0xffffffffn), Number(k >> 32n)] as const);
    const hit = (k: readonly [number, number]): boolean => engine.probeKey(k[0], k[1]) !== 0;
    engine.newGeneration();
    engine.storeEntry(a![0], a![1], 0, 0, 5);
    engine.storeEntry(b![0], b![1], 0, 0, 20);
    engine.storeEntry(c![0], c![1], 0, 0, 30); // replaces b, the deeper of the two
    expect([hit(a!), hit(b!), hit(c!)]).toEqual([true, false, true]);
    engine.storeEntry(d![0], d![1], 0, 0, 3); // nearer the root than a: takes its slot
    expect([hit(a!), hit(c!), hit(d!)]).toEqual([false, true, true]);
  });

  it('reads an entry torn between two writes as a miss', () => {
    fc.assert(
      fc.property(u64, u64, fc.boolean(), ([low, high], [low2, high2], sameKey) => {
        // Two writes racing for one slot, of another key or of this one with other bounds:
        // the slot ends up with one word of each.
        const other: [number, number] = sameKey ? [low, high] : [low2, high2];
        const slot = engine.slotOf(low, high);
        const otherSlot = engine.slotOf(other[0], other[1]);
        engine.newGeneration();
        clear(otherSlot);
        engine.storeEntry(other[0], other[1], 2, 2, 10);
        const first = words(otherSlot);
        clear(slot);
        engine.storeEntry(low, high, -7, 1, 12);
        const second = words(slot);
        for (const [w0, w1] of [
          [first[0]!, second[1]!],
          [second[0]!, first[1]!],
        ] as const) {
          engine.pokeEntry(slot, 0, w0[0], w0[1]);
          engine.pokeEntry(slot, 1, w1[0], w1[1]);
          expect(engine.probeEntry(slot, low, high)).toBe(0);
          expect(engine.probeEntry(slot, other[0], other[1])).toBe(0);
        }
      }),
    );
  });

  it('reads garbage words as a miss', () => {
    fc.assert(
      fc.property(
        u64,
        fc.array(fc.nat({ max: 0xffffffff }), { minLength: 4, maxLength: 4 }),
        ([low, high], g) => {
          const slot = engine.slotOf(low, high);
          engine.pokeEntry(slot, 0, g[0]!, g[1]!);
          engine.pokeEntry(slot, 1, g[2]!, g[3]!);
          expect(engine.probeEntry(slot, low, high)).toBe(0);
        },
      ),
    );
  });

  /** The two 64-bit words of a slot, each as [low, high] 32-bit halves. */
  function words(slot: number): [number, number][] {
    const view = new Uint32Array(engine.memory.buffer);
    const at = (engine.tableBase() + slot * 16) / 4;
    return [
      [view[at]!, view[at + 1]!],
      [view[at + 2]!, view[at + 3]!],
    ];
  }
  /** Empties the bucket (two slots) that starts at `slot`. */
  function clear(slot: number): void {
    for (const s of [slot, slot + 1]) {
      engine.pokeEntry(s, 0, 0, 0);
      engine.pokeEntry(s, 1, 0, 0);
    }
  }
});

describe('shared table API', () => {
  it('is available here and refuses sizes and threads out of range', () => {
    expect(sharedTablesSupported()).toBe(true);
    expect(() => createSharedTable({ tableBits: 28, threads: 2 })).toThrow(RangeError);
    expect(() => createSharedTable({ tableBits: 12, threads: 0 })).toThrow(RangeError);
    const table = createSharedTable({ tableBits: 12, threads: 2 });
    expect(() => engineForThread(table, 2)).toThrow(RangeError);
    expect(() => {
      runHelper(table, 0);
    }).toThrow(RangeError);
  });
});

describe('c4 solve --threads', () => {
  it('prints what one thread prints, errors included', { timeout: 300_000 }, async () => {
    const input = [
      '2252576253462244111563365343671351441',
      '44x',
      '7422341735647741166133573473242566',
      '',
      '4444444',
      '23163416124767223154467471272416755633',
      '274552224131661',
    ].join('\n');
    for (const mode of [['--analyze'], [], ['--analyze', '--weak-first'], ['--weak-first']]) {
      const one = await runCli(['solve', '--table-bits', '16', '--threads', '1', ...mode], input);
      const two = await runCli(['solve', '--table-bits', '16', '--threads', '2', ...mode], input);
      expect(two).toEqual(one);
      expect(one.code).toBe(1);
      expect(one.out.split('\n').length).toBeGreaterThan(3);
    }
  });
});
