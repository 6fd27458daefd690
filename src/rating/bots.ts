import type { Rating } from './glicko2.js';
import type { BoardPoolId, PoolId } from './pools.js';

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
 * Elo steps between successive levels, from the `c4 arena` ladder (BENCHMARKS.md, the ladder
 * rows), played with exactly the budgets every shell plays with (`LADDER_BUDGETS` below): 7×6
 * for `classic`, 9×7 for other connect-4 boards, 7×7c5 for connect-N. A clean sweep has no
 * upper bound, so its lower bound is used (Casual vs Beginner on 9×7).
 */
const STEPS: Record<PoolId, readonly [number, number, number, number]> = {
  classic: [436, 319, 407, 285],
  connect4: [406, 407, 319, 203],
  connectN: [301, 158, 301, 61],
  // `c4 arena --game popout|five -n 60 --seed 3` with src/ai/budgets.ts's FAMILY_LEVEL_NODES
  // and Perfect's 6 s ceiling with the WebAssembly solver (docs/family.md, "The ladder"); PopOut's
  // Perfect rung measured again once Perfect asked for the best moves alone.
  popout: [250, 260, 382, 147],
  five: [241, 89, 232, 140],
};

/** A level's budget as src/ai/budgets.ts gives it (`ThinkingBudget`): positions, milliseconds. */
export interface MeasuredBudget {
  readonly nodes: number | null;
  readonly timeMs: number;
}

const BELOW_PERFECT = {
  beginner: { nodes: 0, timeMs: 0 },
  casual: { nodes: 20_000, timeMs: 3000 },
  intermediate: { nodes: 40_000, timeMs: 3000 },
  strong: { nodes: 60_000, timeMs: 3000 },
} as const;

/**
 * The board each pool's ladder was played on and every level's budget there, as the ladder ran
 * (kept here as plain data, beside the steps it produced). test/ai/budgets.test.ts fails when a
 * level's budget (`thinkingBudget`) on any board the game offers differs from its pool's entry:
 * a rating then no longer describes how the level plays, and the ladder is measured again.
 */
export const LADDER_BUDGETS: Record<
  BoardPoolId,
  { readonly variant: string; readonly budgets: Readonly<Record<BotLevel, MeasuredBudget>> }
> = {
  classic: {
    variant: '7x6c4',
    budgets: { ...BELOW_PERFECT, perfect: { nodes: null, timeMs: 900 } },
  },
  connect4: {
    variant: '9x7c4',
    budgets: { ...BELOW_PERFECT, perfect: { nodes: null, timeMs: 2000 } },
  },
  connectN: {
    variant: '7x7c5',
    budgets: { ...BELOW_PERFECT, perfect: { nodes: null, timeMs: 2000 } },
  },
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
