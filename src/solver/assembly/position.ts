// The position the host sets up and asks about: `cur` holds the discs of the side to move,
// `mask` all discs (see solver.ts for the encoding).

import { H1, MOVES_PTR, W, colMask, ensureScratch, scratch } from './variant';
import { possibleMoves, winningCells } from './bitboards';
export let posCur: u64 = 0;
export let posMask: u64 = 0;
export let posMoves: i32 = 0;

export function resetPosition(): void {
  posCur = 0;
  posMask = 0;
  posMoves = 0;
}

/** 0 = played, 1 = column out of range or full, 3 = played and this move wins. */
export function play(col: i32): i32 {
  if (col < 0 || col >= W) return 1;
  if ((posMask & colMask(col)) == colMask(col)) return 1;
  const move = (posMask + (u64(1) << u64(col * H1))) & colMask(col);
  const wins = (winningCells(posCur, posMask) & move) != 0;
  posCur ^= posMask;
  posMask |= move;
  posMoves++;
  return wins ? 3 : 0;
}

/** Where the host writes the columns for `loadMoves` (MOVES_CAPACITY bytes). */
export function movesBuffer(): usize {
  ensureScratch();
  return scratch + MOVES_PTR;
}

/**
 * Resets the position and plays the first `count` columns of the moves buffer. Returns -1 when
 * all were played and the game is not over; otherwise index << 2 | the `play` code of the first
 * move that was refused or that won (the position then holds the moves before it, or including
 * the winning one).
 */
export function loadMoves(count: i32): i32 {
  resetPosition();
  const buffer = scratch + MOVES_PTR;
  for (let i = 0; i < count; i++) {
    const code = play(<i32>load<u8>(buffer + usize(i)));
    if (code != 0) return (i << 2) | code;
  }
  return -1;
}

export function canPlay(col: i32): i32 {
  return col >= 0 && col < W && (posMask & colMask(col)) != colMask(col) ? 1 : 0;
}

export function isWinningMove(col: i32): i32 {
  if (canPlay(col) == 0) return 0;
  const move = possibleMoves(posMask) & colMask(col);
  return (winningCells(posCur, posMask) & move) != 0 ? 1 : 0;
}

export function moveCount(): i32 {
  return posMoves;
}
