import { movesToEnd } from '../../core/index.js';

/**
 * What a column's score means to a player: "win in 3", "draw", "loss in 5". Scores follow the
 * solver's convention (side to move; a win with the disc dropped after m discs scores
 * floor((width*height + 1 - m) / 2)); "in N" counts the mover's own moves, this one included.
 */
export type Hint =
  | { readonly kind: 'full' }
  | { readonly kind: 'win'; readonly moves: number | null }
  | { readonly kind: 'loss'; readonly moves: number | null }
  | { readonly kind: 'draw' }
  /** Bounds from a search cut short: a draw or better / a draw or worse. */
  | { readonly kind: 'notLosing' }
  | { readonly kind: 'notWinning' }
  /**
   * A depth-limited estimate (boards too big to solve), positive = good for the mover; `behind`
   * places it against the column the search prefers (0) and the worst estimate (10).
   */
  | { readonly kind: 'estimate'; readonly value: number; readonly behind?: number }
  | { readonly kind: 'unknown' };

export interface EvaluationLike {
  readonly exact: boolean;
  readonly score: number | null;
  readonly lower: number;
  readonly upper: number;
}

export interface BoardSize {
  readonly width: number;
  readonly height: number;
}

/** Moves of the side to move (from `ply` discs) until its win with strong score `score` > 0. */
export function winDistance(size: BoardSize, ply: number, score: number): number {
  return movesToEnd(size.width * size.height, ply, score);
}

/**
 * Moves of the side to move, this one included, until the opponent wins (the opponent wins on
 * its N-th move from now), for strong score `score` < 0.
 */
export function lossDistance(size: BoardSize, ply: number, score: number): number {
  return movesToEnd(size.width * size.height, ply, score);
}

/**
 * The hint for one column from the solver's evaluation of playing it (scored for the side to
 * move before the drop, as `analyze` reports). `weak` scores are only -1/0/1.
 */
export function hintFromEvaluation(
  evaluation: EvaluationLike | null,
  size: BoardSize,
  ply: number,
  weak: boolean,
): Hint {
  if (evaluation === null) return { kind: 'full' };
  const { lower, upper } = evaluation;
  if (evaluation.exact && evaluation.score !== null) {
    const score = evaluation.score;
    if (score === 0) return { kind: 'draw' };
    if (score > 0) return { kind: 'win', moves: weak ? null : winDistance(size, ply, score) };
    return { kind: 'loss', moves: weak ? null : lossDistance(size, ply, score) };
  }
  if (lower > 0) return { kind: 'win', moves: null };
  if (upper < 0) return { kind: 'loss', moves: null };
  if (lower === 0) return { kind: 'notLosing' };
  if (upper === 0) return { kind: 'notWinning' };
  return { kind: 'unknown' };
}

/**
 * Search values are on an internal scale, so a player is shown where each column stands between
 * the search's choice (0) and the worst estimated column (10): which column it prefers, and by
 * how much the others trail.
 */
export function rankEstimates(hints: readonly Hint[]): Hint[] {
  const values = hints.flatMap((h) => (h.kind === 'estimate' ? [h.value] : []));
  const best = Math.max(...values);
  const spread = best - Math.min(...values);
  return hints.map((h) =>
    h.kind === 'estimate'
      ? { ...h, behind: spread === 0 ? 0 : Math.round((10 * (best - h.value)) / spread) }
      : h,
  );
}

/** Short text for the board (fits a narrow column) and a sentence for screen readers. */
export function hintLabel(hint: Hint): { short: string; long: string; tone: HintTone } {
  switch (hint.kind) {
    case 'full':
      return { short: '', long: 'full', tone: 'none' };
    case 'win':
      return hint.moves === null
        ? { short: 'W', long: 'wins', tone: 'good' }
        : {
            short: `W${hint.moves}`,
            long: `win in ${hint.moves} ${plural(hint.moves)}`,
            tone: 'good',
          };
    case 'loss':
      return hint.moves === null
        ? { short: 'L', long: 'loses', tone: 'bad' }
        : {
            short: `L${hint.moves}`,
            long: `loss in ${hint.moves} ${plural(hint.moves)}`,
            tone: 'bad',
          };
    case 'draw':
      return { short: 'D', long: 'draw', tone: 'even' };
    case 'notLosing':
      return { short: '≥D', long: 'draw or better', tone: 'even' };
    case 'notWinning':
      return { short: '≤D', long: 'draw or worse', tone: 'even' };
    case 'estimate': {
      if (hint.behind === 0) {
        return { short: '~★', long: 'the search’s choice (estimate, not exact)', tone: 'estimate' };
      }
      if (hint.behind !== undefined) {
        return {
          short: `~−${hint.behind}`,
          long: `${hint.behind} of 10 points below the search’s choice (estimate, not exact)`,
          tone: 'estimate',
        };
      }
      // Unranked, only the sign of a search value means something to a player.
      if (hint.value > 0)
        return { short: '~+', long: 'looks good (estimate, not exact)', tone: 'estimate' };
      if (hint.value < 0)
        return { short: '~−', long: 'looks bad (estimate, not exact)', tone: 'estimate' };
      return { short: '~=', long: 'looks even (estimate, not exact)', tone: 'estimate' };
    }
    case 'unknown':
      return { short: '?', long: 'not solved yet', tone: 'none' };
  }
}

/**
 * How a hint is drawn. `estimate` is a search's guess: drawn apart from every proof (no ▲/●/▼,
 * no win/loss colour), so a starred estimate cannot be taken for a proven win.
 */
export type HintTone = 'good' | 'even' | 'bad' | 'estimate' | 'none';

const plural = (n: number): string => (n === 1 ? 'move' : 'moves');
