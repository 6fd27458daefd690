import type { Variant } from '../core/index.js';
import type { Solver } from '../solver/index.js';
import { reviewMoves, type MoveReview } from './review.js';

export type PassEvent =
  | { readonly type: 'position'; readonly review: MoveReview; readonly pass: number }
  /** A pass ended; `open` positions are left for the next one. */
  | { readonly type: 'pass'; readonly pass: number; readonly open: number };

/** Worth another verdict pass: the move is not judged yet. */
const unjudged = (r: MoveReview): boolean => r.class === 'unsolved';
/** Worth another pass once all are judged: some column's score is only bounded. */
const inexact = (r: MoveReview): boolean => r.columns.some((c) => c !== null && !c.exact);

/**
 * A whole game's review in passes, verdicts first: each of `passes` (search time per position)
 * judges the moves still unjudged, from the last back, until every move is judged; then the same
 * passes fill in the other columns' exact scores. Each pass starts from what the earlier ones
 * proved. Yields every position as it is reviewed (again in later passes) and the end of each
 * pass; stops when nothing is left, the passes run out, or the signal aborts.
 */
export function* reviewInPasses(
  solver: Solver,
  variant: Variant,
  moves: readonly number[],
  passes: readonly number[],
  options: { readonly signal?: { readonly aborted: boolean }; readonly now?: () => number } = {},
): Generator<PassEvent, void, undefined> {
  const known = new Map<number, MoveReview>();
  let pass = 0;
  for (const [verdictOnly, open] of [
    [true, unjudged],
    [false, inexact],
  ] as const) {
    for (const positionMs of passes) {
      const plies = pass === 0 ? undefined : [...known.values()].filter(open).map((r) => r.ply);
      if (plies?.length === 0) break;
      let left = 0;
      const budget = { positionMs, verdictOnly, known, ...options, ...(plies ? { plies } : {}) };
      for (const review of reviewMoves(solver, variant, moves, budget)) {
        known.set(review.ply, review);
        if (open(review)) left++;
        yield { type: 'position', review, pass };
      }
      if (options.signal?.aborted === true) return;
      yield { type: 'pass', pass, open: left };
      pass++;
    }
  }
}
