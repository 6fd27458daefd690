import type { Variant } from '../../src/core/index.js';
import { DIRECTIONS } from '../../src/core/index.js';

/**
 * A position seen from the side to move, for Allis' rules. Colours are relative: 1 is the side
 * to move (Allis' White when the rules are applied for Black), 2 the other side, the one that
 * controls the zugzwang (Allis' Black). Rows count from 0 at the bottom, so Allis' "even"
 * squares (rows 2, 4, 6 counted from 1) are the odd row indices here; `isEvenSquare` says it
 * once so no rule has to.
 */
export interface KnowledgeBoard {
  readonly width: number;
  readonly height: number;
  /** `column * height + row`: 0 empty, 1 side to move, 2 the controller. */
  readonly cells: Int8Array;
  /** Discs per column: the row of the column's directly playable square. */
  readonly heights: Int8Array;
  readonly geometry: Geometry;
}

export const MOVER = 1;
export const CONTROLLER = 2;

/** Allis' even squares: the 2nd, 4th, 6th… row from the bottom. */
export const isEvenSquare = (row: number): boolean => (row & 1) === 1;

/** Every line of `connect` cells on the board ("groups" in Allis' words), with look-ups. */
export interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly groupCount: number;
  /** Words in a group set (one bit per group). */
  readonly words: number;
  /** `group * connect + i`: the cells of each group. */
  readonly groupCells: Int16Array;
  /** Whether the group lies in one column. */
  readonly vertical: Uint8Array;
  /** Per cell, the set of groups through it. */
  readonly through: readonly Uint32Array[];
  /** `group * width + column`: the highest row of the group in that column, -1 if none. */
  readonly topInColumn: Int8Array;
}

const geometries = new Map<string, Geometry>();

export function geometryOf(width: number, height: number, connect: number): Geometry {
  const key = `${width}x${height}c${connect}`;
  const cached = geometries.get(key);
  if (cached) return cached;
  const groups: number[][] = [];
  for (let column = 0; column < width; column++) {
    for (let row = 0; row < height; row++) {
      for (const [dc, dr] of DIRECTIONS) {
        const endColumn = column + (connect - 1) * dc;
        const endRow = row + (connect - 1) * dr;
        if (endColumn < 0 || endColumn >= width || endRow < 0 || endRow >= height) continue;
        const cells: number[] = [];
        for (let i = 0; i < connect; i++) cells.push((column + i * dc) * height + row + i * dr);
        groups.push(cells);
      }
    }
  }
  const groupCount = groups.length;
  const words = (groupCount + 31) >>> 5;
  const groupCells = new Int16Array(groupCount * connect);
  const vertical = new Uint8Array(groupCount);
  const through = Array.from({ length: width * height }, () => new Uint32Array(words));
  const topInColumn = new Int8Array(groupCount * width).fill(-1);
  groups.forEach((cells, g) => {
    const firstColumn = Math.floor(cells[0]! / height);
    vertical[g] = cells.every((cell) => Math.floor(cell / height) === firstColumn) ? 1 : 0;
    cells.forEach((cell, i) => {
      groupCells[g * connect + i] = cell;
      through[cell]![g >>> 5]! |= 1 << (g & 31);
      const column = Math.floor(cell / height);
      const row = cell % height;
      if (row > topInColumn[g * width + column]!) topInColumn[g * width + column] = row;
    });
  });
  const geometry: Geometry = {
    width,
    height,
    connect,
    groupCount,
    words,
    groupCells,
    vertical,
    through,
    topInColumn,
  };
  geometries.set(key, geometry);
  return geometry;
}

/**
 * The board after `moves` (0-based columns), coloured from the side to move's view. The moves
 * must be legal and must not have ended the game (callers hold validated positions).
 */
export function knowledgeBoard(variant: Variant, moves: readonly number[]): KnowledgeBoard {
  const { width, height, connect } = variant;
  const cells = new Int8Array(width * height);
  const heights = new Int8Array(width);
  const count = moves.length;
  moves.forEach((column, i) => {
    // The disc of move i belongs to the side to move exactly when i has the parity of count.
    cells[column * height + heights[column]!] = (count - i) % 2 === 0 ? MOVER : CONTROLLER;
    heights[column]!++;
  });
  return { width, height, cells, heights, geometry: geometryOf(width, height, connect) };
}
