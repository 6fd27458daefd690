import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, createVariant, parseMoves, unwrap } from '../../src/core/index.js';
import {
  lessonAfterRefutation,
  lessonAfterWrongMove,
  threatCells,
} from '../../src/puzzles/index.js';

const NAMES = { 1: 'Red', 2: 'Yellow' } as const;
const classic = (moves: string): Position =>
  unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));

/** The wrong move `column` (1-based) played after `moves`: the position before and after it. */
function wrong(moves: string, column: string): [Position, Position] {
  return [classic(moves), classic(moves + column)];
}

describe('why a puzzle move was wrong', () => {
  it('finds every empty cell that completes a line, reachable now or later', () => {
    // Red stacks three in column 4 and Yellow three in column 1: the cells above complete them.
    expect(threatCells(classic('414141'), 1)).toEqual([{ column: 3, row: 3 }]);
    expect(threatCells(classic('414141'), 2)).toEqual([{ column: 0, row: 3 }]);
    // Red's row 1 of columns 1-3 wins at once in column 4; Yellow's row 2 there, not yet.
    expect(threatCells(classic('112233'), 1)).toEqual([{ column: 3, row: 0 }]);
    expect(threatCells(classic('112233'), 2)).toEqual([{ column: 3, row: 1 }]);
  });

  it('a move that lets the opponent win at once: that cell is ringed', () => {
    expect(lessonAfterWrongMove(...wrong('276757', '1'), NAMES)).toEqual({
      text: 'Yellow can now win at once in column 7 (ringed).',
      marks: [{ column: 6, row: 3 }],
    });
  });

  it('a disc dropped under the opponent’s threat says so', () => {
    expect(lessonAfterWrongMove(...wrong('5446556', '3'), NAMES)).toEqual({
      text: 'Red can now win at once in column 3 (ringed): your disc filled the cell under that threat.',
      marks: [{ column: 2, row: 1 }],
    });
  });

  it('nothing to point at yet: the refutation will show it', () => {
    expect(lessonAfterWrongMove(...wrong('22227171226', '1'), NAMES)).toBeNull();
  });

  it('after the refutation: the winning line, or two threats that cannot both be blocked', () => {
    expect(lessonAfterRefutation(classic('1212121'), NAMES, 'win')).toEqual({
      text: 'Red wins: the winning line is highlighted.',
      marks: [],
    });
    expect(lessonAfterRefutation(classic('42735222757'), NAMES, 'win')).toEqual({
      text: 'Red now threatens to win in columns 6 and 7 (ringed): two threats cannot both be blocked.',
      marks: [
        { column: 5, row: 0 },
        { column: 6, row: 3 },
      ],
    });
  });

  it('otherwise names the threats cell by cell, or says what was lost and where the line is', () => {
    // It said only "the goal is out of reach" where every other lesson names something.
    expect(lessonAfterRefutation(classic('646772724'), NAMES, 'draw')).toEqual({
      text: 'Red holds a threat at column 5, row 2 (ringed): with best play Red wins.',
      marks: [{ column: 4, row: 1 }],
    });
    expect(lessonAfterRefutation(classic('13653766235'), NAMES, 'win')).toEqual({
      text: 'Red holds a threat at column 4, row 2 (ringed): with best play the win is gone.',
      marks: [{ column: 3, row: 1 }],
    });
    expect(lessonAfterRefutation(classic('44'), NAMES, 'win')).toEqual({
      text: 'Yellow has no threat on the board yet, but with best play the win is gone: “Show the solution” plays the line that wins.',
      marks: [],
    });
    expect(lessonAfterRefutation(classic('4'), NAMES, 'draw').text).toBe(
      'Red has no threat on the board yet, but with best play Red wins: “Show the solution” plays the line that holds the draw.',
    );
    // A refutation that fills the board: a draw, not "out of reach" on a finished game.
    const small = unwrap(createVariant({ width: 3, height: 3, connect: 3 }));
    const full = unwrap(Position.fromMoves(small, [0, 1, 2, 1, 0, 2, 1, 0, 2]));
    expect(lessonAfterRefutation(full, NAMES, 'win')).toEqual({
      text: 'The game ends in a draw, where the win was there to take.',
      marks: [],
    });
  });
});
