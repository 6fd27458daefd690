import { isClassic, type Variant } from '../core/index.js';
import { isSolvable, type LevelId } from './levels.js';

/**
 * How long a level thinks: the one definition the web page, the CLI and the server's computer
 * players all play with (they pass no budget of their own; `timeMs` from a caller can only
 * lower it). The fixed online ratings (src/rating/bots.ts) were measured with exactly these.
 *
 * Why nodes for the searching levels: a wall-clock budget makes a level's strength depend on the
 * machine and its load (a cold JIT, a busy server, a slow phone), so a level rated from one
 * ladder played another strength elsewhere; searched positions do not. A node budget also makes
 * a seeded game repeat exactly. Each still has a wall-clock ceiling, a safety net so a very
 * slow device answers in bounded time (only there is it weaker).
 *
 * Why time for Perfect on boards the solver handles: its strength comes from proofs (the opening
 * book, the solver's win/draw/loss pass), not from search depth, and its budget is a latency
 * promise to the player (0.9 s on 7x6); a proof either arrives or the move keeps what is proven.
 */
export interface ThinkingBudget {
  /** Positions the alpha-beta search may visit; `null` when the level is bounded by time only. */
  readonly nodes: number | null;
  /** Wall-clock ceiling in milliseconds (for node-bounded levels, only a safety net). */
  readonly timeMs: number;
}

/** Searched positions per move for the searching levels (Casual and Intermediate are depth-bound
 * well below theirs: at most a few thousand nodes on a 9x7 board). */
export const LEVEL_NODES = {
  casual: 20_000,
  intermediate: 40_000,
  strong: 60_000,
  /** The top level where nothing solves the board. */
  expert: 1_000_000,
} as const;

/** Perfect's wall-clock budget on 7x6 (its latency target) and on other solvable boards. */
export const PERFECT_CLASSIC_MS = 900;
/**
 * Off the classic board the top level thinks longer: no latency target binds it there, and with
 * 7x6's budget it was barely stronger than Strong, because the solver settles few positions of
 * those boards in time.
 */
export const PERFECT_OTHER_MS = 2000;

/** Safety ceilings of the node-bounded levels (never reached on a desktop). */
const SEARCH_CEILING_MS = 3_000;
const EXPERT_CEILING_MS = 10_000;

/** The budget a level plays with on a board: the same in every shell. */
export function thinkingBudget(level: LevelId, variant: Variant): ThinkingBudget {
  switch (level) {
    case 'beginner':
      return { nodes: 0, timeMs: 0 };
    case 'casual':
    case 'intermediate':
    case 'strong':
      return { nodes: LEVEL_NODES[level], timeMs: SEARCH_CEILING_MS };
    case 'perfect':
      if (!isSolvable(variant)) return { nodes: LEVEL_NODES.expert, timeMs: EXPERT_CEILING_MS };
      return { nodes: null, timeMs: isClassic(variant) ? PERFECT_CLASSIC_MS : PERFECT_OTHER_MS };
  }
}

/** A caller's `timeMs` lowers the level's ceiling (e.g. a server under load), never raises it. */
export function effectiveBudget(
  level: LevelId,
  variant: Variant,
  timeMs: number | undefined,
): ThinkingBudget {
  const budget = thinkingBudget(level, variant);
  if (timeMs === undefined || timeMs >= budget.timeMs) return budget;
  return { nodes: budget.nodes, timeMs: Math.max(0, timeMs) };
}

/**
 * PopOut and Five-in-a-Row (src/ai/family): positions per move of each level, the one table web,
 * CLI and server play with and the family ladder (docs/family.md) was measured with. Their search
 * walks the rules' own GamePosition, slower per position than the classic bitboard, hence smaller
 * numbers for a similar wait. Perfect spends its nodes on the exact solver first, then searches.
 */
export const FAMILY_LEVEL_NODES = {
  casual: 5_000,
  intermediate: 20_000,
  strong: 60_000,
  perfect: 200_000,
} as const;

/**
 * PopOut: positions Perfect's solver may visit per move for the position's score and best moves
 * (`solveFamily`). Real games' positions take up to ~4.2 M from ply 2 on (docs/family.md,
 * "Computer levels"), about half a second here.
 */
export const FAMILY_PERFECT_SOLVE_NODES = 10_000_000;

/** Positions Perfect's exact solver may visit per move for every move's score (analyseFamily). */
export const FAMILY_PERFECT_SOLVER_NODES = 500_000;

/** Wall-clock ceilings of the family levels: a safety net for slow devices, as above. */
const FAMILY_CEILING_MS = 3_000;
const FAMILY_PERFECT_CEILING_MS = 6_000;

export function familyThinkingBudget(level: LevelId): ThinkingBudget {
  if (level === 'beginner') return { nodes: 0, timeMs: 0 };
  const timeMs = level === 'perfect' ? FAMILY_PERFECT_CEILING_MS : FAMILY_CEILING_MS;
  return { nodes: FAMILY_LEVEL_NODES[level], timeMs };
}
