// The search from the root: the whole score, or only what a window asks (review verdicts).

import { lossNext, winNow } from './common/scores';
import { SIZE, evenRows } from './variant';
import { posCur, posMask, posMoves } from './position';
import { aborted, budgetStop, resultLower, resultUpper } from './state';
import { START_BITS, activeBits, mirrorKeysFor, ttBits, useBits } from './table';
import { winningCells } from './bitboards';
import { canWinNext, negamax } from './search';
import { rootProbe } from './common/windows';
import { solveShared } from './threads';

/**
 * Solves the current position. Strong: exact score; weak: -1/0/1. Returns 1 when done, 0 when
 * stopped (then lower()/upper() hold the bounds proven so far). Precondition: game not over.
 */
export function solve(weak: i32): i32 {
  aborted = false;
  budgetStop = false;
  if (posMoves >= SIZE) {
    resultLower = 0;
    resultUpper = 0;
    return 1;
  }
  if (canWinNext(posCur, posMask)) {
    const s = winNow(SIZE, posMoves);
    resultLower = weak != 0 ? 1 : s;
    resultUpper = resultLower;
    return 1;
  }
  let min = lossNext(SIZE, posMoves);
  let max = winNow(SIZE, posMoves);
  if (weak != 0) {
    min = -1;
    max = 1;
  }
  return searchRoot(min, max);
}

/**
 * Narrows [min, max] around the current position's score with null-window probes from the root
 * (`rootProbe`; the threads build with its helpers, `solveShared`) until it is closed or the
 * budget ends: `solve` and `solveWithin` alike. Leaves the interval proven in
 * resultLower/resultUpper; returns 1 when closed, 0 when stopped. Precondition: the side to
 * move cannot win at once, min < max (or the interval is closed already).
 */
function searchRoot(min: i32, max: i32): i32 {
  const rootOppWin = winningCells(posCur ^ posMask, posMask);
  mirrorKeysFor(posMoves);
  let bits = SIZE - posMoves - 7;
  if (bits > START_BITS) bits = START_BITS;
  if (bits < 10) bits = 10;
  if (bits < activeBits) bits = activeBits;
  if (bits > ttBits) bits = ttBits;
  if (ASC_FEATURE_THREADS) {
    return solveShared(min, max, rootOppWin, bits);
  }
  useBits(bits);
  let probes = 0;
  while (min < max) {
    const med = rootProbe(min, max, probes, evenRows != 0, posMoves);
    probes++;
    const r = negamax(posCur, posMask, posMoves, med, med + 1, rootOppWin);
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
export function solveWithin(lo: i32, hi: i32): i32 {
  const min = lossNext(SIZE, posMoves);
  const max = winNow(SIZE, posMoves);
  if (posMoves >= SIZE || canWinNext(posCur, posMask)) return solve(0);
  aborted = false;
  budgetStop = false;
  // The window, clamped to the scores possible here: every probe stays inside [min, max].
  if (hi <= lo) hi = lo + 1;
  const a = lo < min ? min : lo > max ? max : lo;
  const b = hi > max ? max : hi < min ? min : hi;
  let x = a;
  let y = b;
  let done = 1;
  if (a < b) {
    done = searchRoot(a, b);
    x = resultLower;
    y = resultUpper;
  }
  // x above the window's floor, y below its ceiling, were proven; the edges themselves were not.
  resultLower = x > a ? x : min;
  resultUpper = y < b ? y : max;
  return done;
}
