// Five-in-a-Row through the classic solver (9x6c5 from the set-up, docs/family.md): late
// positions, where the bounds from lines no longer open to a side decide most nodes, against a
// plain minimax. The proof from the set-up itself is a benchmark (BENCHMARKS.md), not a test.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { boardFromMoves, minimax } from './minimax.js';
import { FIVE_VARIANT, latePosition } from './five-positions.js';

const variant = FIVE_VARIANT;

describe('Five-in-a-Row, late positions', () => {
  const solver = new Solver({ tableBits: 18 });

  it('strong and weak scores agree with a plain minimax', () => {
    const seen = new Set<number>();
    let checked = 0;
    for (let seed = 1; checked < 12 && seed < 200; seed++) {
      const moves = latePosition(seed);
      if (!moves) continue;
      const want = minimax(boardFromMoves(variant, moves)!);
      const strong = unwrap(solver.solve({ variant, moves }, { noBook: true }));
      expect(strong.score, moves.join('')).toBe(want);
      const weak = unwrap(solver.solve({ variant, moves }, { weak: true, noBook: true }));
      expect(weak.score, moves.join('')).toBe(Math.sign(want) + 0);
      seen.add(Math.sign(want));
      checked++;
    }
    expect(checked).toBe(12);
    // The sample must hold draws (what the line bounds prove) and at least one decided game.
    expect(seen.has(0)).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('a position where no line is left to either side is a draw settled without a node', () => {
    let found = 0;
    for (let seed = 1; found < 3 && seed < 400; seed++) {
      const moves = latePosition(seed, 5);
      if (!moves || openLines(moves) > 0) continue;
      found++;
      const weak = unwrap(solver.solve({ variant, moves }, { weak: true, noBook: true }));
      expect(weak.score).toBe(0);
      expect(weak.nodes).toBe(0);
      expect(minimax(boardFromMoves(variant, moves)!)).toBe(0);
    }
    expect(found).toBe(3);
  });
});

/** Lines of 5 (either side's) that hold no disc of the other side: cell by cell. */
function openLines(moves: readonly number[]): number {
  const board = boardFromMoves(variant, moves)!;
  const { width, height } = variant;
  const at = (c: number, r: number): number => board.cells[c * height + r]!;
  let open = 0;
  for (const [dc, dr] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as const) {
    for (let c = 0; c < width; c++) {
      for (let r = 0; r < height; r++) {
        const endC = c + 4 * dc;
        const endR = r + 4 * dr;
        if (endC < 0 || endC >= width || endR < 0 || endR >= height) continue;
        const colours = new Set<number>();
        for (let k = 0; k < 5; k++) colours.add(at(c + k * dc, r + k * dr));
        if (!(colours.has(1) && colours.has(2))) open++;
      }
    }
  }
  return open;
}
