import { Position, columnToChar, playerToMove, type Player, type Variant } from '../core/index.js';
import type { Evaluation } from '../solver/index.js';
import { provenResult } from './classify.js';
import { describeOutcome, outcomeOf } from './outcome.js';
import type { MoveReview } from './review.js';
import { summarize, type PlayerSummary } from './summary.js';
import type { MoveClass } from './vocabulary.js';

/** One move of a review as plain data (1-based move numbers and columns), for JSON and tables. */
export interface MoveLine {
  readonly move: number;
  readonly player: Player;
  readonly column: string;
  readonly class: MoveClass;
  /** The exact score of the column played, or null with its bounds. */
  readonly score: number | null;
  readonly lower: number;
  readonly upper: number;
  /** "win in 3 moves", "draw", "loss", "not solved". */
  readonly outcome: string;
  /** What the best column would have given. */
  readonly best: string;
  readonly better: readonly { readonly column: string; readonly outcome: string }[];
}

export interface ReviewReport {
  readonly moves: readonly MoveLine[];
  readonly players: readonly [PlayerSummary, PlayerSummary];
}

/**
 * The better columns worth naming: after a move that gave the result away (a mistake or a
 * blunder), only those that kept a better result. A slower loss listed as "better" after a
 * thrown-away win reads as advice to play a losing move.
 */
function betterShown(review: MoveReview): readonly number[] {
  if (review.class !== 'mistake' && review.class !== 'blunder') return review.better;
  const played = provenResult(review.played);
  return review.better.filter((c) => {
    const result = provenResult(review.columns[c]!);
    return played !== null && result !== null && result > played;
  });
}

export function moveLine(variant: Variant, review: MoveReview): MoveLine {
  const { ply, played } = review;
  return {
    move: ply + 1,
    player: review.player,
    column: columnToChar(review.column),
    class: review.class,
    score: played.exact ? played.lower : null,
    lower: played.lower,
    upper: played.upper,
    outcome: describeOutcome(outcomeOf(variant, ply, played)),
    best: describeOutcome(outcomeOf(variant, ply, review.value)),
    better: betterShown(review).map((c) => ({
      column: columnToChar(c),
      outcome: describeOutcome(outcomeOf(variant, ply, review.columns[c]!)),
    })),
  };
}

/** A move the review has not reached (yet): every legal column unsettled. */
export function unreviewed(variant: Variant, moves: readonly number[], ply: number): MoveReview {
  const before = Position.fromMoves(variant, moves.slice(0, ply));
  if (!before.ok) throw before.error;
  const cells = variant.width * variant.height;
  const open: Evaluation = {
    exact: false,
    score: null,
    lower: -Math.floor((cells - ply) / 2),
    upper: Math.floor((cells + 1 - ply) / 2),
  };
  const legal = new Set(before.value.legalColumns());
  const columns = Array.from({ length: variant.width }, (_, c) => (legal.has(c) ? open : null));
  return {
    ply,
    player: playerToMove(ply),
    column: moves[ply]!,
    columns,
    value: open,
    played: open,
    class: 'unsolved',
    better: [],
    nodes: 0,
  };
}

/**
 * Every move of the game in order as plain lines, with the summaries: the reviews known so far
 * (any order, any subset), the other moves as not solved.
 */
export function reviewReport(
  variant: Variant,
  moves: readonly number[],
  reviews: readonly MoveReview[],
): ReviewReport {
  const byPly = new Map(reviews.map((r) => [r.ply, r]));
  const all = moves.map((_, ply) => byPly.get(ply) ?? unreviewed(variant, moves, ply));
  return { moves: all.map((r) => moveLine(variant, r)), players: summarize(all) };
}
