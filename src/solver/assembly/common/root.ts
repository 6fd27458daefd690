// The search from the root, the same for every board width: the whole score, or only what a
// window asks (review verdicts), alone or (threads build) with helpers (parallel.ts).
//
// What differs by width comes from the build's `Width` class, given as the type argument `T`
// (never instantiated: `changetype<T>(0)` only names its methods, so every call is direct and
// inlinable). Its methods:
//   moves(): i32, size(): i32, evenHeight(): bool   the position and the board
//   winsNow(): bool        the side to move can win with its next disc
//   prepare(): i32         sets up the root's search (frames, mirror keys); the table region's
//                          bits to start with
//   useRegion(bits): void  searches in 2^bits entries from now on (and arms the slow path)
//   region(): i32          the bits in use
//   probe(med): i32        negamax from the root on the null window [med, med + 1]
//   publish(): void        (threads) writes the variant and the position into the header
//   readJob(): void        (helpers) reads them back, not yet applied
//   applyJob(moves, generation): void  (helpers) applies them: the root prepared
//   followRegion(bits): void           (helpers) indexes the region thread 0 uses

import { lossNext, winNow, clamp } from './scores';
import { rootProbe } from './windows';
import { aborted, budgetStop, resultLower, resultUpper } from './state';
import { solveShared } from './parallel';

/**
 * Solves the current position. Strong: exact score; weak: -1/0/1. Returns 1 when done, 0 when
 * stopped (then lower()/upper() hold the bounds proven so far). Precondition: game not over.
 */
export function solveRoot<T>(weak: i32): i32 {
  const w = changetype<T>(0);
  const size = w.size();
  const moves = w.moves();
  aborted = false;
  budgetStop = false;
  if (moves >= size) {
    resultLower = 0;
    resultUpper = 0;
    return 1;
  }
  if (w.winsNow()) {
    const s = winNow(size, moves);
    resultLower = weak != 0 ? 1 : s;
    resultUpper = resultLower;
    return 1;
  }
  let min = lossNext(size, moves);
  let max = winNow(size, moves);
  if (weak != 0) {
    min = -1;
    max = 1;
  }
  return searchRoot<T>(min, max);
}

/**
 * Narrows [min, max] around the current position's score with null-window probes from the root
 * (`rootProbe`; the threads build with its helpers, `solveShared`) until it is closed or the
 * budget ends: `solve` and `solveWithin` alike. Leaves the interval proven in
 * resultLower/resultUpper; returns 1 when closed, 0 when stopped. Precondition: the side to
 * move cannot win at once, min < max (or the interval is closed already).
 */
function searchRoot<T>(min: i32, max: i32): i32 {
  const w = changetype<T>(0);
  const bits = w.prepare();
  if (ASC_FEATURE_THREADS) {
    return solveShared<T>(min, max, bits);
  }
  w.useRegion(bits);
  let probes = 0;
  while (min < max) {
    const med = rootProbe(min, max, probes, w.evenHeight(), w.moves());
    probes++;
    const r = w.probe(med);
    if (aborted) break;
    if (r <= med) max = r < min ? min : r;
    else min = r > max ? max : r;
  }
  resultLower = min;
  resultUpper = max;
  return aborted ? 0 : 1;
}

/**
 * `solve(0)` narrowed to what the window [lo, hi] asks: stops once the score is known to be at
 * most `lo`, at least `hi`, or exactly (between them). [s, s + 1] is one null-window search,
 * "does the position score more than s?"; [-1, 1] is win/draw/loss. A review's verdict needs only
 * such comparisons (the played column against the best), not every column's exact score.
 * Afterwards lower()/upper() are true bounds on the score (the window's own edges are never
 * reported as bounds unless a search proved them). Returns 1 when done, 0 when stopped.
 * Precondition: game not over.
 */
export function solveWithinRoot<T>(lo: i32, hi: i32): i32 {
  const w = changetype<T>(0);
  const size = w.size();
  const moves = w.moves();
  const min = lossNext(size, moves);
  const max = winNow(size, moves);
  if (moves >= size || w.winsNow()) return solveRoot<T>(0);
  aborted = false;
  budgetStop = false;
  // The window, clamped to the scores possible here: every probe stays inside [min, max].
  if (hi <= lo) hi = lo + 1;
  const a = clamp(lo, min, max);
  const b = clamp(hi, min, max);
  let x = a;
  let y = b;
  let done = 1;
  if (a < b) {
    done = searchRoot<T>(a, b);
    x = resultLower;
    y = resultUpper;
  }
  // x above the window's floor, y below its ceiling, were proven; the edges themselves were not.
  resultLower = x > a ? x : min;
  resultUpper = y < b ? y : max;
  return done;
}
