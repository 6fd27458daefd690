import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centreFirstColumns,
  movesToEnd,
  playerToMove,
  scoreRangeAfterQuietMove,
  winScore,
} from '../../src/core/index.js';

const CELLS = 42;

describe('score conventions', () => {
  it('known answers on the classic board', () => {
    // Pons: the empty board scores +1 (the first player wins with its 21st disc, the 41st).
    expect(winScore(CELLS, 0)).toBe(21);
    expect(winScore(CELLS, 6)).toBe(18);
    expect(winScore(CELLS, 7)).toBe(18);
    expect(winScore(CELLS, 40)).toBe(1);
    expect(movesToEnd(CELLS, 0, 1)).toBe(21);
    expect(movesToEnd(CELLS, 0, 21)).toBe(1);
    expect(movesToEnd(CELLS, 6, 18)).toBe(1);
    expect(movesToEnd(CELLS, 6, 17)).toBe(2);
    // Winning now at an odd ply also scores 18 (the web hints used to say "win in 0" here).
    expect(movesToEnd(CELLS, 7, 18)).toBe(1);
    expect(movesToEnd(CELLS, 6, -18)).toBe(1);
    expect(movesToEnd(CELLS, 6, -16)).toBe(3);
    // The opponent wins with the disc right after ours at ply 7: 8 discs before it.
    expect(movesToEnd(CELLS, 7, -17)).toBe(1);
    expect(scoreRangeAfterQuietMove(CELLS, 0)).toEqual({ best: 20, worst: -21 });
  });

  it('movesToEnd inverts winScore for every winning disc of either side', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 12 })
          .chain((w) =>
            fc
              .integer({ min: 3, max: 12 })
              .chain((h) =>
                fc
                  .integer({ min: 0, max: w * h - 1 })
                  .chain((ply) =>
                    fc.tuple(
                      fc.constant(w * h),
                      fc.constant(ply),
                      fc.integer({ min: ply, max: w * h - 1 }),
                    ),
                  ),
              ),
          ),
        ([cells, ply, disc]) => {
          const moverWins = (disc - ply) % 2 === 0;
          const score = moverWins ? winScore(cells, disc) : -winScore(cells, disc);
          const expected = moverWins ? (disc - ply) / 2 + 1 : (disc - ply + 1) / 2;
          expect(movesToEnd(cells, ply, score)).toBe(expected);
        },
      ),
    );
  });

  it('refuses a draw score', () => {
    expect(() => movesToEnd(CELLS, 0, 0)).toThrow(RangeError);
  });
});

describe('turn parity and column order', () => {
  it('player 1 moves on even plies', () => {
    expect([0, 1, 2, 41].map(playerToMove)).toEqual([1, 2, 1, 2]);
  });

  it('centre first, left before right on ties', () => {
    expect(centreFirstColumns(7)).toEqual([3, 2, 4, 1, 5, 0, 6]);
    expect(centreFirstColumns(4)).toEqual([1, 2, 0, 3]);
  });
});
