import {
  DIRECTIONS,
  centreFirstColumns,
  playerToMove,
  variantToString,
  type Position,
  type Variant,
} from '../../core/index.js';
import { createRandom } from '../random.js';

/**
 * The search's own board for any variant: every winning line is precomputed, and each line keeps
 * a disc count per player, so a move updates only the lines through its cell (at most ~16), a
 * win is a count reaching `connect`, and the evaluation's line score is maintained incrementally.
 * This works for 12x12 boards that no 64-bit bitboard can hold.
 */
export interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly cellCount: number;
  /** Cells of each line (cell = column * height + row), `connect` per line. */
  readonly lineCells: Int32Array;
  readonly lineCount: number;
  /** Lines through each cell: offsets into `cellLineIds` (cellCount + 1 entries). */
  readonly cellLineStart: Int32Array;
  readonly cellLineIds: Int32Array;
  /** Zobrist keys per cell and player: [cell * 2 + player - 1], two 32-bit halves. */
  readonly zobristLo: Int32Array;
  readonly zobristHi: Int32Array;
  /** Line value by own disc count (0 for no discs), the opponent having none. */
  readonly weights: Int32Array;
  /** Columns from the centre outwards: central columns win more often, so search them first. */
  readonly centreOrder: Int32Array;
}

const geometries = new Map<string, Geometry>();

export function geometryOf(variant: Variant): Geometry {
  const key = variantToString(variant);
  let geometry = geometries.get(key);
  if (!geometry) {
    geometry = buildGeometry(variant);
    geometries.set(key, geometry);
  }
  return geometry;
}

function buildGeometry({ width, height, connect }: Variant): Geometry {
  const lines: number[][] = [];
  for (let column = 0; column < width; column++) {
    for (let row = 0; row < height; row++) {
      for (const [dc, dr] of DIRECTIONS) {
        const endColumn = column + dc * (connect - 1);
        const endRow = row + dr * (connect - 1);
        if (endColumn < 0 || endColumn >= width || endRow < 0 || endRow >= height) continue;
        const cells: number[] = [];
        for (let k = 0; k < connect; k++) cells.push((column + dc * k) * height + row + dr * k);
        lines.push(cells);
      }
    }
  }
  const cellCount = width * height;
  const perCell: number[][] = Array.from({ length: cellCount }, () => []);
  lines.forEach((cells, id) => {
    for (const cell of cells) perCell[cell]!.push(id);
  });
  const cellLineStart = new Int32Array(cellCount + 1);
  for (let cell = 0; cell < cellCount; cell++) {
    cellLineStart[cell + 1] = cellLineStart[cell]! + perCell[cell]!.length;
  }
  const random = createRandom(0x5eed ^ (width * 997 + height * 31 + connect));
  const zobristLo = new Int32Array(cellCount * 2);
  const zobristHi = new Int32Array(cellCount * 2);
  for (let i = 0; i < cellCount * 2; i++) {
    zobristLo[i] = Math.floor(random() * 4294967296) | 0;
    zobristHi[i] = Math.floor(random() * 4294967296) | 0;
  }
  // Each extra disc in an open line is worth about four times the last: a line one short of
  // complete dwarfs scattered singles, yet no sum of line values reaches a threat's worth.
  const weights = new Int32Array(connect + 1);
  for (let k = 1; k < connect; k++) weights[k] = 4 ** (k - 1);
  const centreOrder = Int32Array.from(centreFirstColumns(width));
  return {
    width,
    height,
    connect,
    cellCount,
    lineCells: Int32Array.from(lines.flat()),
    lineCount: lines.length,
    cellLineStart,
    cellLineIds: Int32Array.from(perCell.flat()),
    zobristLo,
    zobristHi,
    weights,
    centreOrder,
  };
}

export class Board {
  readonly g: Geometry;
  /** 0 empty, 1 or 2. */
  readonly cells: Uint8Array;
  readonly heights: Uint8Array;
  /** Disc counts per line: [line * 2 + player - 1]. */
  readonly counts: Uint8Array;
  ply = 0;
  /** Sum of open-line values, from player 1's point of view. */
  lineScore = 0;
  hashLo = 0;
  hashHi = 0;
  /** Set by the move that completed a line; cleared by its undo. */
  winner = 0;
  private readonly history: Int32Array;

  constructor(variant: Variant) {
    this.g = geometryOf(variant);
    this.cells = new Uint8Array(this.g.cellCount);
    this.heights = new Uint8Array(this.g.width);
    this.counts = new Uint8Array(this.g.lineCount * 2);
    this.history = new Int32Array(this.g.cellCount);
  }

  static from(position: Position): Board {
    const board = new Board(position.variant);
    for (const column of position.moves) board.play(column);
    return board;
  }

  /** 1 or 2. */
  get turn(): number {
    return playerToMove(this.ply);
  }

  get full(): boolean {
    return this.ply === this.g.cellCount;
  }

  canPlay(column: number): boolean {
    return this.heights[column]! < this.g.height;
  }

  /** Plays for the side to move; the caller has checked `canPlay` and that nobody has won. */
  play(column: number): void {
    const g = this.g;
    const player = this.turn;
    const cell = column * g.height + this.heights[column]!;
    this.cells[cell] = player;
    this.heights[column]!++;
    this.history[this.ply++] = column;
    const zobrist = cell * 2 + player - 1;
    this.hashLo ^= g.zobristLo[zobrist]!;
    this.hashHi ^= g.zobristHi[zobrist]!;
    const mine = player - 1;
    const theirs = 1 - mine;
    const sign = player === 1 ? 1 : -1;
    const counts = this.counts;
    const weights = g.weights;
    let delta = 0;
    for (let i = g.cellLineStart[cell]!, end = g.cellLineStart[cell + 1]!; i < end; i++) {
      const base = g.cellLineIds[i]! * 2;
      const own = counts[base + mine]!;
      const other = counts[base + theirs]!;
      counts[base + mine] = own + 1;
      if (other === 0) {
        if (own + 1 === g.connect) this.winner = player;
        else delta += weights[own + 1]! - weights[own]!;
      } else if (own === 0) {
        // The line was the opponent's; now nobody can complete it.
        delta += weights[other]!;
      }
    }
    this.lineScore += sign * delta;
  }

  undo(): void {
    const g = this.g;
    const column = this.history[--this.ply]!;
    const row = --this.heights[column]!;
    const cell = column * g.height + row;
    const player = this.cells[cell]!;
    this.cells[cell] = 0;
    const zobrist = cell * 2 + player - 1;
    this.hashLo ^= g.zobristLo[zobrist]!;
    this.hashHi ^= g.zobristHi[zobrist]!;
    const mine = player - 1;
    const theirs = 1 - mine;
    const sign = player === 1 ? 1 : -1;
    const counts = this.counts;
    const weights = g.weights;
    let delta = 0;
    for (let i = g.cellLineStart[cell]!, end = g.cellLineStart[cell + 1]!; i < end; i++) {
      const base = g.cellLineIds[i]! * 2;
      const own = counts[base + mine]! - 1;
      const other = counts[base + theirs]!;
      counts[base + mine] = own;
      if (other === 0) {
        if (own + 1 !== g.connect) delta += weights[own + 1]! - weights[own]!;
      } else if (own === 0) {
        delta += weights[other]!;
      }
    }
    this.lineScore -= sign * delta;
    this.winner = 0;
  }

  /** Would `player` complete a line by owning `cell` (empty, any height)? */
  completes(player: number, cell: number): boolean {
    const g = this.g;
    const mine = player - 1;
    const need = g.connect - 1;
    for (let i = g.cellLineStart[cell]!, end = g.cellLineStart[cell + 1]!; i < end; i++) {
      const base = g.cellLineIds[i]! * 2;
      if (this.counts[base + mine] === need && this.counts[base + 1 - mine] === 0) return true;
    }
    return false;
  }

  /** Bit 1: player 1 completes a line by owning the empty `cell`; bit 2: player 2 does. */
  completers(cell: number): number {
    const g = this.g;
    const need = g.connect - 1;
    const counts = this.counts;
    let found = 0;
    for (let i = g.cellLineStart[cell]!, end = g.cellLineStart[cell + 1]!; i < end; i++) {
      const base = g.cellLineIds[i]! * 2;
      const c1 = counts[base]!;
      const c2 = counts[base + 1]!;
      if (c1 === need && c2 === 0) found |= 1;
      else if (c2 === need && c1 === 0) found |= 2;
    }
    return found;
  }

  /** Lines that would become one short of complete (open) if `player` took the empty `cell`. */
  threatsMade(player: number, cell: number): number {
    const g = this.g;
    const mine = player - 1;
    const target = g.connect - 2;
    let made = 0;
    for (let i = g.cellLineStart[cell]!, end = g.cellLineStart[cell + 1]!; i < end; i++) {
      const base = g.cellLineIds[i]! * 2;
      if (this.counts[base + mine] === target && this.counts[base + 1 - mine] === 0) made++;
    }
    return made;
  }

  /** Does dropping in `column` now win for `player`? (The column must have room.) */
  winsAt(player: number, column: number): boolean {
    return this.completes(player, column * this.g.height + this.heights[column]!);
  }
}
