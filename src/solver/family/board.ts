import { completesLineAt } from '../../core/lines.js';
import type { Player } from '../../core/types.js';
import type { Ruleset } from '../../core/family/rules.js';

/**
 * A move as a number in the search: a drop is its column, a pop `width + column`. Numbers, not
 * `Move` objects, because the search makes and unmakes millions of them.
 */
export type MoveCode = number;

/**
 * The family's rules as a search needs them: make/unmake with no allocation, the winner a move
 * makes, and a position key that is exact (no hash collisions), so a small-board test against
 * brute force checks the search itself. Cells are column-major like `GamePosition`'s.
 */
export class SearchBoard {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly pops: boolean;
  private readonly cells: Uint8Array;
  private readonly heights: Uint8Array;
  private readonly codes: Int32Array;
  private readonly scales: Float64Array;
  private readonly numericKey: boolean;
  private keyValue = 0;
  turn: Player = 1;

  constructor(ruleset: Ruleset) {
    const { width, height, connect } = ruleset.variant;
    this.width = width;
    this.height = height;
    this.connect = connect;
    this.pops = ruleset.pops;
    this.cells = Uint8Array.from(ruleset.setup);
    this.heights = new Uint8Array(width);
    this.codes = new Int32Array(width);
    this.scales = new Float64Array(width);
    // Each column is height+1 bits (a sentinel above its discs, a 1 per Red disc), plus the turn.
    this.numericKey = width * (height + 1) + 1 <= 53;
    for (let column = 0; column < width; column++) {
      this.scales[column] = 2 * 2 ** ((height + 1) * column);
      let top = 0;
      while (top < height && this.cells[column * height + top] !== 0) top++;
      this.heights[column] = top;
      this.recode(column);
    }
  }

  /** The position (board and side to move) as an exact value. */
  key(): number | string {
    if (this.numericKey) return this.keyValue + this.turn - 1;
    return `${this.codes.join(',')}/${this.turn}`;
  }

  columnHeight(column: number): number {
    return this.heights[column]!;
  }

  canDrop(column: number): boolean {
    return this.heights[column]! < this.height;
  }

  canPop(column: number): boolean {
    return this.pops && this.cells[column * this.height] === this.turn;
  }

  canPlay(move: MoveCode): boolean {
    return move < this.width ? this.canDrop(move) : this.canPop(move - this.width);
  }

  /** Does the side to move have any legal move? (None: the game is drawn.) */
  hasMove(): boolean {
    for (let column = 0; column < this.width; column++) {
      if (this.canDrop(column) || this.canPop(column)) return true;
    }
    return false;
  }

  /**
   * Plays a legal move for the side to move and returns the player it makes the winner (0: none).
   * A pop can complete lines of both colours: the popper wins (docs/family.md).
   */
  play(move: MoveCode): 0 | Player {
    const mover = this.turn;
    this.turn = mover === 1 ? 2 : 1;
    const height = this.height;
    if (move < this.width) {
      const row = this.heights[move]!;
      this.cells[move * height + row] = mover;
      this.heights[move] = row + 1;
      this.recode(move);
      return this.completesLine(move, row) ? mover : 0;
    }
    const column = move - this.width;
    const base = column * height;
    const top = this.heights[column]! - 1;
    for (let row = 0; row < top; row++) this.cells[base + row] = this.cells[base + row + 1]!;
    this.cells[base + top] = 0;
    this.heights[column] = top;
    this.recode(column);
    let other = false;
    for (let row = 0; row < top; row++) {
      if (!this.completesLine(column, row)) continue;
      if (this.cells[base + row] === mover) return mover;
      other = true;
    }
    return other ? this.turn : 0;
  }

  /** Takes back `move`, which must be the last move played. */
  unplay(move: MoveCode): void {
    const mover: Player = this.turn === 1 ? 2 : 1;
    this.turn = mover;
    const height = this.height;
    if (move < this.width) {
      const row = this.heights[move]! - 1;
      this.cells[move * height + row] = 0;
      this.heights[move] = row;
      this.recode(move);
      return;
    }
    const column = move - this.width;
    const base = column * height;
    const top = this.heights[column]!;
    for (let row = top; row > 0; row--) this.cells[base + row] = this.cells[base + row - 1]!;
    this.cells[base] = mover;
    this.heights[column] = top + 1;
    this.recode(column);
  }

  /** Would dropping in `column` complete a line for the side to move? */
  dropWins(column: number): boolean {
    if (!this.canDrop(column)) return false;
    const row = this.heights[column]!;
    const index = column * this.height + row;
    this.cells[index] = this.turn;
    const wins = this.completesLine(column, row);
    this.cells[index] = 0;
    return wins;
  }

  private recode(column: number): void {
    const height = this.height;
    const top = this.heights[column]!;
    let code = 1 << top;
    for (let row = 0; row < top; row++) {
      if (this.cells[column * height + row] === 1) code |= 1 << row;
    }
    if (this.numericKey) {
      this.keyValue += (code - this.codes[column]!) * this.scales[column]!;
    }
    this.codes[column] = code;
  }

  private completesLine(column: number, row: number): boolean {
    return completesLineAt(this.cells, this, column, row);
  }
}
