import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  CLASSIC_RULES,
  createRuleset,
  drop,
  ErrorCode,
  GamePosition,
  parseFamilyGame,
  parseRuleset,
  pop,
  Position,
  unwrap,
  type Result,
} from '../../src/core/index.js';
import { familyGameArb, playFamilyPicks } from './family-arbitraries.js';
import { gameArb } from './arbitraries.js';
import { emptyBoard, type NaiveBoard } from './naive.js';
import { naiveApply, naiveKey, naiveResult, type NaiveGame } from './naive-family.js';

function errorOf<T>(result: Result<T, { code: string; message: string }>) {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

const POPOUT = unwrap(createRuleset({ game: 'popout' }));
const FIVE = unwrap(createRuleset({ game: 'five' }));
const game = (text: string) => unwrap(parseFamilyGame(text));

describe('rulesets', () => {
  it('gives each game its board, and the classic game its constant', () => {
    expect(POPOUT.variant).toMatchObject({ width: 7, height: 6, connect: 4 });
    expect(FIVE.variant).toMatchObject({ width: 9, height: 6, connect: 5 });
    expect(unwrap(createRuleset({ game: 'classic' }))).toBe(CLASSIC_RULES);
    expect(unwrap(parseRuleset('popout-8x7c4')).variant).toMatchObject({ width: 8, height: 7 });
    expect(unwrap(parseRuleset('7x7c5'))).toMatchObject({ game: 'classic', pops: false });
  });

  it.each([
    ['chess', ErrorCode.UnknownGame, 'unknown game "chess"'],
    ['five-7x6c4', ErrorCode.GameBoard, 'Five-in-a-Row is played on 9x6c5 only'],
    ['popout-2x6', ErrorCode.VariantOutOfRange, 'width must be'],
    ['4x', ErrorCode.UnknownGame, 'a game looks like'],
  ])('refuses %j with a code and a message', (text, code, message) => {
    const error = errorOf(parseRuleset(text));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });
});

describe('PopOut', () => {
  it('a pop takes the mover’s bottom disc and the column falls by one', () => {
    const position = game('popout:444');
    expect([0, 1, 2].map((row) => position.cell(3, row))).toEqual([1, 2, 1]);
    unwrap(position.play(drop(0)));
    unwrap(position.play(pop(3)));
    expect([0, 1, 2].map((row) => position.cell(3, row))).toEqual([2, 1, 0]);
    expect(position.columnHeight(3)).toBe(2);
    expect(position.moves).toEqual([drop(3), drop(3), drop(3), drop(0), pop(3)]);
    // Undo restores the popped disc at the bottom.
    expect(unwrap(position.undo())).toEqual(pop(3));
    expect([0, 1, 2].map((row) => position.cell(3, row))).toEqual([1, 2, 1]);
  });

  it('names the column and colour of an illegal pop, and changes nothing', () => {
    const position = game('popout:4');
    const before = position.key();
    const yellowBottom = errorOf(position.play(pop(3)));
    expect(yellowBottom.code).toBe(ErrorCode.PopIllegal);
    expect(yellowBottom.message).toBe(
      'column 4 has no Yellow disc at the bottom (its bottom disc is Red)',
    );
    expect(errorOf(position.play(pop(2))).message).toBe(
      'column 3 has no Yellow disc at the bottom (it is empty)',
    );
    expect(position.key()).toBe(before);
    expect(position.ply).toBe(1);
    expect(errorOf(parseFamilyGame('popout:4p3')).message).toBe(
      'move 2: column 3 has no Yellow disc at the bottom (it is empty)',
    );
  });

  it('refuses a pop in the classic game and in Five-in-a-Row', () => {
    const classic = errorOf(parseFamilyGame('44p4'));
    expect(classic.code).toBe(ErrorCode.PopNotAllowed);
    expect(classic.message).toBe(
      'move 3: a pop from column 4 is not a move in this game: only PopOut has pops',
    );
    expect(errorOf(parseFamilyGame('five:5p5')).code).toBe(ErrorCode.PopNotAllowed);
  });

  it('a pop completing lines for both players wins for the popper', () => {
    const position = game('popout-4x4c4:221441242433131');
    expect(position.turn).toBe(2);
    unwrap(position.play(pop(3)));
    const outcome = position.outcome;
    if (outcome.kind !== 'win') throw new Error('expected a win');
    expect(outcome.winner).toBe(2);
    // Red has a line too, but only the winner's lines are reported.
    for (const line of outcome.lines) {
      for (const square of line) expect(position.cell(square.column, square.row)).toBe(2);
    }
  });

  it('a pop completing a line for the opponent only loses', () => {
    const position = game('popout-4x4c3:32231421');
    expect(position.turn).toBe(1);
    unwrap(position.play(pop(2)));
    expect(position.outcome).toMatchObject({ kind: 'win', winner: 2 });
  });

  it('the third occurrence of a position with the same side to move is a draw', () => {
    const twice = game('popout:44p4p4');
    expect(twice.repetitions).toBe(2);
    expect(twice.isOver).toBe(false);
    const thrice = game('popout:44p4p444p4p4');
    expect(thrice.repetitions).toBe(3);
    expect(thrice.outcome).toEqual({ kind: 'draw', reason: 'repetition' });
    unwrap(thrice.undo());
    expect(thrice.isOver).toBe(false);
    // Column 4 holding one Yellow disc, Yellow to move: also after move 3.
    expect(thrice.repetitions).toBe(2);
  });

  it('a full board goes on while the side to move can pop', () => {
    const position = game('popout-4x4c4:2123314241132344');
    expect(position.heights).toEqual([4, 4, 4, 4]);
    expect(position.isOver).toBe(false);
    const moves = position.legalMoves();
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((move) => move.kind === 'pop')).toBe(true);
  });

  it('a player with no legal move draws', () => {
    // 3 wide and connect 4: the bottom row of Red discs is no line, and Yellow cannot pop.
    const position = game('popout-3x5c4:112233133122132');
    expect(position.turn).toBe(2);
    expect(position.outcome).toEqual({ kind: 'draw', reason: 'no_legal_move' });
    expect(position.legalMoves()).toEqual([]);
  });

  it('agrees with the naive model on every move of random games', () => {
    fc.assert(
      fc.property(
        familyGameArb(undefined, 60),
        fc.array(fc.nat(), { maxLength: 60 }),
        (start, picks) => {
          const { ruleset } = start;
          const { width, height, connect } = ruleset.variant;
          const naive: NaiveGame = {
            width,
            height,
            connect,
            pops: ruleset.pops,
            repetitionDraw: ruleset.repetitionDraw,
            setUp: (board) => {
              for (let c = 0; c < width; c++) {
                for (let r = 0; r < height; r++) board[r]![c] = ruleset.setup[c * height + r]!;
              }
            },
          };
          let board: NaiveBoard = emptyBoard(width, height);
          naive.setUp(board);
          const seen = [naiveKey(board, 1)];
          const position = playFamilyPicks(ruleset, []);
          for (const pick of picks) {
            const legal = position.legalMoves();
            if (legal.length === 0) break;
            const move = legal[pick % legal.length]!;
            const mover = position.turn;
            unwrap(position.play(move));
            board = naiveApply(board, { pop: move.kind === 'pop', c: move.column }, mover);
            seen.push(naiveKey(board, 3 - mover));
            const expected = naiveResult(naive, board, mover, seen);
            const outcome = position.outcome;
            const got =
              outcome.kind === 'ongoing' ? 0 : outcome.kind === 'draw' ? 3 : outcome.winner;
            expect(got).toBe(expected);
            for (let c = 0; c < width; c++) {
              for (let r = 0; r < height; r++) expect(position.cell(c, r)).toBe(board[r]![c]);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('undo restores every earlier state exactly (board, key, outcome, repetitions)', () => {
    fc.assert(
      fc.property(familyGameArb(), (position) => {
        const copy = position.clone();
        const states: string[] = [];
        const snapshot = (p: GamePosition) =>
          JSON.stringify([p.key(), p.heights, p.outcome, p.repetitions, p.turn]);
        const replay = GamePosition.start(position.ruleset);
        states.push(snapshot(replay));
        for (const move of position.moves) {
          unwrap(replay.play(move));
          states.push(snapshot(replay));
        }
        for (let ply = position.ply; ply >= 0; ply--) {
          expect(snapshot(copy)).toBe(states[ply]);
          if (ply > 0) unwrap(copy.undo());
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('Five-in-a-Row', () => {
  it('starts with the outer columns full of alternating colours, Red at the bottom', () => {
    const position = GamePosition.start(FIVE);
    for (const column of [0, 8]) {
      expect([0, 1, 2, 3, 4, 5].map((row) => position.cell(column, row))).toEqual([
        1, 2, 1, 2, 1, 2,
      ]);
    }
    expect(position.heights).toEqual([6, 0, 0, 0, 0, 0, 0, 0, 6]);
    expect(position.turn).toBe(1);
    expect(position.legalMoves().map((move) => move.column)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses the pre-filled columns, saying why', () => {
    const error = errorOf(parseFamilyGame('five:1'));
    expect(error.code).toBe(ErrorCode.ColumnFull);
    expect(error.message).toBe('move 1: column 1 is full (it is filled before the first move)');
  });

  it('five in a row wins, counting the pre-set discs', () => {
    const position = game('five:2233445');
    const outcome = position.outcome;
    if (outcome.kind !== 'win') throw new Error('expected a win');
    expect(outcome.winner).toBe(1);
    expect(outcome.cells).toEqual([0, 1, 2, 3, 4].map((column) => ({ column, row: 0 })));
    // Four in a row is no win here.
    expect(game('five:223344').isOver).toBe(false);
  });

  it('a full board is a draw', () => {
    const position = game('five:487545383823525742356443843275668866776227');
    expect(position.ply).toBe(42);
    expect(position.outcome).toEqual({ kind: 'draw', reason: 'board_full' });
  });
});

describe('the classic game through the family engine', () => {
  it('plays exactly like the classic Position', () => {
    fc.assert(
      fc.property(gameArb(), (classic) => {
        const ruleset = unwrap(createRuleset({ game: 'classic', board: classic.variant }));
        const family = unwrap(GamePosition.fromMoves(ruleset, classic.moves.map(drop)));
        const { kind } = classic.outcome;
        expect(family.outcome.kind).toBe(kind);
        if (classic.outcome.kind === 'win' && family.outcome.kind === 'win') {
          expect(family.outcome.cells).toEqual(classic.outcome.cells);
          expect(family.outcome.winner).toBe(classic.outcome.winner);
        }
        if (family.outcome.kind === 'draw') expect(family.outcome.reason).toBe('board_full');
      }),
      { numRuns: 200 },
    );
    expect(Position.empty(CLASSIC).legalColumns()).toHaveLength(7);
  });
});
