import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  Position,
  createVariant,
  ErrorCode,
  gameToString,
  movesToString,
  parseDiagram,
  parseGame,
  parseMoves,
  positionToDiagram,
  unwrap,
  type Result,
} from '../../src/core/index.js';
import { gameArb } from './arbitraries.js';

function errorOf<T>(result: Result<T, { code: string; message: string }>) {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('move strings', () => {
  it('round-trip: parse(write(moves)) === moves on every variant', () => {
    fc.assert(
      fc.property(gameArb(), (position) => {
        const text = movesToString(position.moves);
        expect(text).toHaveLength(position.ply);
        expect(unwrap(parseMoves(text, position.variant))).toEqual(position.moves);
      }),
    );
  });

  it('writes columns 10-12 as a, b, c and reads either case', () => {
    const wide = unwrap(parseGame('12x6c4:abc'));
    expect(wide.moves).toEqual([9, 10, 11]);
    expect(gameToString(wide)).toBe('12x6c4:abc');
    expect(unwrap(parseGame('12x6c4:ABC')).moves).toEqual([9, 10, 11]);
  });

  it('names the bad character and its place', () => {
    const error = errorOf(parseMoves('44z3', CLASSIC));
    expect(error.code).toBe(ErrorCode.MoveSyntax);
    expect(error.message).toContain('move 3');
    expect(error.message).toContain('"z"');
  });

  it('names a pop as a PopOut move, not a bad character', () => {
    const error = errorOf(parseMoves('44p4', CLASSIC));
    expect(error.code).toBe(ErrorCode.PopNotAllowed);
    expect(error.message).toBe(
      'move 3: a pop from column 4 is not a move in this game: only PopOut has pops ' +
        '(a PopOut game is written popout:…)',
    );
    expect(errorOf(parseMoves('44p', CLASSIC)).code).toBe(ErrorCode.MoveSyntax);
  });

  it('rejects columns the variant does not have', () => {
    const error = errorOf(parseMoves('448', CLASSIC));
    expect(error.code).toBe(ErrorCode.ColumnOutOfRange);
    expect(error.message).toMatch(/column 8 does not exist/);
  });
});

describe('game strings', () => {
  it('round-trip on random games of every variant', () => {
    fc.assert(
      fc.property(gameArb(), (position) => {
        const text = gameToString(position);
        const again = unwrap(parseGame(text));
        expect(again.variant).toEqual(position.variant);
        expect(again.moves).toEqual(position.moves);
        expect(gameToString(again)).toBe(text);
      }),
    );
  });

  it('lets the classic game omit its prefix, and keeps it for every other variant', () => {
    expect(gameToString(unwrap(parseGame('7x6c4:4453')))).toBe('4453');
    expect(gameToString(unwrap(parseGame('7x7c5:4453')))).toBe('7x7c5:4453');
    expect(unwrap(parseGame('')).ply).toBe(0);
  });

  it('says column 4 is full in 4444444', () => {
    const error = errorOf(parseGame('4444444'));
    expect(error.code).toBe(ErrorCode.ColumnFull);
    expect(error.message).toBe('move 7: column 4 is full');
  });

  it('rejects moves after the game ended', () => {
    expect(errorOf(parseGame('44556671')).code).toBe(ErrorCode.GameOver);
  });

  it('names the field and range of a bad variant', () => {
    const error = errorOf(parseGame('13x6c4:1'));
    expect(error.code).toBe(ErrorCode.VariantOutOfRange);
    expect(error.message).toBe('width must be a whole number from 3 to 12, got 13');
    expect(errorOf(parseGame('7x6c8:')).message).toBe(
      'connect must be a whole number from 3 to 7, got 8',
    );
    expect(errorOf(parseGame('7by6:1')).code).toBe(ErrorCode.VariantSyntax);
  });
});

describe('board diagrams', () => {
  it('round-trip: the parsed position draws the same diagram and outcome, on every variant', () => {
    fc.assert(
      fc.property(gameArb(), (position) => {
        const diagram = positionToDiagram(position);
        const parsed = unwrap(parseDiagram(diagram, position.variant));
        expect(positionToDiagram(parsed)).toBe(diagram);
        expect(parsed.outcome).toEqual(position.outcome);
        expect(parsed.turn).toBe(position.turn);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the disc that completed a run longer than the line (found by the round-trip)', () => {
    // Connect 3 on 9x6: X's four in a row was completed by an inner disc; an end disc cannot
    // have been last (the other three would already have been a line).
    const variant = unwrap(createVariant({ width: 9, height: 6, connect: 3 }));
    const played = unwrap(Position.fromMoves(variant, [5, 0, 8, 0, 7, 7, 6]));
    const parsed = unwrap(parseDiagram(positionToDiagram(played), variant));
    expect(parsed.outcome).toEqual(played.outcome);
    expect([6, 7]).toContain(parsed.moves.at(-1));
  });

  it('draws rows top to bottom with X for the first player', () => {
    expect(positionToDiagram(unwrap(parseGame('4453')))).toBe(
      [
        '. . . . . . .',
        '. . . . . . .',
        '. . . . . . .',
        '. . . . . . .',
        '. . . O . . .',
        '. . O X X . .',
      ].join('\n'),
    );
  });

  const board = (...rows: string[]) => rows.join('\n');
  const cases: [string, string, string][] = [
    ['a floating disc', board('...', 'X..', '...'), 'floating'],
    ['too many O discs', board('...', '...', 'OO.'), 'X moves first'],
    [
      'a line the last mover did not make',
      board('X..', 'XO.', 'XOO'),
      'X has a line but O moved last',
    ],
    ['lines of both players', board('XO.', 'XO.', 'XO.'), 'both players'],
  ];
  const small = unwrap(parseGame('3x3c3:')).variant;
  for (const [name, text, fragment] of cases) {
    it(`rejects ${name}, saying why`, () => {
      const error = errorOf(parseDiagram(text, small));
      expect(error.code).toBe(ErrorCode.DiagramImpossible);
      expect(error.message).toContain(fragment);
    });
  }

  it('rejects two lines that no single last disc completed', () => {
    const text = board(
      '. . . . . . .',
      '. . . . . . X',
      '. . . . . . X',
      '. . . . O O X',
      '. . . . O O X',
      'X X X X O O O',
    );
    const error = errorOf(parseDiagram(text, CLASSIC));
    expect(error.message).toBe(
      'impossible position: the lines on the board cannot all have been completed by one last disc',
    );
  });

  it('accepts a legal position whatever its spacing and case', () => {
    const position = unwrap(parseDiagram(board(' . . .', 'x  . .', 'X o O '), small));
    expect(position.turn).toBe(1);
    expect(position.ply).toBe(4);
    expect(positionToDiagram(position)).toBe(board('. . .', 'X . .', 'X O O'));
  });

  it('reports syntax problems with the row and column', () => {
    expect(errorOf(parseDiagram(board('...', '...'), small)).message).toBe(
      'expected 3 rows, got 2',
    );
    const error = errorOf(parseDiagram(board('...', '...', '.Z.'), small));
    expect(error.code).toBe(ErrorCode.DiagramSyntax);
    expect(error.message).toContain('row 1, column 2');
  });
});
