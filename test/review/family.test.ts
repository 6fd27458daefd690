import { describe, expect, it } from 'vitest';
import {
  drop,
  parseFamilyGame,
  pop,
  unwrap,
  type GamePosition,
  type Move,
} from '../../src/core/index.js';
import {
  classifyFamilyMove,
  describeFamilyScore,
  reviewFamilyGame,
  summarizeFamily,
  type FamilyAnalyser,
} from '../../src/review/index.js';

const scored = (...entries: [Move, number | null][]) =>
  entries.map(([move, score]) => ({ move, score }));

describe('family review', () => {
  it.each([
    // [scores, played, class]
    [scored([drop(0), 5], [pop(1), 7]), pop(1), 'best'],
    [scored([drop(0), 5], [pop(1), 7]), drop(0), 'slower'],
    [scored([drop(0), 0], [pop(1), 7]), drop(0), 'mistake'],
    [scored([drop(0), -3], [pop(1), 7]), drop(0), 'blunder'],
    [scored([drop(0), -3], [pop(1), 0]), drop(0), 'mistake'],
    [scored([drop(0), -3], [pop(1), null]), drop(0), 'unsolved'],
    [scored([drop(0), -3], [drop(2), 2], [pop(1), null]), drop(0), 'blunder'],
    [scored([drop(0), 3], [pop(1), null]), drop(0), 'unsolved'],
    [scored([drop(0), null], [pop(1), 4]), drop(0), 'unsolved'],
  ] as const)('%j playing %j is %s', (moves, played, expected) => {
    expect(classifyFamilyMove(moves, played)).toBe(expected);
  });

  it.each([
    // [scores, played, the position's value, class]: the value stands in for unknown scores
    [scored([drop(0), null], [pop(1), 5]), pop(1), 5, 'best'],
    [scored([drop(0), 3], [pop(1), null]), drop(0), 5, 'slower'],
    [scored([drop(0), -3], [pop(1), null]), drop(0), 0, 'mistake'],
    [scored([drop(0), -3], [pop(1), null]), drop(0), 5, 'blunder'],
    [scored([drop(0), -3], [pop(1), null]), drop(0), -3, 'best'],
    [scored([drop(0), null], [pop(1), 4]), drop(0), 4, 'unsolved'],
  ] as const)('%j playing %j with value %d is %s', (moves, played, value, expected) => {
    expect(classifyFamilyMove(moves, played, value)).toBe(expected);
  });

  it('judges each move in its own position, history included, and summarises per player', () => {
    const game = unwrap(parseFamilyGame('popout:44p4p444'));
    const seen: string[] = [];
    // A stand-in analyser: pops score -1 for their mover, drops 1; it records what it was asked.
    const analyse: FamilyAnalyser = (position: GamePosition) => {
      seen.push(`${position.ply}:${position.repetitions}`);
      return {
        moves: position.legalMoves().map((move) => ({ move, score: move.kind === 'pop' ? -1 : 1 })),
        nodes: 1,
      };
    };
    const reviews = reviewFamilyGame(game.ruleset, game.moves, analyse);
    expect(reviews.map((r) => r.ply)).toEqual([0, 1, 2, 3, 4, 5]);
    // Last move first; after 44p4p4 the start has come back, and after 44p4p44 the board of ply 1.
    expect(seen).toEqual(['5:2', '4:2', '3:1', '2:1', '1:1', '0:1']);
    expect(reviews.map((r) => r.class)).toEqual([
      'best',
      'best',
      'blunder',
      'blunder',
      'best',
      'best',
    ]);
    expect(reviews[2]!.better).toHaveLength(7);
    const [red, yellow] = summarizeFamily(game.moves.length, reviews);
    expect(red.counts.blunder).toBe(1);
    expect(red.firstDecisive).toBe(2);
    expect(yellow.accuracy).toBeCloseTo(200 / 3);
  });

  it('counts the moves a review did not reach as not solved, for each player', () => {
    const game = unwrap(parseFamilyGame('popout:4455667'));
    let asked = 0;
    // The review stops after two positions (the last two moves), as a time budget stops it.
    const signal = {
      get aborted() {
        return asked >= 2;
      },
    };
    const analyse: FamilyAnalyser = (position: GamePosition) => {
      asked++;
      return { moves: position.legalMoves().map((move) => ({ move, score: 1 })), nodes: 1 };
    };
    const reviews = reviewFamilyGame(game.ruleset, game.moves, analyse, { signal });
    expect(reviews.map((r) => r.ply)).toEqual([5, 6]);
    const [red, yellow] = summarizeFamily(game.moves.length, reviews);
    // Red played moves 1, 3, 5 and 7 (7 judged), Yellow 2, 4 and 6 (6 judged).
    expect([red.moves, red.counts.best, red.counts.unsolved]).toEqual([4, 1, 3]);
    expect([yellow.moves, yellow.counts.best, yellow.counts.unsolved]).toEqual([3, 1, 2]);
    expect(red.accuracy).toBe(100);
  });

  it('refuses a game that cannot be played, naming the move', () => {
    const game = unwrap(parseFamilyGame('popout:44'));
    expect(() =>
      reviewFamilyGame(game.ruleset, [drop(3), pop(3)], () => ({ moves: [], nodes: 0 })),
    ).toThrow('move 2: column 4 has no Yellow disc at the bottom');
  });

  it('reads scores as wins and losses in moves of the mover', () => {
    const popout = unwrap(parseFamilyGame('popout:44'));
    expect(describeFamilyScore(popout, 1000 - 1, 1000)).toBe('win in 1 move');
    expect(describeFamilyScore(popout, 1000 - 5, 1000)).toBe('win in 3 moves');
    expect(describeFamilyScore(popout, -(1000 - 4), 1000)).toBe('loss in 2 moves');
    expect(describeFamilyScore(popout, 0, 1000)).toBe('draw');
    expect(describeFamilyScore(popout, null, 1000)).toBe('not solved');
    // Five-in-a-Row: 12 set-up discs; winning with the next disc at 14 discs on 54 cells scores 20.
    const five = unwrap(parseFamilyGame('five:55'));
    expect(describeFamilyScore(five, 20, 1000)).toBe('win in 1 move');
  });
});
