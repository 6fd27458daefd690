import { C4Error, ErrorCode } from '../errors.js';
import { linesThrough, type Grid } from '../lines.js';
import { Position } from '../position.js';
import { err, ok, type Result } from '../result.js';
import { playerToMove, type Cell } from '../types.js';
import type { Variant } from '../variant.js';

/**
 * A text picture of the board, rows top to bottom, one character per cell separated by spaces:
 * `.` empty, `X` the first player (Red), `O` the second (Yellow). Parsing ignores spaces and
 * case, and accepts only positions that can arise in play.
 */
const SYMBOLS: Record<Cell, string> = { 0: '.', 1: 'X', 2: 'O' };

/** What a diagram needs of a position: the classic `Position` and the family's both fit. */
export type BoardView = Pick<Position, 'variant' | 'cell'>;

export function positionToDiagram(position: BoardView): string {
  const { width, height } = position.variant;
  const rows: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    const cells: string[] = [];
    for (let column = 0; column < width; column++) cells.push(SYMBOLS[position.cell(column, row)]);
    rows.push(cells.join(' '));
  }
  return rows.join('\n');
}

const impossible = (why: string) =>
  err(new C4Error(ErrorCode.DiagramImpossible, `impossible position: ${why}`));
const syntax = (why: string) => err(new C4Error(ErrorCode.DiagramSyntax, why));

/** Limits the move-order search; real positions need a tiny fraction of it. */
const MAX_STATES = 1_000_000;

export function parseDiagram(text: string, variant: Variant): Result<Position, C4Error> {
  const { width, height } = variant;
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0);
  if (rows.length !== height) return syntax(`expected ${height} rows, got ${rows.length}`);
  const cells = new Uint8Array(width * height);
  for (const [index, line] of rows.entries()) {
    const row = height - 1 - index;
    if (line.length !== width) {
      return syntax(
        `row ${row + 1} (line ${index + 1}) has ${line.length} cells, expected ${width}`,
      );
    }
    for (let column = 0; column < width; column++) {
      const symbol = line[column]!.toUpperCase();
      const cell = symbol === '.' ? 0 : symbol === 'X' ? 1 : symbol === 'O' ? 2 : -1;
      if (cell < 0) {
        return syntax(
          `row ${row + 1}, column ${column + 1}: ${JSON.stringify(line[column])} is not . X or O`,
        );
      }
      cells[column * height + row] = cell;
    }
  }
  const heights: number[] = [];
  const discs = [0, 0, 0];
  for (let column = 0; column < width; column++) {
    let top = 0;
    for (let row = 0; row < height; row++) {
      const cell = cells[column * height + row]!;
      if (cell === 0) continue;
      if (row > top)
        return impossible(`column ${column + 1} has a disc floating above an empty cell`);
      top = row + 1;
      discs[cell]!++;
    }
    heights.push(top);
  }
  const [, red = 0, yellow = 0] = discs;
  if (red !== yellow && red !== yellow + 1) {
    return impossible(
      `X has ${red} discs and O ${yellow}; X moves first, so X has as many as O or one more`,
    );
  }
  const order = findMoveOrder(variant, cells, heights, red + yellow);
  if (!order.ok) return order;
  return Position.fromMoves(variant, order.value);
}

/**
 * Finds an order of moves that builds the diagram: peel discs off the tops, last mover first.
 * Only the very last disc may complete lines (the game ends there), and every sub-position of a
 * line-free position is line-free, so only the first peel needs a line check.
 */
function findMoveOrder(
  variant: Variant,
  cells: Uint8Array,
  finalHeights: readonly number[],
  total: number,
): Result<number[], C4Error> {
  const { width, height, connect } = variant;
  const tops = finalHeights.slice();
  const grid: Grid = {
    width,
    height,
    cell: (column, row) =>
      column >= 0 && column < width && row >= 0 && row < (tops[column] ?? 0)
        ? (cells[column * height + row] as Cell)
        : 0,
  };
  const lineCells = allLines(grid, connect);
  const lastMover = playerToMove(total - 1);
  let candidates = [...Array(width).keys()].filter(
    (column) => (tops[column] ?? 0) > 0 && cells[column * height + tops[column]! - 1] === lastMover,
  );
  if (lineCells.length > 0) {
    const owners = new Set(lineCells.map((line) => line.owner));
    if (owners.size > 1) return impossible(`both players have a line of ${connect}`);
    const [winner] = owners;
    if (winner !== lastMover) {
      return impossible(
        `${winner === 1 ? 'X' : 'O'} has a line but ${lastMover === 1 ? 'X' : 'O'} moved last`,
      );
    }
    // The last disc must leave no line behind: lines are reported as maximal runs, so a disc
    // at the end of a run longer than `connect` is on it yet not the one that completed it.
    candidates = candidates.filter((column) => {
      tops[column]! -= 1;
      const lineFree = allLines(grid, connect).length === 0;
      tops[column]! += 1;
      return lineFree;
    });
    if (candidates.length === 0) {
      return impossible('the lines on the board cannot all have been completed by one last disc');
    }
  }
  const failed = new Set<string>();
  const order: number[] = [];
  let states = 0;
  const peel = (remaining: number, choices: readonly number[]): boolean | 'limit' => {
    if (remaining === 0) return true;
    const key = tops.join(',');
    if (failed.has(key)) return false;
    if (++states > MAX_STATES) return 'limit';
    const mover = playerToMove(remaining - 1);
    for (const column of choices) {
      const top = tops[column]!;
      if (top === 0 || cells[column * height + top - 1] !== mover) continue;
      tops[column] = top - 1;
      order.push(column);
      const found = peel(remaining - 1, allColumns);
      if (found !== false) return found;
      order.pop();
      tops[column] = top;
    }
    failed.add(key);
    return false;
  };
  const allColumns = [...Array(width).keys()];
  const found = peel(total, candidates);
  if (found === 'limit') return impossible('too complex to find an order of moves that reaches it');
  if (!found)
    return impossible(
      `no order of alternating moves reaches it without an earlier line of ${connect}`,
    );
  return ok(order.reverse());
}

function allLines(
  grid: Grid,
  connect: number,
): { owner: Cell; squares: { column: number; row: number }[] }[] {
  const found: { owner: Cell; squares: { column: number; row: number }[] }[] = [];
  const seen = new Set<string>();
  for (let column = 0; column < grid.width; column++) {
    for (let row = 0; row < grid.height; row++) {
      for (const line of linesThrough(grid, connect, column, row)) {
        const id = line.map((s) => `${s.column},${s.row}`).join(';');
        if (seen.has(id)) continue;
        seen.add(id);
        found.push({ owner: grid.cell(column, row), squares: line });
      }
    }
  }
  return found;
}
