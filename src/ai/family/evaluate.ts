import type { GamePosition, Player, Variant } from '../../core/index.js';

/** A win's score from the winner's side; sooner wins score higher (WIN minus the ply it came at). */
export const WIN = 1_000_000;
/** Scores at least this large (in absolute value) are proven results, not estimates. */
export const WIN_THRESHOLD = WIN - 10_000;

interface Lines {
  /** Every line of `connect` cells on the board, as cell indices (column * height + row). */
  readonly windows: readonly Int32Array[];
  /** What a line holding k discs of one player and none of the other is worth, by k. */
  readonly weights: readonly number[];
  /** A cell index's column and row, so the evaluation does no division. */
  readonly columnOf: Int32Array;
  readonly rowOf: Int32Array;
}

const cache = new Map<string, Lines>();

/**
 * The lines of a board, computed once per board shape. Any line can still be completed in the
 * family, whatever sits in it now: a pop can clear a cell of PopOut, and Five-in-a-Row's preset
 * discs count toward lines like any other disc.
 */
export function linesOf(variant: Variant): Lines {
  const { width, height, connect } = variant;
  const id = `${width}x${height}c${connect}`;
  const known = cache.get(id);
  if (known) return known;
  const windows: Int32Array[] = [];
  const directions = [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as const;
  for (let column = 0; column < width; column++) {
    for (let row = 0; row < height; row++) {
      for (const [dc, dr] of directions) {
        const endColumn = column + dc * (connect - 1);
        const endRow = row + dr * (connect - 1);
        if (endColumn < 0 || endColumn >= width || endRow < 0 || endRow >= height) continue;
        const cells = new Int32Array(connect);
        for (let k = 0; k < connect; k++) cells[k] = (column + dc * k) * height + row + dr * k;
        windows.push(cells);
      }
    }
  }
  // Each extra disc in an open line counts four times more; a line one disc short is a threat
  // and counts double again.
  const weights = [0];
  for (let k = 1; k < connect; k++) weights.push(4 ** (k - 1) * (k === connect - 1 ? 2 : 1));
  const columnOf = new Int32Array(width * height);
  const rowOf = new Int32Array(width * height);
  for (let index = 0; index < width * height; index++) {
    columnOf[index] = Math.floor(index / height);
    rowOf[index] = index % height;
  }
  const lines: Lines = { windows, weights, columnOf, rowOf };
  cache.set(id, lines);
  return lines;
}

/**
 * The position's value for `player` in line points: open lines of theirs minus the opponent's.
 * Cheap and symmetric (the value for one player is minus the value for the other).
 */
export function evaluateFor(position: GamePosition, player: Player): number {
  const { windows, weights, columnOf, rowOf } = linesOf(position.variant);
  let score = 0;
  for (const cells of windows) {
    let mine = 0;
    let theirs = 0;
    for (const index of cells) {
      const cell = position.cell(columnOf[index]!, rowOf[index]!);
      if (cell === player) mine++;
      else if (cell !== 0) theirs++;
    }
    if (theirs === 0) score += weights[mine]!;
    else if (mine === 0) score -= weights[theirs]!;
  }
  return score;
}
