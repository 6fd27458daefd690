import { C4Error, ErrorCode } from './errors.js';
import { DIRECTIONS, linesThrough, unionOfLines, type Grid } from './lines.js';
import { err, ok, type Result } from './result.js';
import { DRAW, ONGOING, playerToMove, type Cell, type Outcome, type Player } from './types.js';
import type { Variant } from './variant.js';

/**
 * A game in progress on any variant. Mutable for speed (search plays and undoes millions of
 * moves); `clone()` gives an independent copy. Every change goes through `play`/`undo`, which
 * keep the invariants (gravity, alternation, no move after the end) so holders never re-check.
 */
export class Position {
  readonly variant: Variant;
  private readonly cells: Uint8Array;
  private readonly columnHeights: Uint8Array;
  private readonly history: number[];
  private currentOutcome: Outcome;

  private constructor(
    variant: Variant,
    cells: Uint8Array,
    heights: Uint8Array,
    history: number[],
    outcome: Outcome,
  ) {
    this.variant = variant;
    this.cells = cells;
    this.columnHeights = heights;
    this.history = history;
    this.currentOutcome = outcome;
  }

  static empty(variant: Variant): Position {
    return new Position(
      variant,
      new Uint8Array(variant.width * variant.height),
      new Uint8Array(variant.width),
      [],
      ONGOING,
    );
  }

  /** Replays 0-based columns; the error names the first move that could not be played. */
  static fromMoves(variant: Variant, columns: readonly number[]): Result<Position, C4Error> {
    const position = Position.empty(variant);
    for (const [index, column] of columns.entries()) {
      const played = position.play(column);
      if (!played.ok) {
        return err(new C4Error(played.error.code, `move ${index + 1}: ${played.error.message}`));
      }
    }
    return ok(position);
  }

  get turn(): Player {
    return playerToMove(this.history.length);
  }

  get ply(): number {
    return this.history.length;
  }

  /** The moves so far as 0-based columns. */
  get moves(): readonly number[] {
    return this.history;
  }

  get heights(): readonly number[] {
    return Array.from(this.columnHeights);
  }

  get outcome(): Outcome {
    return this.currentOutcome;
  }

  get isOver(): boolean {
    return this.currentOutcome.kind !== 'ongoing';
  }

  /** Discs in `column` (0 when out of range). */
  columnHeight(column: number): number {
    return this.columnHeights[column] ?? 0;
  }

  cell(column: number, row: number): Cell {
    if (column < 0 || column >= this.variant.width || row < 0 || row >= this.variant.height)
      return 0;
    return this.cells[column * this.variant.height + row] as Cell;
  }

  canPlay(column: number): boolean {
    return this.check(column) === undefined;
  }

  legalColumns(): number[] {
    if (this.isOver) return [];
    const legal: number[] = [];
    for (let column = 0; column < this.variant.width; column++) {
      if (this.columnHeight(column) < this.variant.height) legal.push(column);
    }
    return legal;
  }

  /** Drops a disc for the side to move; on error nothing changes. */
  play(column: number): Result<Outcome, C4Error> {
    const problem = this.check(column);
    if (problem) return err(problem);
    const { width, height, connect } = this.variant;
    const row = this.columnHeight(column);
    this.cells[column * height + row] = this.turn;
    this.columnHeights[column] = row + 1;
    this.history.push(column);
    if (this.completesLine(column, row)) {
      const lines = linesThrough(this.grid, connect, column, row);
      this.currentOutcome = Object.freeze({
        kind: 'win',
        winner: this.cell(column, row) as Player,
        lines,
        cells: unionOfLines(lines),
      });
    } else if (this.history.length === width * height) {
      this.currentOutcome = DRAW;
    }
    return ok(this.currentOutcome);
  }

  /** Takes back the last move and returns its column. */
  undo(): Result<number, C4Error> {
    const column = this.history.pop();
    if (column === undefined)
      return err(new C4Error(ErrorCode.NothingToUndo, 'there is no move to undo'));
    const row = this.columnHeight(column) - 1;
    this.cells[column * this.variant.height + row] = 0;
    this.columnHeights[column] = row;
    // A move is only ever played on an ongoing game, so the game before it was ongoing.
    this.currentOutcome = ONGOING;
    return ok(column);
  }

  clone(): Position {
    return new Position(
      this.variant,
      this.cells.slice(),
      this.columnHeights.slice(),
      this.history.slice(),
      this.currentOutcome,
    );
  }

  /** The allocation-free test behind every move; `linesThrough` builds the lines only on a win. */
  private completesLine(column: number, row: number): boolean {
    const { width, height, connect } = this.variant;
    const cells = this.cells;
    const owner = cells[column * height + row];
    for (const [dc, dr] of DIRECTIONS) {
      let run = 1;
      for (
        let c = column + dc, r = row + dr;
        c >= 0 && c < width && r >= 0 && r < height;
        c += dc, r += dr
      ) {
        if (cells[c * height + r] !== owner) break;
        run++;
      }
      for (
        let c = column - dc, r = row - dr;
        c >= 0 && c < width && r >= 0 && r < height;
        c -= dc, r -= dr
      ) {
        if (cells[c * height + r] !== owner) break;
        run++;
      }
      if (run >= connect) return true;
    }
    return false;
  }

  private get grid(): Grid {
    return {
      width: this.variant.width,
      height: this.variant.height,
      cell: (c, r) => this.cell(c, r),
    };
  }

  private check(column: number): C4Error | undefined {
    const { width, height } = this.variant;
    if (!Number.isInteger(column) || column < 0 || column >= width) {
      return new C4Error(
        ErrorCode.ColumnOutOfRange,
        `column ${Number.isInteger(column) ? column + 1 : String(column)} does not exist (columns are 1 to ${width})`,
      );
    }
    if (this.currentOutcome.kind !== 'ongoing') {
      return new C4Error(
        ErrorCode.GameOver,
        `the game is over; column ${column + 1} cannot be played`,
      );
    }
    if (this.columnHeight(column) >= height) {
      return new C4Error(ErrorCode.ColumnFull, `column ${column + 1} is full`);
    }
    return undefined;
  }
}
