// The 64-bit build's side of the root search (common/root.ts) and of the threads
// (common/parallel.ts): the position, the table's region and the search, as `Narrow`'s methods.

import { SIZE, H, N, W, configureVariant, evenRows } from './variant';
import { posCur, posMask, posMoves } from './position';
import {
  START_BITS,
  activeBits,
  generation,
  growAt,
  mirrorKeysFor,
  setShifts,
  ttBits,
  useBits,
} from './table';
import { winningCells } from './bitboards';
import { canWinNext, negamax } from './search';
import { solveRoot, solveWithinRoot } from './common/root';
import { H_CONNECT, H_HEIGHT, H_POS, H_WIDTH } from './common/layout';

let rootOppWin: u64 = 0;
// A helper's job, read from the header before it is known to be whole (`readJob`).
let jobWidth: i32 = 0;
let jobHeight: i32 = 0;
let jobConnect: i32 = 0;
let jobCur: u64 = 0;
let jobMask: u64 = 0;

@final
export class Narrow {
  @inline moves(): i32 {
    return posMoves;
  }
  @inline size(): i32 {
    return SIZE;
  }
  @inline evenHeight(): bool {
    return evenRows != 0;
  }
  @inline winsNow(): bool {
    return canWinNext(posCur, posMask);
  }
  prepare(): i32 {
    rootOppWin = winningCells(posCur ^ posMask, posMask);
    mirrorKeysFor(posMoves);
    let bits = SIZE - posMoves - 7;
    if (bits > START_BITS) bits = START_BITS;
    if (bits < 10) bits = 10;
    if (bits < activeBits) bits = activeBits;
    if (bits > ttBits) bits = ttBits;
    return bits;
  }
  @inline useRegion(bits: i32): void {
    useBits(bits);
  }
  @inline region(): i32 {
    return activeBits;
  }
  @inline probe(med: i32): i32 {
    return negamax(posCur, posMask, posMoves, med, med + 1, rootOppWin);
  }
  publish(): void {
    store<i32>(H_WIDTH, W);
    store<i32>(H_HEIGHT, H);
    store<i32>(H_CONNECT, N);
    store<u64>(H_POS, posCur);
    store<u64>(H_POS + 8, posMask);
  }
  readJob(): void {
    jobWidth = load<i32>(H_WIDTH);
    jobHeight = load<i32>(H_HEIGHT);
    jobConnect = load<i32>(H_CONNECT);
    jobCur = load<u64>(H_POS);
    jobMask = load<u64>(H_POS + 8);
  }
  applyJob(moves: i32, gen: u32): void {
    if (jobWidth != W || jobHeight != H || jobConnect != N) {
      configureVariant(jobWidth, jobHeight, jobConnect);
    }
    posCur = jobCur;
    posMask = jobMask;
    posMoves = moves;
    rootOppWin = winningCells(posCur ^ posMask, posMask);
    mirrorKeysFor(moves);
    generation = gen;
    growAt = 0xffffffffffffffff;
  }
  followRegion(bits: i32): void {
    activeBits = bits;
    setShifts(bits);
  }
}

/**
 * Solves the current position. Strong: exact score; weak: -1/0/1. Returns 1 when done, 0 when
 * stopped (then lower()/upper() hold the bounds proven so far). Precondition: game not over.
 */
export function solve(weak: i32): i32 {
  return solveRoot<Narrow>(weak);
}

/** `solve(0)` narrowed to what the window [lo, hi] asks (common/root.ts). */
export function solveWithin(lo: i32, hi: i32): i32 {
  return solveWithinRoot<Narrow>(lo, hi);
}
