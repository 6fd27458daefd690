import { describe, expect, it } from 'vitest';
import { createVariant } from '../../src/core/index.js';
import { summarize, type MoveClass, type MoveReview } from '../../src/review/index.js';
import {
  bandAt,
  pointLabel,
  pointValue,
  pointY,
  stripLabelPlace,
} from '../../src/web/review/graph.js';
import {
  accuracyText,
  decisiveVerdict,
  reviewStatusText,
  verdictText,
} from '../../src/web/review/progress.js';
import { reviewable } from '../../src/web/review/routes.js';

/**
 * A 20-move game in which Red (even plies) gives the result away at move 9 (ply 8) and again
 * at move 17 (ply 16), judged as the worker judges it: from the last move back. Only what the
 * verdict reads is filled in (ply, player, class).
 */
const MOVES = 20;
const CLASS_AT: Readonly<Record<number, MoveClass>> = { 8: 'blunder', 16: 'mistake', 5: 'slower' };
const review = (ply: number, cls: MoveClass = CLASS_AT[ply] ?? 'best'): MoveReview =>
  ({ ply, player: ply % 2 === 0 ? 1 : 2, class: cls }) as MoveReview;
const backwards = Array.from({ length: MOVES }, (_, i) => review(MOVES - 1 - i));

describe('review progress', () => {
  it('names a first decisive mistake only once every earlier move of that player is judged', () => {
    const shown: string[] = [];
    for (let known = 1; known <= MOVES; known++) {
      const partial = backwards.slice(0, known);
      const byPly = new Map(partial.map((r) => [r.ply, r]));
      const finished = known === MOVES;
      const verdict = decisiveVerdict(1, summarize(partial)[0], byPly, MOVES, finished);
      // Move 17 is found first, but it is never named: move 9 is the first, and only once
      // Red's moves 1, 3, 5 and 7 are judged too.
      if (verdict.kind === 'move') expect(verdict.ply).toBe(8);
      if (known < MOVES - 8) expect(verdict.kind, `after ${known} moves judged`).toBe('pending');
      shown.push(verdictText(verdict));
    }
    expect(shown).not.toContain('move 17');
    expect(shown.at(-1)).toBe('move 9');
    expect(shown[0]).toBe('not known yet (10 moves still to judge)');
    expect(shown[10]).toBe('not known yet (5 moves still to judge)');
    // Yellow never gave anything away: "none" only once all its moves are judged.
    const yellow = (known: number): string => {
      const partial = backwards.slice(0, known);
      const byPly = new Map(partial.map((r) => [r.ply, r]));
      return verdictText(decisiveVerdict(2, summarize(partial)[1], byPly, MOVES, false));
    };
    expect(yellow(18)).toBe('not known yet (1 move still to judge)');
    expect(yellow(20)).toBe('none');
  });

  it('after the last pass, says what could not be solved instead of a verdict', () => {
    const unsolvedEarly = backwards.map((r) => (r.ply === 2 ? review(2, 'unsolved') : r));
    const byPly = new Map(unsolvedEarly.map((r) => [r.ply, r]));
    const verdict = decisiveVerdict(1, summarize(unsolvedEarly)[0], byPly, MOVES, true);
    expect(verdictText(verdict)).toBe(
      'not proven: move 9 is the first judged one, 1 move before it could not be solved',
    );
    expect(verdictText(decisiveVerdict(2, { firstDecisive: null }, new Map(), 10, true))).toBe(
      'none found, but 5 moves could not be solved',
    );
  });

  it('gives accuracy with its base', () => {
    const partial = summarize(backwards.slice(0, 6));
    expect(accuracyText(partial[1], 10)).toBe('Accuracy 100% over 3 of 10 moves judged');
    expect(accuracyText(summarize(backwards)[1], 10)).toBe('Accuracy 95% over all 10 moves judged');
    expect(accuracyText(summarize([])[0], 10)).toBe(
      'Accuracy: not known yet (0 of 10 moves judged)',
    );
  });

  it('plots a far win in its winner’s band (the start, "Red wins in 21"), and nothing unjudged among the draws', () => {
    const start = { ply: 0, result: 1 as const, plies: 41 };
    expect(pointLabel(start)).toBe('Start: Red wins in 21 moves with best play');
    expect(bandAt(pointY(pointValue(start, 42)))).toBe('red');
    for (let plies = 0; plies <= 42; plies++) {
      expect(bandAt(pointY(pointValue({ ply: 0, result: 1, plies }, 42)))).toBe('red');
      expect(bandAt(pointY(pointValue({ ply: 0, result: -1, plies }, 42)))).toBe('yellow');
    }
    expect(bandAt(pointY(pointValue({ ply: 5, result: 1, plies: null }, 42)))).toBe('red');
    expect(bandAt(pointY(pointValue({ ply: 5, result: 0, plies: 30 }, 42)))).toBe('draw');
    const unjudged = { ply: 3, result: null, plies: null };
    expect(bandAt(pointY(pointValue(unjudged, 42)))).toBe('unjudged');
    expect(pointLabel(unjudged)).toBe('After move 3: not judged yet');
  });

  it('puts the "Not judged yet" label where no open point lies under it', () => {
    // A 600-px graph, a label 80 px wide; the open points' xs.
    const clearOf = (open: number[]) => {
      const place = stripLabelPlace(600, 80, open);
      if (place === null) return null;
      const from =
        place.anchor === 'end' ? place.x - 80 : place.anchor === 'start' ? place.x : place.x - 40;
      return open.every((p) => p < from - 4 || p > from + 84) ? place.anchor : 'overlaps';
    };
    expect(clearOf([])).toBe('end');
    // Early moves open while the review runs: the label stays at the right.
    expect(clearOf([14, 50, 86])).toBe('end');
    // The last position open (an unfinished game): the label moves off it, to the left.
    expect(clearOf([586])).toBe('start');
    expect(clearOf([14, 586])).toBe('middle');
    // No gap wide enough anywhere: no label rather than one over a point.
    expect(clearOf(Array.from({ length: 30 }, (_, i) => 14 + i * 20))).toBeNull();
  });

  it('says how far the review got, and on stopping how many moves it could not solve', () => {
    expect(reviewStatusText(2, 7, false)).toBe(
      'Reviewing… 2 of 7 moves judged (from the last move back).',
    );
    expect(reviewStatusText(7, 7, true)).toBe('Review complete: all 7 moves judged.');
    expect(reviewStatusText(5, 7, true)).toBe(
      'Review stopped: 2 of 7 moves not solved in the time allowed.',
    );
  });

  it('offers Review on every board the game offers (past 64 bits through the wide build)', () => {
    const table: [number, number, number, boolean][] = [
      [7, 6, 4, true],
      [7, 7, 5, true],
      [8, 7, 4, true],
      [5, 4, 3, true],
      [9, 7, 4, true],
      [10, 10, 4, true],
      [12, 12, 4, true],
    ];
    for (const [width, height, connect, ok] of table) {
      const variant = createVariant({ width, height, connect });
      if (!variant.ok) throw variant.error;
      expect(reviewable(variant.value), `${width}x${height}`).toBe(ok);
    }
  });
});
