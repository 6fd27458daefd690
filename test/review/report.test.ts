import { describe, expect, it } from 'vitest';
import { CLASSIC } from '../../src/core/index.js';
import { moveLine, type MoveReview } from '../../src/review/index.js';
import type { Evaluation } from '../../src/solver/index.js';

const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });

describe('a move line', () => {
  // Found in a review: a thrown-away win listed "Better: 2 (loss in 21 moves)", which reads as
  // advice to play a losing move.
  it('after a blunder, Better names only the columns that kept a better result', () => {
    const columns = [exact(5), exact(-2), exact(-10), exact(0), null, null, null];
    const review: MoveReview = {
      ply: 10,
      player: 1,
      column: 2,
      columns,
      value: exact(5),
      played: exact(-10),
      class: 'blunder',
      better: [0, 3, 1],
      nodes: 0,
    };
    const line = moveLine(CLASSIC, review);
    expect(line.better.map((b) => b.column)).toEqual(['1', '4']);
    expect(line.better[0]!.outcome).toMatch(/^win in/);
    expect(line.better[1]!.outcome).toBe('draw');
    // A move that kept the result but was slower still hears of the faster ones.
    const slower = moveLine(CLASSIC, {
      ...review,
      played: exact(-10),
      class: 'slower',
      better: [1],
      columns: [null, exact(-2), exact(-10), null, null, null, null],
      value: exact(-2),
    });
    expect(slower.better.map((b) => b.column)).toEqual(['2']);
  });
});
