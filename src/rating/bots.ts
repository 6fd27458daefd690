import type { Rating } from './glicko2.js';
import type { PoolId } from './pools.js';

/** The computer levels that can sit at an online table (the ids of src/ai's LEVELS). */
export type BotLevel = 'beginner' | 'casual' | 'intermediate' | 'strong' | 'perfect';

export const BOT_LEVELS: readonly BotLevel[] = [
  'beginner',
  'casual',
  'intermediate',
  'strong',
  'perfect',
];

/** Beginner is pinned here in every pool; the rest follow the measured ladder. */
const BEGINNER_ANCHOR = 700;

/**
 * Elo steps between successive levels, from the `c4 arena` ladder in BENCHMARKS.md ("Computer
 * opponents", "Ladder with the one budget per level", 2026-12-02), played with exactly the
 * budgets every shell plays with (src/ai/budgets.ts): 7×6 for `classic`, 9×7 for other connect-4
 * boards, 7×7c5 for connect-N. Casual vs Beginner on 9×7 was a clean sweep (≥ +406): its lower
 * bound is used. The top step sums two 20-game runs on 7×6 and 7×7c5.
 */
const STEPS: Record<PoolId, readonly [number, number, number, number]> = {
  classic: [436, 319, 407, 285],
  connect4: [406, 407, 319, 338],
  connectN: [301, 158, 301, 61],
};

/**
 * A level's fixed rating in a pool. Its deviation is small (the ladder is measured) so a game
 * against the computer moves the human's rating about as much as one against an established
 * player; the computer's own rating never changes.
 */
export function botRating(pool: PoolId, level: BotLevel): Rating {
  const steps = STEPS[pool];
  let rating = BEGINNER_ANCHOR;
  for (let i = 0; i < BOT_LEVELS.indexOf(level); i++) rating += steps[i] ?? 0;
  return { rating, rd: 60, vol: 0.06 };
}

/** The level whose anchored rating is closest to the player's. */
export function botLevelFor(pool: PoolId, rating: number): BotLevel {
  let best: BotLevel = 'beginner';
  for (const level of BOT_LEVELS) {
    if (
      Math.abs(botRating(pool, level).rating - rating) <
      Math.abs(botRating(pool, best).rating - rating)
    ) {
      best = level;
    }
  }
  return best;
}
