import type { Position, Variant } from '../core/index.js';
import { provenResult } from './classify.js';
import { outcomeOf } from './outcome.js';
import type { MoveReview } from './review.js';

/**
 * One point of the evaluation graph: the position after `ply` discs, seen from the first
 * player (Red): 1 won, 0 drawn, -1 lost, null not settled; `plies` is how many discs remain
 * to be dropped until that result with best play (null when only the result is known).
 */
export interface EvaluationPoint {
  readonly ply: number;
  readonly result: -1 | 0 | 1 | null;
  readonly plies: number | null;
}

/**
 * The graph's points for every position of the game, from the reviews known so far (any
 * order, any subset) and the final position (its outcome needs no solver).
 */
export function evaluationSeries(
  variant: Variant,
  final: Pick<Position, 'ply' | 'outcome'>,
  reviews: readonly MoveReview[],
): readonly EvaluationPoint[] {
  const byPly = new Map(reviews.map((r) => [r.ply, r]));
  const points: EvaluationPoint[] = [];
  for (let ply = 0; ply < final.ply; ply++) {
    const review = byPly.get(ply);
    if (review === undefined) {
      points.push({ ply, result: null, plies: null });
      continue;
    }
    const forMover = provenResult(review.value);
    const flip = ply % 2 === 0 ? 1 : -1;
    const result = forMover === null ? null : ((forMover * flip + 0) as -1 | 0 | 1);
    const outcome = outcomeOf(variant, ply, review.value);
    let plies: number | null = null;
    if (outcome.kind === 'win' && outcome.moves !== null) plies = 2 * outcome.moves - 1;
    else if (outcome.kind === 'loss' && outcome.moves !== null) plies = 2 * outcome.moves;
    else if (outcome.kind === 'draw') plies = variant.width * variant.height - ply;
    points.push({ ply, result, plies });
  }
  const end = final.outcome;
  points.push({
    ply: final.ply,
    result: end.kind === 'win' ? (end.winner === 1 ? 1 : -1) : end.kind === 'draw' ? 0 : null,
    plies: end.kind === 'ongoing' ? null : 0,
  });
  return points;
}
