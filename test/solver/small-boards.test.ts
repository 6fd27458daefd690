import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap, createVariant, type Variant } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { boardFromMoves, minimax, positionFrom, wins } from './minimax.js';

const solver = new Solver({ tableBits: 16 });

// Each case: a variant and how many discs the random positions start with (the reference is a
// plain minimax, so the positions must leave few enough empty cells).
const cases: [string, Variant, number][] = [
  ['4x4c3', unwrap(createVariant({ width: 4, height: 4, connect: 3 })), 2],
  ['5x4c4', unwrap(createVariant({ width: 5, height: 4, connect: 4 })), 8],
  ['4x5c4', unwrap(createVariant({ width: 4, height: 5, connect: 4 })), 8],
  ['5x5c4', unwrap(createVariant({ width: 5, height: 5, connect: 4 })), 14],
  ['6x4c5', unwrap(createVariant({ width: 6, height: 4, connect: 5 })), 12],
  ['8x7c4', unwrap(createVariant({ width: 8, height: 7, connect: 4 })), 44],
  ['4x11c4', unwrap(createVariant({ width: 4, height: 11, connect: 4 })), 32],
  ['3x5c3', unwrap(createVariant({ width: 3, height: 5, connect: 3 })), 3],
];

describe.each(cases)('%s against a plain minimax', (_name, variant, discs) => {
  it('solve, weak solve and analyze agree with the reference on random positions', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(20), { minLength: discs, maxLength: discs + 4 }), (picks) => {
        const moves = positionFrom(variant, picks);
        // a game that ended early would leave too many empty cells for the reference
        if (!moves || moves.length < discs) return;
        const board = boardFromMoves(variant, moves)!;
        const want = minimax(board);
        checked++;
        const strong = unwrap(solver.solve({ variant, moves }));
        expect(strong.score).toBe(want);
        const weak = unwrap(solver.solve({ variant, moves }, { weak: true }));
        expect(weak.score).toBe(Math.sign(want) + 0);
        const analysis = unwrap(solver.analyze({ variant, moves }));
        expect(analysis.score).toBe(want);
        analysis.columns.forEach((column, c) => {
          if (board.heights[c]! >= variant.height) {
            expect(column).toBeNull();
            return;
          }
          if (wins(board, c)) {
            expect(column?.score).toBe(
              Math.floor((variant.width * variant.height + 1 - moves.length) / 2),
            );
            return;
          }
          const child = boardFromMoves(variant, [...moves, c])!;
          expect(column?.score).toBe(0 - minimax(child));
        });
      }),
      { numRuns: 30 },
    );
    expect(checked).toBeGreaterThan(5);
  });
});

describe('whole small games', () => {
  it('solves the empty 4x4c3 and 3x5c3 boards like the reference', () => {
    for (const [w, h, n] of [
      [4, 4, 3],
      [3, 5, 3],
    ] as const) {
      const variant = unwrap(createVariant({ width: w, height: h, connect: n }));
      const want = minimax(boardFromMoves(variant, [])!);
      expect(unwrap(solver.solve({ variant, moves: [] })).score).toBe(want);
    }
  });

  // Up to two discs the root's probes differ (the one beside 0 once the sign is known).
  it('solves every position of up to two discs on 4x4c3 like the reference', () => {
    const variant = unwrap(createVariant({ width: 4, height: 4, connect: 3 }));
    const lines: number[][] = [[]];
    for (let a = 0; a < 4; a++) {
      lines.push([a]);
      for (let b = 0; b < 4; b++) lines.push([a, b]);
    }
    for (const moves of lines) {
      const want = minimax(boardFromMoves(variant, moves)!);
      expect(unwrap(solver.solve({ variant, moves })).score).toBe(want);
    }
  });
});
