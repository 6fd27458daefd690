import { drop, pop, type Move } from '../../core/index.js';

/**
 * A move of the local game as one number, so the state's move lists stay plain JSON-friendly
 * numbers for every game: a drop is its 0-based column (exactly the classic game's moves, so
 * classic states, saves and search requests read as before), a pop is `-(column + 1)`.
 */
export type MoveCode = number;

export const dropCode = (column: number): MoveCode => column;
export const popCode = (column: number): MoveCode => -(column + 1);

export const isPopCode = (code: MoveCode): boolean => code < 0;

/** The column a code plays in, 0-based. */
export const codeColumn = (code: MoveCode): number => (code < 0 ? -code - 1 : code);

export const codeToMove = (code: MoveCode): Move => (code < 0 ? pop(codeColumn(code)) : drop(code));

export const moveToCode = (move: Move): MoveCode =>
  move.kind === 'pop' ? popCode(move.column) : dropCode(move.column);
