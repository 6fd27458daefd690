import { describe, expect, it } from 'vitest';
import {
  BOT_LEVELS,
  POOLS,
  botLevelFor,
  botRating,
  poolOfVariant,
} from '../../src/rating/index.js';

describe('rating pools and computer levels', () => {
  it.each([
    [7, 6, 4, 'classic'],
    [8, 7, 4, 'connect4'],
    [9, 7, 4, 'connect4'],
    [6, 7, 4, 'connect4'],
    [7, 7, 5, 'connectN'],
    [5, 4, 3, 'connectN'],
  ] as const)('%ix%ic%i is in pool %s', (width, height, connect, pool) => {
    expect(poolOfVariant({ width, height, connect })).toBe(pool);
  });

  it('anchors the levels on the measured ladder (7x6: +436, +319, +407, +285 from Beginner at 700)', () => {
    expect(BOT_LEVELS.map((l) => botRating('classic', l).rating)).toEqual([
      700, 1136, 1455, 1862, 2147,
    ]);
  });

  it('rates the top level of other connect-4 boards by the 9x7 ladder of the Perfect it plays (2 s), not the old Expert', () => {
    expect(BOT_LEVELS.map((l) => botRating('connect4', l).rating)).toEqual([
      700, 1106, 1513, 1832, 2035,
    ]);
  });

  it('anchors the family levels on their own ladder (PopOut +147, Five-in-a-Row +140 for Perfect)', () => {
    expect(BOT_LEVELS.map((l) => botRating('popout', l).rating)).toEqual([
      700, 950, 1210, 1592, 1739,
    ]);
    expect(BOT_LEVELS.map((l) => botRating('five', l).rating)).toEqual([
      700, 941, 1030, 1262, 1402,
    ]);
  });

  it('levels rise in every pool and a player gets the level nearest their rating', () => {
    for (const pool of POOLS) {
      const ratings = BOT_LEVELS.map((l) => botRating(pool, l).rating);
      expect([...ratings].sort((a, b) => a - b)).toEqual(ratings);
      for (const level of BOT_LEVELS)
        expect(botLevelFor(pool, botRating(pool, level).rating)).toBe(level);
    }
    expect(botLevelFor('classic', 1500)).toBe('intermediate');
    expect(botLevelFor('classic', 400)).toBe('beginner');
    expect(botLevelFor('classic', 2600)).toBe('perfect');
  });
});
