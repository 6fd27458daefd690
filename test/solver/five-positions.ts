// Late Five-in-a-Row positions for the tests that check the solver against a plain minimax.
import { createVariant, unwrap } from '../../src/core/index.js';
import { boardFromMoves, wins } from './minimax.js';

export const FIVE_VARIANT = unwrap(createVariant({ width: 9, height: 6, connect: 5 }));

/** Column 1 six times, then column 9 six times: Red at the bottom of both, alternating upwards. */
export const FIVE_SETUP: readonly number[] = [0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8];

/** A seeded line of inner-column moves from the set-up that avoids winning moves. */
export function latePosition(seed: number, emptyLeft = 11): number[] | undefined {
  const variant = FIVE_VARIANT;
  let state = seed;
  const moves = [...FIVE_SETUP];
  while (moves.length < variant.width * variant.height - emptyLeft) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const board = boardFromMoves(variant, moves)!;
    const legal = [1, 2, 3, 4, 5, 6, 7].filter(
      (c) => board.heights[c]! < variant.height && !wins(board, c),
    );
    if (legal.length === 0) return undefined;
    moves.push(legal[state % legal.length]!);
  }
  return moves;
}
