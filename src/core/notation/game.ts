import { C4Error, ErrorCode } from '../errors.js';
import { Position } from '../position.js';
import { err, type Result } from '../result.js';
import { CLASSIC, isClassic, parseVariant, variantToString } from '../variant.js';
import { movesToString, parseMoves } from './moves.js';

/**
 * A variant and its moves in one string, for links and files: `WxHcN:moves`, e.g. `7x7c5:4453`.
 * The classic 7x6 connect-4 game may drop the prefix (`4453`), so Pons-style strings are games too.
 */
export function parseGame(text: string): Result<Position, C4Error> {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  let variant = CLASSIC;
  let moveText = trimmed;
  if (colon >= 0) {
    const parsed = parseVariant(trimmed.slice(0, colon));
    if (!parsed.ok) return parsed;
    variant = parsed.value;
    moveText = trimmed.slice(colon + 1);
  } else if (/x/i.test(trimmed)) {
    return err(
      new C4Error(
        ErrorCode.MoveSyntax,
        `a game looks like WxHcN:moves (e.g. 7x6c4:4453), got ${JSON.stringify(text)}`,
      ),
    );
  }
  const columns = parseMoves(moveText, variant);
  if (!columns.ok) return columns;
  return Position.fromMoves(variant, columns.value);
}

export function gameToString(position: Position, options: { alwaysPrefix?: boolean } = {}): string {
  const moves = movesToString(position.moves);
  if (isClassic(position.variant) && options.alwaysPrefix !== true) return moves;
  return `${variantToString(position.variant)}:${moves}`;
}
