// The threaded search (`SolverPool` + `analyzeInParallel`) against the single-threaded solver,
// the shared test sets and a plain minimax.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CLASSIC, createVariant, unwrap, type Variant } from '../../src/core/index.js';
import { Solver, analyzeInParallel } from '../../src/solver/index.js';
import { SolverPool } from '../../src/cli/solver-pool.js';
import { PONS_SETS, loadPonsSet } from '../../scripts/pons-tests.js';
import { runCli } from '../cli/run-cli.js';
import { describeIf } from '../support/skips.js';
import { boardFromMoves, minimax, wins } from './minimax.js';

const pool = new SolverPool(2, { tableBits: 20, bookPath: null });
afterAll(() => pool.close());
const local = new Solver({ tableBits: 16 });
const single = new Solver({ tableBits: 20 });

// How many lines of each set: enough to cover each, few enough for a shared 2-core machine.
const SAMPLE: Record<string, number> = {
  Test_L3_R1: 40,
  Test_L2_R1: 40,
  Test_L2_R2: 6,
  Test_L1_R1: 20,
  Test_L1_R2: 2,
};

for (const { file } of PONS_SETS) {
  const loaded = loadPonsSet(file);
  describeIf(`${file} with threads`, 'missing' in loaded ? loaded.missing : undefined, () => {
    if ('missing' in loaded) return;
    const cases = loaded.cases.slice(0, SAMPLE[file] ?? 10);

    it('solves each sampled line exactly on the threads', { timeout: 300_000 }, async () => {
      const scores = await Promise.all(
        cases.map(async (c) => unwrap(await pool.solve({ variant: CLASSIC, moves: c.moves }, {}))),
      );
      expect(scores.map((s) => s.score)).toEqual(cases.map((c) => c.score));
    });

    // An analysis solves every child, bad moves included: from the opening sets (L1) that is
    // minutes per line here, so those sets are sampled by the solve test above only.
    if (file.startsWith('Test_L1')) return;
    it(
      'analyses each sampled line as the single-threaded solver does',
      { timeout: 300_000 },
      async () => {
        const sampled = cases.slice(0, Math.ceil(cases.length / 4));
        expect(sampled.length).toBeGreaterThan(0);
        for (const c of sampled) {
          const input = { variant: CLASSIC, moves: c.moves };
          for (const weak of [false, true]) {
            const threaded = unwrap(await analyzeInParallel(local, input, { weak }, pool.solve));
            const alone = unwrap(single.analyze(input, { weak }));
            expect({ line: c.line, columns: threaded.columns, score: threaded.score }).toEqual({
              line: c.line,
              columns: alone.columns,
              score: alone.score,
            });
            expect(threaded.score).toBe(weak ? Math.sign(c.score) : c.score);
          }
        }
      },
    );
  });
}

const smallCases: [string, Variant, number][] = [
  ['5x4c4', unwrap(createVariant({ width: 5, height: 4, connect: 4 })), 8],
  ['4x5c4', unwrap(createVariant({ width: 4, height: 5, connect: 4 })), 8],
  ['4x4c3', unwrap(createVariant({ width: 4, height: 4, connect: 3 })), 2],
];

describe.each(smallCases)('%s threaded analysis against a plain minimax', (_n, variant, discs) => {
  it('gives every column the reference score', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(20), { minLength: discs, maxLength: discs + 4 }),
        async (picks) => {
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
          const analysis = unwrap(
            await analyzeInParallel(local, { variant, moves }, {}, pool.solve),
          );
          expect(analysis.score).toBe(minimax(board));
          analysis.columns.forEach((column, c) => {
            if (board.heights[c]! >= variant.height) expect(column).toBeNull();
            else if (wins(board, c))
              expect(column?.score).toBe(
                Math.floor((variant.width * variant.height + 1 - moves.length) / 2),
              );
            else expect(column?.score).toBe(0 - minimax(boardFromMoves(variant, [...moves, c])!));
          });
        },
      ),
      { numRuns: 20 },
    );
    expect(checked).toBeGreaterThan(5);
  });
});

describe('c4 solve --threads', () => {
  it(
    'prints what one thread prints, in input order, errors included',
    { timeout: 120_000 },
    async () => {
      const input = [
        '2252576253462244111563365343671351441',
        '44x',
        '7422341735647741166133573473242566',
        '',
        '4444444',
        '23163416124767223154467471272416755633',
      ].join('\n');
      for (const mode of [['--analyze'], [], ['--analyze', '--weak-first'], ['--weak-first']]) {
        const one = await runCli(['solve', '--table-bits', '16', '--threads', '1', ...mode], input);
        const two = await runCli(['solve', '--table-bits', '16', '--threads', '2', ...mode], input);
        expect(two).toEqual(one);
        expect(one.code).toBe(1);
        expect(one.out.split('\n').length).toBeGreaterThan(3);
      }
    },
  );
});
