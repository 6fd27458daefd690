import { C4Error, ErrorCode } from '../errors.js';
import { COLUMN_CHARS, columnToChar } from '../notation/moves.js';
import { err, ok, type Result } from '../result.js';
import { variantToString } from '../variant.js';
import { drop, pop, type Move } from './move.js';
import { GamePosition } from './position.js';
import { CLASSIC_RULES, parseRuleset, rulesetToString, type Ruleset } from './rules.js';

/**
 * Family move strings extend Pons' notation: a drop is its column character (1-9, then a b c for
 * 10-12), a pop is `p` before the column (`p4`). `p` is no column character, so a string still
 * reads one way, and a classic move string means the same in every game. Upper case is accepted.
 */
export function moveToString(move: Move): string {
  const column = columnToChar(move.column);
  return move.kind === 'pop' ? `p${column}` : column;
}

export function familyMovesToString(moves: readonly Move[]): string {
  return moves.map(moveToString).join('');
}

/** This board's column characters, as a player reads them: "1-7", "1-9, then a b c". */
function columnRange(width: number): string {
  if (width <= 9) return `1-${width}`;
  return `1-9, then ${COLUMN_CHARS.slice(9, width).split('').join(' ')}`;
}

/** Syntax and column range only; whether the moves can be played is the position's business. */
export function parseFamilyMoves(text: string, ruleset: Ruleset): Result<Move[], C4Error> {
  const moves: Move[] = [];
  const trimmed = text.trim().toLowerCase();
  const width = ruleset.variant.width;
  for (let at = 0, index = 1; at < trimmed.length; index++) {
    const isPop = trimmed[at] === 'p';
    const char = trimmed[isPop ? at + 1 : at];
    const column = char === undefined ? -1 : COLUMN_CHARS.indexOf(char);
    if (column < 0) {
      const what = isPop
        ? `"p" must be followed by a column, got ${char === undefined ? 'the end' : JSON.stringify(char)}`
        : `${JSON.stringify(char)} is not a column`;
      const pops = ruleset.pops ? '; a pop is p and a column, e.g. p4' : '';
      return err(
        new C4Error(
          ErrorCode.MoveSyntax,
          `move ${index}: ${what} (a drop is a column ${columnRange(width)}${pops})`,
        ),
      );
    }
    if (column >= width) {
      return err(
        new C4Error(
          ErrorCode.ColumnOutOfRange,
          `move ${index}: column ${column + 1} does not exist (columns are 1 to ${width})`,
        ),
      );
    }
    moves.push(isPop ? pop(column) : drop(column));
    at += isPop ? 2 : 1;
  }
  return ok(moves);
}

/**
 * A game of any family member in one string, for links, records and the CLI: `GAME:moves`, e.g.
 * `popout:44p4`, `popout-8x7c4:4p4`, `five:55`. Classic games keep their own forms (`4453`,
 * `7x7c5:4453`), so every string written before the family existed still reads the same.
 */
export function parseFamilyGame(text: string): Result<GamePosition, C4Error> {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  let ruleset = CLASSIC_RULES;
  let moveText = trimmed;
  if (colon >= 0) {
    const parsed = parseRuleset(trimmed.slice(0, colon));
    if (!parsed.ok) return parsed;
    ruleset = parsed.value;
    moveText = trimmed.slice(colon + 1);
  } else if (/[x:]/i.test(trimmed)) {
    return err(
      new C4Error(
        ErrorCode.MoveSyntax,
        `a game looks like GAME:moves (e.g. popout:44p4, 7x6c4:4453), got ${JSON.stringify(text)}`,
      ),
    );
  }
  const moves = parseFamilyMoves(moveText, ruleset);
  if (!moves.ok) return moves;
  return GamePosition.fromMoves(ruleset, moves.value);
}

export function familyGameToString(
  position: GamePosition,
  options: { alwaysPrefix?: boolean } = {},
): string {
  const moves = familyMovesToString(position.moves);
  if (position.ruleset === CLASSIC_RULES && options.alwaysPrefix !== true) return moves;
  const { ruleset } = position;
  const prefix =
    ruleset.game === 'classic' ? variantToString(ruleset.variant) : rulesetToString(ruleset);
  return `${prefix}:${moves}`;
}
