// The Five-in-a-Row draw proof's split (scripts/bench/five-proof.ts): both halves, "cannot win"
// and "at least 0", proven or refuted as a plain minimax scores late positions, with the split
// two plies deep over the solver's null-window leaves. The proof itself is a benchmark.
import { describe, expect, it } from 'vitest';
import { instantiateEngine } from '../../src/solver/wasm.js';
import { engineBoard, proveSplit, type Piece } from '../../scripts/bench/five-proof.js';
import { boardFromMoves, minimax } from './minimax.js';
import { FIVE_VARIANT, latePosition } from './five-positions.js';

const variant = FIVE_VARIANT;

describe('Five-in-a-Row draw proof, split', () => {
  const engine = instantiateEngine(() => false);
  engine.configure(9, 6, 5);
  engine.setTableBits(16);

  it('proves each half exactly when minimax says it holds', () => {
    const seen = new Set<number>();
    let checked = 0;
    for (let seed = 1; checked < 10 && seed < 200; seed++) {
      const moves = latePosition(seed, 13);
      if (!moves) continue;
      const score = minimax(boardFromMoves(variant, moves)!);
      const start = moves.map((c) => String(c + 1)).join('');
      const board = engineBoard(engine, start, variant.width, variant.height);
      const memo: Record<string, Piece> = {};
      const cannotWin = proveSplit('', 'cannotWin', 2, board, memo);
      const atLeast0 = proveSplit('', 'atLeast0', 2, board, memo);
      expect([cannotWin.proven, atLeast0.proven], start).toEqual([score <= 0, score >= 0]);
      seen.add(Math.sign(score));
      checked++;
    }
    expect(checked).toBe(10);
    // Draws (both halves proven) and decided games (one refuted) alike.
    expect(seen.has(0)).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
  });
});
