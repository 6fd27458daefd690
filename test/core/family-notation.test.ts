import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drop,
  ErrorCode,
  familyGameToString,
  familyMovesToString,
  gameToString,
  parseFamilyGame,
  parseFamilyMoves,
  parseGame,
  pop,
  unwrap,
  type Result,
} from '../../src/core/index.js';
import { gameArb } from './arbitraries.js';
import { familyGameArb } from './family-arbitraries.js';

function errorOf<T>(result: Result<T, { code: string; message: string }>) {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('family move strings', () => {
  it('round-trip: parse(write(moves)) equals the moves, on every member and board', () => {
    fc.assert(
      fc.property(familyGameArb(), (position) => {
        const text = familyMovesToString(position.moves);
        expect(unwrap(parseFamilyMoves(text, position.ruleset))).toEqual(position.moves);
        const pops = position.moves.filter((move) => move.kind === 'pop').length;
        expect(text).toHaveLength(position.ply + pops);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a pop as p and the column, and reads either case', () => {
    const popout = unwrap(parseFamilyGame('popout:44p4'));
    expect(popout.moves).toEqual([drop(3), drop(3), pop(3)]);
    expect(familyGameToString(popout)).toBe('popout:44p4');
    expect(familyGameToString(unwrap(parseFamilyGame('POPOUT:44P4')))).toBe('popout:44p4');
    const wide = unwrap(parseFamilyGame('popout-12x6c4:aapa'));
    expect(wide.moves).toEqual([drop(9), drop(9), pop(9)]);
    expect(familyGameToString(wide)).toBe('popout-12x6c4:aapa');
  });

  it.each([
    ['popout:4p', ErrorCode.MoveSyntax, 'move 2: "p" must be followed by a column, got the end'],
    ['popout:4pz', ErrorCode.MoveSyntax, 'move 2: "p" must be followed by a column, got "z"'],
    [
      'popout:4z',
      ErrorCode.MoveSyntax,
      'move 2: "z" is not a column (a drop is a column 1-7; a pop is p and a column, e.g. p4)',
    ],
    ['five:5z', ErrorCode.MoveSyntax, 'move 2: "z" is not a column (a drop is a column 1-9)'],
    [
      'popout-12x6c4:z',
      ErrorCode.MoveSyntax,
      '"z" is not a column (a drop is a column 1-9, then a b c; a pop is',
    ],
    ['popout:p8', ErrorCode.ColumnOutOfRange, 'move 1: column 8 does not exist'],
    ['pop:44', ErrorCode.UnknownGame, 'unknown game "pop"'],
    ['4x4', ErrorCode.MoveSyntax, 'a game looks like GAME:moves'],
  ])('names the problem in %j', (text, code, message) => {
    const error = errorOf(parseFamilyGame(text));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });
});

describe('family game strings', () => {
  it('round-trip on random games of every member', () => {
    fc.assert(
      fc.property(familyGameArb(), (position) => {
        const text = familyGameToString(position);
        const again = unwrap(parseFamilyGame(text));
        expect(again.ruleset).toEqual(position.ruleset);
        expect(again.moves).toEqual(position.moves);
        expect(again.outcome).toEqual(position.outcome);
        expect(familyGameToString(again)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('writes classic games exactly as the classic notation does', () => {
    fc.assert(
      fc.property(gameArb(), (classic) => {
        const text = gameToString(classic);
        const family = unwrap(parseFamilyGame(text));
        expect(familyGameToString(family)).toBe(text);
        expect(familyGameToString(family, { alwaysPrefix: true })).toBe(
          gameToString(classic, { alwaysPrefix: true }),
        );
        expect(unwrap(parseGame(familyGameToString(family))).moves).toEqual(classic.moves);
      }),
    );
  });

  it('names the game and board only when they are not the classic 7x6', () => {
    expect(familyGameToString(unwrap(parseFamilyGame('4453')))).toBe('4453');
    expect(familyGameToString(unwrap(parseFamilyGame('classic:4453')))).toBe('4453');
    expect(familyGameToString(unwrap(parseFamilyGame('7x7c5:44')))).toBe('7x7c5:44');
    expect(familyGameToString(unwrap(parseFamilyGame('five:55')))).toBe('five:55');
    expect(familyGameToString(unwrap(parseFamilyGame('popout-7x6c4:')))).toBe('popout:');
  });
});
