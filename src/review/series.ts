import type { Position, Variant } from '../core/index.js';
import type { Evaluation } from '../solver/index.js';
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
 * order, any subset) and the final position (its outcome needs no solver; where the game was
 * left unfinished, the last move's judgement gives its value).
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
    points.push(review === undefined ? unknown(ply) : pointOf(variant, ply, review.value));
  }
  const end = final.outcome;
  if (end.kind === 'ongoing') {
    // The position the game stopped at is worth, to the side to move, minus the last move's.
    const played = byPly.get(final.ply - 1)?.played;
    points.push(
      played === undefined
        ? unknown(final.ply)
        : pointOf(variant, final.ply, {
            exact: played.exact,
            score: played.score === null ? null : 0 - played.score,
            lower: 0 - played.upper,
            upper: 0 - played.lower,
          }),
    );
    return points;
  }
  points.push({
    ply: final.ply,
    result: end.kind === 'win' ? (end.winner === 1 ? 1 : -1) : 0,
    plies: 0,
  });
  return points;
}

const unknown = (ply: number): EvaluationPoint => ({ ply, result: null, plies: null });

/** The point of the position after `ply` discs worth `value` to its side to move. */
function pointOf(variant: Variant, ply: number, value: Evaluation): EvaluationPoint {
  const forMover = provenResult(value);
  const flip = ply % 2 === 0 ? 1 : -1;
  const result = forMover === null ? null : ((forMover * flip + 0) as -1 | 0 | 1);
  const outcome = outcomeOf(variant, ply, value);
  let plies: number | null = null;
  if (outcome.kind === 'win' && outcome.moves !== null) plies = 2 * outcome.moves - 1;
  else if (outcome.kind === 'loss' && outcome.moves !== null) plies = 2 * outcome.moves;
  else if (outcome.kind === 'draw') plies = variant.width * variant.height - ply;
  return { ply, result, plies };
}
