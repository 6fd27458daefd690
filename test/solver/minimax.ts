// A plain memoised minimax on a cell array: the independent reference the bitboard solver is
// checked against on small boards. Slow and obviously right.
import type { Variant } from '../../src/core/index.js';

export interface Board {
  readonly variant: Variant;
  readonly cells: Int8Array; // column * height + row; 0 empty, 1 / 2 players
  readonly heights: Int8Array;
  moves: number;
}

export function boardFromMoves(variant: Variant, moves: readonly number[]): Board | undefined {
  const board: Board = {
    variant,
    cells: new Int8Array(variant.width * variant.height),
    heights: new Int8Array(variant.width),
    moves: 0,
  };
  for (const column of moves) {
    if (board.heights[column]! >= variant.height || wins(board, column)) return undefined;
    drop(board, column);
  }
  return board;
}

function drop(board: Board, column: number): void {
  const row = board.heights[column]!;
  board.cells[column * board.variant.height + row] = (board.moves % 2) + 1;
  board.heights[column] = row + 1;
  board.moves++;
}

function undrop(board: Board, column: number): void {
  const row = board.heights[column]! - 1;
  board.cells[column * board.variant.height + row] = 0;
  board.heights[column] = row;
  board.moves--;
}

/** Would the side to move complete a line by dropping in `column`? */
export function wins(board: Board, column: number): boolean {
  const { width, height, connect } = board.variant;
  const row = board.heights[column]!;
  if (row >= height) return false;
  const me = (board.moves % 2) + 1;
  const at = (c: number, r: number): number =>
    c >= 0 && c < width && r >= 0 && r < height ? board.cells[c * height + r]! : -1;
  for (const [dc, dr] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as const) {
    let run = 1;
    for (let k = 1; at(column + k * dc, row + k * dr) === me; k++) run++;
    for (let k = 1; at(column - k * dc, row - k * dr) === me; k++) run++;
    if (run >= connect) return true;
  }
  return false;
}

/** Exact score for the side to move (same convention as the solver). */
export function minimax(board: Board, memo = new Map<string, number>()): number {
  const { width, height } = board.variant;
  const size = width * height;
  if (board.moves === size) return 0;
  const key = board.cells.join('');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = -Infinity;
  for (let column = 0; column < width; column++) {
    if (board.heights[column]! >= height) continue;
    if (wins(board, column)) {
      best = Math.max(best, Math.floor((size + 1 - board.moves) / 2));
      continue;
    }
    drop(board, column);
    best = Math.max(best, 0 - minimax(board, memo));
    undrop(board, column);
  }
  memo.set(key, best);
  return best;
}

/**
 * A legal, unfinished position reached by playing `picks` (indices into the legal columns,
 * skipping columns that would win so that games rarely end early), or undefined when the board
 * runs out of such columns first. The random positions of the fast-check suites.
 */
export function positionFrom(variant: Variant, picks: readonly number[]): number[] | undefined {
  const moves: number[] = [];
  for (const pick of picks) {
    const board = boardFromMoves(variant, moves)!;
    const legal = [...Array(variant.width).keys()].filter(
      (c) => board.heights[c]! < variant.height && !wins(board, c),
    );
    if (legal.length === 0) return undefined;
    moves.push(legal[pick % legal.length]!);
  }
  return moves;
}
