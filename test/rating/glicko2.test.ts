import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INITIAL,
  PROVISIONAL_RD,
  formatRating,
  isProvisional,
  rateGame,
  ratePeriod,
  type Rating,
  type Score,
} from '../../src/rating/index.js';

/** Glicko-2's scale factor between its internal units and rating points. */
const SCALE = 173.7178;

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example (1500/200/0.06 against three opponents)", () => {
    const player: Rating = { rating: 1500, rd: 200, vol: 0.06 };
    const after = ratePeriod(player, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate values; computed exactly the rating is 1464.0507.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(after.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(after.vol - 0.05999)).toBeLessThan(1e-5);
  });

  const rating = fc.record({
    rating: fc.double({ min: 600, max: 2400, noNaN: true }),
    rd: fc.double({ min: 40, max: 350, noNaN: true }),
    vol: fc.double({ min: 0.04, max: 0.09, noNaN: true }),
  });

  it('a winner never loses points and a loser never gains; a game shrinks both deviations', () => {
    fc.assert(
      fc.property(rating, rating, (a, b) => {
        const [winner, loser] = rateGame(a, b, 1);
        expect(winner.rating).toBeGreaterThan(a.rating);
        expect(loser.rating).toBeLessThan(b.rating);
        // Step 6/7: the deviation grows by the (new) volatility, then the game shrinks it.
        expect(winner.rd).toBeLessThan(Math.hypot(a.rd, SCALE * winner.vol));
        expect(loser.rd).toBeLessThan(Math.hypot(b.rd, SCALE * loser.vol));
      }),
    );
  });

  it('a draw moves the higher-rated player down and the lower-rated up', () => {
    fc.assert(
      fc.property(rating, rating, (a, b) => {
        fc.pre(Math.abs(a.rating - b.rating) > 1);
        const [a2, b2] = rateGame(a, b, 0.5);
        const sign = Math.sign(b.rating - a.rating);
        expect(Math.sign(a2.rating - a.rating)).toBe(sign);
        expect(Math.sign(b2.rating - b.rating)).toBe(-sign);
      }),
    );
  });

  it('an upset moves ratings more than an expected result', () => {
    const strong: Rating = { rating: 1900, rd: 80, vol: 0.06 };
    const weak: Rating = { rating: 1300, rd: 80, vol: 0.06 };
    const expected = rateGame(strong, weak, 1)[0].rating - strong.rating;
    const upset = strong.rating - rateGame(strong, weak, 0)[0].rating;
    expect(upset).toBeGreaterThan(5 * expected);
  });

  it('is symmetric: swapping the players swaps the results', () => {
    fc.assert(
      fc.property(rating, rating, fc.constantFrom<Score>(0, 0.5, 1), (a, b, s) => {
        const [a1, b1] = rateGame(a, b, s);
        const [b2, a2] = rateGame(b, a, (1 - s) as Score);
        expect(a2.rating).toBeCloseTo(a1.rating, 9);
        expect(b2.rating).toBeCloseTo(b1.rating, 9);
      }),
    );
  });

  it('a new player is provisional ("1500?") until enough games bring the deviation down', () => {
    expect(isProvisional(INITIAL)).toBe(true);
    expect(formatRating(INITIAL)).toBe('1500?');
    let me = INITIAL;
    const opponent: Rating = { rating: 1500, rd: 60, vol: 0.06 };
    let games = 0;
    while (isProvisional(me)) {
      me = ratePeriod(me, [{ opponent, score: games % 2 === 0 ? 1 : 0 }]);
      games++;
      expect(games).toBeLessThan(40);
    }
    expect(me.rd).toBeLessThanOrEqual(PROVISIONAL_RD);
    expect(games).toBeGreaterThan(5);
    expect(formatRating(me)).toMatch(/^\d+$/);
  });
});
