/**
 * Rating pools. Skill carries over between games of one pool and not across them:
 * - `classic`: 7×6 connect 4, the game almost everyone plays; its own pool.
 * - `connect4`: every other connect-4 board (8×7, 9×7, 10×10…): the same tactics (threat
 *   parity, centre control) on more room; too few games per size to split further.
 * - `connectN`: connect 3 and connect 5+ (7×7c5, 5×4c3…): a different line length changes the
 *   game far more than the board size does.
 * - `popout`, `five`: the family's other games (src/core/family), a pool each whatever the board:
 *   pops and a pre-set board change the game more than any board size does.
 * Clocks do not split pools: a Connect Four game is at most a few dozen moves, and the ladder of
 * computer levels measured with no clock holds with one; separate clock pools would leave each
 * too thin to pair in.
 */
/** The pools of the classic game, by board. */
export type BoardPoolId = 'classic' | 'connect4' | 'connectN';
/** The pools of the family's other games, one per game. */
export type FamilyPoolId = 'popout' | 'five';
export type PoolId = BoardPoolId | FamilyPoolId;

/** The classic game's pools (each with its measured ladder board, `LADDER_BUDGETS`). */
export const POOLS: readonly BoardPoolId[] = ['classic', 'connect4', 'connectN'];
export const FAMILY_POOLS: readonly FamilyPoolId[] = ['popout', 'five'];
export const ALL_POOLS: readonly PoolId[] = [...POOLS, ...FAMILY_POOLS];

export interface PoolVariant {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
}

export function poolOfVariant(v: PoolVariant): BoardPoolId {
  if (v.connect !== 4) return 'connectN';
  return v.width === 7 && v.height === 6 ? 'classic' : 'connect4';
}

export const isPoolId = (text: string): text is PoolId =>
  (ALL_POOLS as readonly string[]).includes(text);
