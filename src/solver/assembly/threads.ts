// The 64-bit threads build's own parts: its shared memory's size and layout (16-byte entries,
// this build's scratch), a helper's warm-up, and the search's slow path. The protocol between the
// threads is common/parallel.ts.

import { lossNext, winNow } from './common/scores';
import { SCRATCH_SIZE, SIZE, configureVariant, scratch } from './variant';
import { play, posCur, posMask, posMoves, resetPosition } from './position';
import { nodes } from './common/state';
import { activeBits, generation, grow, ttBase, ttBits, ttSize, useBits } from './table';
import { winningCells } from './bitboards';
import { negamax } from './search';
import { probeAt } from './common/windows';
import { GENERATION, H_BITS, parallel, parallelAt, tableStart, threadTotal } from './common/layout';
import {
  attachThread,
  goParallel,
  helperLoop as helperLoopOf,
  initHeader,
  publishRegion,
  sharedBytesFor,
} from './common/parallel';
import { Narrow } from './root';

const MAX_BITS: i32 = 27;

/** Bytes of shared memory for `threads` threads and 2^bits entries (0 if out of range). */
export function sharedBytes(threads: i32, bits: i32): f64 {
  return sharedBytesFor(threads, bits, MAX_BITS, SCRATCH_SIZE, 16);
}

/** Writes the header of a fresh (zeroed) shared memory. Returns 0 if the module cannot share. */
export function initShared(threads: i32, bits: i32): i32 {
  return initHeader(threads, bits, MAX_BITS, SCRATCH_SIZE, 16);
}

/** Makes this instance thread `index` of the shared memory `initShared` set up. */
export function attach(index: i32): i32 {
  if (!ASC_FEATURE_THREADS) return 0;
  const at = attachThread(index, SCRATCH_SIZE);
  if (at == 0) return 0;
  scratch = at;
  ttBits = load<i32>(H_BITS);
  ttSize = u32(1) << u32(ttBits);
  ttBase = tableStart(threadTotal, SCRATCH_SIZE);
  activeBits = 0;
  if (ASC_FEATURE_THREADS) generation = atomic.load<u32>(GENERATION);
  configureVariant(7, 6, 4);
  resetPosition();
  return 1;
}

/** A helper's life (common/parallel.ts). Blocks (use it in a worker). */
export function helperLoop(): void {
  helperLoopOf<Narrow>();
}

/**
 * A helper's first search, on a position of its own, alone (its table writes are true bounds
 * like any other): the engine compiles a function with its optimising tier only after it has
 * run a while in this instance, and a helper that joins searches 16k nodes late would otherwise
 * spend its first searches in baseline code, a third slower.
 */
const WARM_UP_MOVES: u64 = 0x2d08324c8f1;
export function warmUp(): void {
  if (ASC_FEATURE_THREADS) {
    configureVariant(7, 6, 4);
    generation = atomic.load<u32>(GENERATION);
    useBits(ttBits);
    // A middle-game position, 274552224131661 (1-based columns), 3 bits a move: no data
    // segment, which every instance would copy into the shared memory.
    resetPosition();
    for (let i = 0; i < 15; i++) play(i32((WARM_UP_MOVES >> (u64(i) * 3)) & 7));
    let min = lossNext(SIZE, posMoves);
    let max = winNow(SIZE, posMoves);
    const oppWin = winningCells(posCur ^ posMask, posMask);
    while (min < max) {
      const med = probeAt(min, max);
      const r = negamax(posCur, posMask, posMoves, med, med + 1, oppWin);
      if (r <= med) max = r < min ? min : r;
      else min = r > max ? max : r;
    }
    nodes = 0;
  }
}

/**
 * Every so often (`growAt`): the threads build wakes the helpers once the search has run
 * `parallelNodes` nodes, and otherwise the table's region grows (with helpers, telling them).
 */
export function slowPath(): void {
  if (ASC_FEATURE_THREADS) {
    if (nodes >= parallelAt) {
      goParallel<Narrow>();
      return;
    }
    if (parallel) {
      grow();
      publishRegion(activeBits);
      return;
    }
  }
  grow();
}
