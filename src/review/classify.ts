import type { Evaluation } from '../solver/index.js';
import type { MoveClass } from './vocabulary.js';

const sign = (n: number): number => Math.sign(n) + 0;

/** The result an evaluation proves (1 win, 0 draw, -1 loss), or null when its bounds straddle. */
export function provenResult(e: Evaluation): number | null {
  return sign(e.lower) === sign(e.upper) ? sign(e.lower) : null;
}

/** Bounds on the best a position offers: the best column's score lies within them. */
export function bestOf(columns: readonly (Evaluation | null)[]): Evaluation {
  let lower = -Infinity;
  let upper = -Infinity;
  for (const c of columns) {
    if (c === null) continue;
    lower = Math.max(lower, c.lower);
    upper = Math.max(upper, c.upper);
  }
  return lower === upper
    ? { exact: true, score: lower, lower, upper }
    : { exact: false, score: null, lower, upper };
}

/**
 * The class of playing `column` where `columns` are the scores of every column for the side to
 * move (bounds where the search was cut short); `best`, bounds on the best column's score when
 * more is known of it than the columns say (the position's value from the book). Only what the
 * bounds prove is claimed: anything else is `unsolved`.
 */
export function classify(
  columns: readonly (Evaluation | null)[],
  column: number,
  best: Evaluation = bestOf(columns),
): MoveClass {
  const played = columns[column];
  if (played === null || played === undefined) throw new RangeError(`column ${column} is full`);
  if (played.exact && played.lower >= best.upper) return 'best';
  const result = provenResult(played);
  const bestResult = provenResult(best);
  if (result === null || bestResult === null) return 'unsolved';
  const lost = bestResult - result;
  if (lost >= 2) return 'blunder';
  if (lost === 1) return 'mistake';
  // Same result: slower if some column is proven to score more.
  return played.upper < best.lower ? 'slower' : 'unsolved';
}

/** Columns proven to score more than `column` (best first). */
export function betterColumns(
  columns: readonly (Evaluation | null)[],
  column: number,
): readonly number[] {
  const played = columns[column];
  if (played === null || played === undefined) return [];
  const better: number[] = [];
  columns.forEach((c, i) => {
    if (c !== null && i !== column && c.lower > played.upper) better.push(i);
  });
  return better.sort((a, b) => columns[b]!.lower - columns[a]!.lower || a - b);
}

/** Intersects strong bounds with win/draw/loss bounds (-1..1) from a weak search. */
export function withWeakBounds(strong: Evaluation, weak: Evaluation | null): Evaluation {
  if (weak === null) return strong;
  let { lower, upper } = strong;
  if (weak.lower >= 1) lower = Math.max(lower, 1);
  else if (weak.lower >= 0) lower = Math.max(lower, 0);
  if (weak.upper <= -1) upper = Math.min(upper, -1);
  else if (weak.upper <= 0) upper = Math.min(upper, 0);
  return lower === upper
    ? { exact: true, score: lower, lower, upper }
    : { exact: false, score: null, lower, upper };
}
