import { movesToEnd, type Variant } from '../core/index.js';
import type { Evaluation } from '../solver/index.js';

/**
 * What a score means for the side to move at `ply` discs: "win in 3" counts that side's own
 * moves, this one included; "loss in 3" means the opponent wins with its third move from now
 * (the solver's convention: a win with the disc dropped after m discs scores
 * floor((width*height + 1 - m) / 2)).
 */
export type ScoreOutcome =
  | { readonly kind: 'win'; readonly moves: number | null }
  | { readonly kind: 'draw' }
  | { readonly kind: 'loss'; readonly moves: number | null }
  /** Bounds only: at least a draw, or at most a draw. */
  | { readonly kind: 'notLosing' }
  | { readonly kind: 'notWinning' }
  | { readonly kind: 'unknown' };

export function winDistance(variant: Variant, ply: number, score: number): number {
  return movesToEnd(variant.width * variant.height, ply, score);
}

export function lossDistance(variant: Variant, ply: number, score: number): number {
  return movesToEnd(variant.width * variant.height, ply, score);
}

/** The outcome an evaluation proves: exact distances when exact, the result alone from bounds. */
export function outcomeOf(variant: Variant, ply: number, e: Evaluation): ScoreOutcome {
  if (e.exact) {
    const s = e.lower;
    if (s > 0) return { kind: 'win', moves: winDistance(variant, ply, s) };
    if (s < 0) return { kind: 'loss', moves: lossDistance(variant, ply, s) };
    return { kind: 'draw' };
  }
  if (e.lower > 0) return { kind: 'win', moves: null };
  if (e.upper < 0) return { kind: 'loss', moves: null };
  if (e.lower === 0 && e.upper === 0) return { kind: 'draw' };
  if (e.lower >= 0) return { kind: 'notLosing' };
  if (e.upper <= 0) return { kind: 'notWinning' };
  return { kind: 'unknown' };
}

export function describeOutcome(outcome: ScoreOutcome): string {
  const n = (m: number): string => `${m} move${m === 1 ? '' : 's'}`;
  switch (outcome.kind) {
    case 'win':
      return outcome.moves === null ? 'win' : `win in ${n(outcome.moves)}`;
    case 'loss':
      return outcome.moves === null ? 'loss' : `loss in ${n(outcome.moves)}`;
    case 'draw':
      return 'draw';
    case 'notLosing':
      return 'draw or win';
    case 'notWinning':
      return 'draw or loss';
    default:
      return 'not solved';
  }
}
