import { describe, expect, it } from 'vitest';
import {
  hintFromEvaluation,
  hintLabel,
  rankEstimates,
  lossDistance,
  winDistance,
} from '../../src/web/state/hints.js';

const classic = { width: 7, height: 6 };
const exact = (score: number) => ({ exact: true, score, lower: score, upper: score });

describe('score to "win in N"', () => {
  it('known answers on the classic board', () => {
    // The empty board scores +1: Red wins with its 21st disc (the 41st disc overall).
    expect(winDistance(classic, 0, 1)).toBe(21);
    // A win with the very next disc (disc 1) scores floor(42/2) = 21: win in 1.
    expect(winDistance(classic, 0, 21)).toBe(1);
    // At ply 6, winning with the mover's next disc (disc 7) scores floor((43-7)/2) = 18.
    expect(winDistance(classic, 6, 18)).toBe(1);
    expect(winDistance(classic, 6, 17)).toBe(2);
    // The opponent wins with disc 8, right after our move at ply 6: 7 discs lie before it, so
    // the score is -floor((43-7)/2) = -18, a loss in 1 (the shown hint used to say L0 here).
    expect(lossDistance(classic, 6, -18)).toBe(1);
    expect(lossDistance(classic, 6, -17)).toBe(2);
    expect(lossDistance(classic, 6, -16)).toBe(3);
    // Odd plies (it showed W0 for a win with the next disc at ply 1 and 7).
    expect(winDistance(classic, 1, 21)).toBe(1);
    expect(winDistance(classic, 7, 18)).toBe(1);
    expect(winDistance(classic, 7, 17)).toBe(2);
    // At ply 7 the opponent's next disc drops after 8 discs: -floor((43-8)/2) = -17, a loss in 1.
    expect(lossDistance(classic, 7, -17)).toBe(1);
    expect(lossDistance(classic, 7, -16)).toBe(2);
  });

  it('distances are whole and at least 1 for every score reachable at a ply', () => {
    for (let ply = 0; ply < 42; ply++) {
      const maxScore = Math.floor((43 - (ply + 1)) / 2);
      for (let score = 1; score <= maxScore; score++) {
        const n = winDistance(classic, ply, score);
        expect(Number.isInteger(n) && n >= 1).toBe(true);
      }
      // The opponent's earliest win is the disc after ours, with ply + 1 discs before it.
      const maxLoss = Math.floor((43 - (ply + 1)) / 2);
      for (let score = 1; score <= maxLoss; score++) {
        const l = lossDistance(classic, ply, -score);
        expect(Number.isInteger(l) && l >= 1).toBe(true);
      }
    }
  });

  it('maps evaluations and bounds to hints and readable labels', () => {
    expect(hintFromEvaluation(null, classic, 0, false)).toEqual({ kind: 'full' });
    expect(hintFromEvaluation(exact(0), classic, 0, false)).toEqual({ kind: 'draw' });
    expect(hintFromEvaluation(exact(1), classic, 0, true)).toEqual({ kind: 'win', moves: null });
    expect(
      hintFromEvaluation({ exact: false, score: null, lower: 0, upper: 5 }, classic, 0, false),
    ).toEqual({
      kind: 'notLosing',
    });
    expect(
      hintFromEvaluation({ exact: false, score: null, lower: -3, upper: -1 }, classic, 0, false),
    ).toEqual({
      kind: 'loss',
      moves: null,
    });
    expect(hintLabel({ kind: 'win', moves: 3 })).toEqual({
      short: 'W3',
      long: 'win in 3 moves',
      tone: 'good',
    });
    expect(hintLabel({ kind: 'loss', moves: 1 }).long).toBe('loss in 1 move');
    expect(hintLabel({ kind: 'estimate', value: -12.4 }).long).toContain('not exact');
  });

  it('ranks estimates against the search’s choice, so the preferred column shows', () => {
    const ranked = rankEstimates([
      { kind: 'estimate', value: 120 },
      { kind: 'estimate', value: 300 },
      { kind: 'full' },
      { kind: 'estimate', value: 100 },
      { kind: 'estimate', value: 280 },
    ]);
    expect(ranked.map((h) => hintLabel(h).short)).toEqual(['~−9', '~★', '', '~−10', '~−1']);
    // Drawn as estimates, never with a proof's tone: the ★ must not look like a proven win.
    expect(ranked.map((h) => hintLabel(h).tone)).toEqual([
      'estimate',
      'estimate',
      'none',
      'estimate',
      'estimate',
    ]);
    expect(hintLabel({ kind: 'win', moves: null }).tone).toBe('good');
    expect(hintLabel(ranked[0]!).long).toBe(
      '9 of 10 points below the search’s choice (estimate, not exact)',
    );
    // All alike: every column is the search's choice.
    const even = rankEstimates([
      { kind: 'estimate', value: 5 },
      { kind: 'estimate', value: 5 },
    ]);
    expect(even.map((h) => hintLabel(h).short)).toEqual(['~★', '~★']);
  });
});
