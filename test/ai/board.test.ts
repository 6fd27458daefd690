import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/ai/engine/board.js';
import { gameArb } from '../core/arbitraries.js';

/** The line score recomputed from scratch, from player 1's point of view. */
function lineScoreFromScratch(board: Board): number {
  const { lineCount, weights } = board.g;
  let score = 0;
  for (let line = 0; line < lineCount; line++) {
    const c1 = board.counts[line * 2]!;
    const c2 = board.counts[line * 2 + 1]!;
    if (c2 === 0 && c1 < board.g.connect) score += weights[c1]!;
    if (c1 === 0 && c2 < board.g.connect) score -= weights[c2]!;
  }
  return score;
}

describe('search board', () => {
  it('agrees with the rules engine on wins and keeps its incremental state exact', () => {
    fc.assert(
      fc.property(gameArb(), (position) => {
        const board = Board.from(position);
        const outcome = position.outcome;
        expect(board.winner).toBe(outcome.kind === 'win' ? outcome.winner : 0);
        // A completed line keeps its last open value; compare only while the game is open.
        if (outcome.kind !== 'win') expect(board.lineScore).toBe(lineScoreFromScratch(board));
        expect(Array.from(board.heights)).toEqual(position.heights);
        // Undoing everything returns to the empty board exactly (hash included).
        while (board.ply > 0) board.undo();
        expect(board.lineScore).toBe(0);
        expect([board.hashLo, board.hashHi]).toEqual([0, 0]);
        expect(board.counts.every((count) => count === 0)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('knows which drops complete a line', () => {
    fc.assert(
      fc.property(gameArb(), (position) => {
        if (position.isOver) return;
        const board = Board.from(position);
        for (const column of position.legalColumns()) {
          const copy = position.clone();
          copy.play(column);
          expect(board.winsAt(board.turn, column)).toBe(copy.outcome.kind === 'win');
        }
      }),
      { numRuns: 150 },
    );
  });
});
