import type { Cell, Square } from './types.js';

/** The four line directions; each is also walked backwards, so together they cover all eight. */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/** Columns from the centre outwards (ties: left first): central columns win more often. */
export function centreFirstColumns(width: number): number[] {
  const twiceMid = width - 1;
  return Array.from({ length: width }, (_, c) => c).sort(
    (a, b) => Math.abs(2 * a - twiceMid) - Math.abs(2 * b - twiceMid) || a - b,
  );
}

export interface Grid {
  readonly width: number;
  readonly height: number;
  cell(column: number, row: number): Cell;
}

/**
 * The lines of at least `connect` discs through (column,row), each whole. Only the lines through
 * the last disc can be new, so this is all a move needs to check.
 */
export function linesThrough(grid: Grid, connect: number, column: number, row: number): Square[][] {
  const owner = grid.cell(column, row);
  if (owner === 0) return [];
  const lines: Square[][] = [];
  for (const [dc, dr] of DIRECTIONS) {
    let start = 0;
    while (sameOwner(grid, owner, column - (start + 1) * dc, row - (start + 1) * dr)) start++;
    let end = 0;
    while (sameOwner(grid, owner, column + (end + 1) * dc, row + (end + 1) * dr)) end++;
    if (start + end + 1 >= connect) {
      const line: Square[] = [];
      for (let i = -start; i <= end; i++) line.push({ column: column + i * dc, row: row + i * dr });
      lines.push(line);
    }
  }
  return lines;
}

/**
 * Whether the disc at (column,row) is in a line of at least `connect` of its colour, in `cells`
 * laid out column by column (column * height + row; 0 is empty). It allocates nothing: the
 * family's rules and its solver ask it after every move, and build the lines (`linesThrough`)
 * only when there is one.
 */
export function completesLineAt(
  cells: ArrayLike<number>,
  board: { readonly width: number; readonly height: number; readonly connect: number },
  column: number,
  row: number,
): boolean {
  const { width, height, connect } = board;
  const owner = cells[column * height + row];
  if (owner === 0) return false;
  for (const [dc, dr] of DIRECTIONS) {
    let run = 1;
    for (let c = column + dc, r = row + dr; c >= 0 && c < width && r >= 0 && r < height;) {
      if (cells[c * height + r] !== owner) break;
      run++;
      c += dc;
      r += dr;
    }
    for (let c = column - dc, r = row - dr; c >= 0 && c < width && r >= 0 && r < height;) {
      if (cells[c * height + r] !== owner) break;
      run++;
      c -= dc;
      r -= dr;
    }
    if (run >= connect) return true;
  }
  return false;
}

function sameOwner(grid: Grid, owner: Cell, column: number, row: number): boolean {
  return (
    column >= 0 &&
    column < grid.width &&
    row >= 0 &&
    row < grid.height &&
    grid.cell(column, row) === owner
  );
}

export function unionOfLines(lines: readonly (readonly Square[])[]): Square[] {
  const seen = new Map<string, Square>();
  for (const line of lines) for (const sq of line) seen.set(`${sq.column},${sq.row}`, sq);
  return [...seen.values()].sort((a, b) => a.column - b.column || a.row - b.row);
}
