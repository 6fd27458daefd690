import { C4Error, ErrorCode } from '../errors.js';
import { err, ok, type Result } from '../result.js';
import type { Variant } from '../variant.js';

/**
 * Move strings are Pascal Pons' notation: one character per move, the 1-based column. Boards up
 * to 12 wide need three more columns, written `a`, `b`, `c` (10, 11, 12), as in hexadecimal, so a
 * move is still one character and every string round-trips. Upper case is accepted on input.
 */
export const COLUMN_CHARS = '123456789abc';

export function columnToChar(column: number): string {
  const char = COLUMN_CHARS[column];
  if (char === undefined) throw new RangeError(`column index ${column} has no notation`);
  return char;
}

/** Syntax and column range only; whether the moves can be played is the position's business. */
export function parseMoves(text: string, variant: Variant): Result<number[], C4Error> {
  const columns: number[] = [];
  const trimmed = text.trim();
  for (let index = 0; index < trimmed.length; index++) {
    const char = trimmed[index]!;
    const column = COLUMN_CHARS.indexOf(char.toLowerCase());
    const next = trimmed[index + 1];
    const popped = next === undefined ? -1 : COLUMN_CHARS.indexOf(next.toLowerCase());
    if (char.toLowerCase() === 'p' && popped >= 0) {
      // A PopOut record pasted where a classic game is read: say so rather than "not a column".
      return err(
        new C4Error(
          ErrorCode.PopNotAllowed,
          `move ${index + 1}: a pop from column ${popped + 1} is not a move in this game: ` +
            'only PopOut has pops (a PopOut game is written popout:…)',
        ),
      );
    }
    if (column < 0) {
      return err(
        new C4Error(
          ErrorCode.MoveSyntax,
          `move ${index + 1}: ${JSON.stringify(char)} is not a column (use 1-9, then a, b, c for 10-12)`,
        ),
      );
    }
    if (column >= variant.width) {
      return err(
        new C4Error(
          ErrorCode.ColumnOutOfRange,
          `move ${index + 1}: column ${column + 1} does not exist (columns are 1 to ${variant.width})`,
        ),
      );
    }
    columns.push(column);
  }
  return ok(columns);
}

export function movesToString(columns: readonly number[]): string {
  return columns.map(columnToChar).join('');
}
