import type { Player } from '../core/index.js';
import type { MoveReview } from './review.js';
import { MOVE_CLASSES, type MoveClass } from './vocabulary.js';

export interface PlayerSummary {
  readonly player: Player;
  readonly moves: number;
  readonly counts: Readonly<Record<MoveClass, number>>;
  /** The first move (its ply) that changed the result: a mistake or a blunder. */
  readonly firstDecisive: number | null;
  /**
   * Accuracy in percent over the judged moves (all but `unsolved`): a best move counts 1, a
   * slower one (result kept) 1/2, a mistake or blunder 0. Null when no move was judged.
   */
  readonly accuracy: number | null;
}

const ZERO: Record<MoveClass, number> = Object.fromEntries(
  MOVE_CLASSES.map((c) => [c.id, 0]),
) as Record<MoveClass, number>;

/** Counts, first decisive mistake and accuracy of each player, from reviews in any order. */
export function summarize(
  reviews: readonly Pick<MoveReview, 'player' | 'ply' | 'class'>[],
): readonly [PlayerSummary, PlayerSummary] {
  const of = (player: Player): PlayerSummary => {
    const own = reviews.filter((r) => r.player === player).sort((a, b) => a.ply - b.ply);
    const counts = { ...ZERO };
    for (const r of own) counts[r.class]++;
    const judged = own.length - counts.unsolved;
    const decisive = own.find((r) => r.class === 'mistake' || r.class === 'blunder');
    return {
      player,
      moves: own.length,
      counts,
      firstDecisive: decisive?.ply ?? null,
      accuracy: judged === 0 ? null : (100 * (counts.best + counts.slower / 2)) / judged,
    };
  };
  return [of(1), of(2)];
}
