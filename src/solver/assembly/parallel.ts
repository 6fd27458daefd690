// Thread 0's side of a search with helpers (threads build): the slow path a search takes every
// so often, which wakes the helpers or grows the table's region, and the shared interval of the
// root's score that every thread narrows.

import { H, N, W } from './variant';
import { posCur, posMask, posMoves } from './position';
import { aborted, etcMinEmpty, nodes, useEtc } from './state';
import { activeBits, grow, useBits } from './table';
import {
  BITS_FIELD,
  BITS_SHIFT,
  CONTROL,
  H_CONNECT,
  H_CUR,
  H_ETC,
  H_ETC_MIN,
  H_HEIGHT,
  H_MARK_MIN,
  H_MARK_PLIES,
  H_MASK,
  H_MOVES,
  H_PROBES,
  H_WIDTH,
  OPEN,
  SIGNAL,
  job,
  markBelow,
  markMinEmpty,
  markPlies,
  parallel,
  parallelAt,
  probeWord,
  rootMax,
  rootMin,
  threadTotal,
} from './layout';

export function slowPath(): void {
  if (ASC_FEATURE_THREADS) {
    if (nodes >= parallelAt) {
      goParallel();
      return;
    }
    if (parallel) {
      growShared();
      return;
    }
  }
  grow();
}

/**
 * Thread 0, searching with helpers: grows the table's region and tells them, through the
 * control word, so their probes restart indexing the larger region. Helpers that write while
 * the entries move may leave some at the wrong slot or torn: misses, never wrong bounds.
 */
function growShared(): void {
  if (ASC_FEATURE_THREADS) {
    grow();
    while (true) {
      const c = atomic.load<u64>(CONTROL);
      const n = (c & ~BITS_FIELD) | (u64(activeBits) << BITS_SHIFT);
      if (n == c || atomic.cmpxchg<u64>(CONTROL, c, n) == c) {
        // Thread 0's own probe goes on, unless the interval moved meanwhile.
        if ((c & ~BITS_FIELD) != (probeWord & ~BITS_FIELD)) aborted = true;
        probeWord = n;
        return;
      }
    }
  }
}

@inline
function controlWord(id: u32, bits: i32, open: u64, min: i32, max: i32): u64 {
  return (u64(id) << 32) | (u64(bits) << BITS_SHIFT) | open | (u64(min + 64) << 8) | u64(max + 64);
}
@inline
export function controlMin(c: u64): i32 {
  return i32((c >> 8) & 255) - 64;
}
@inline
export function controlMax(c: u64): i32 {
  return i32(c & 255) - 64;
}

/** Thread 0, inside its search: publishes the job and wakes the helpers. */
function goParallel(): void {
  if (ASC_FEATURE_THREADS) {
    parallelAt = 0xffffffffffffffff;
    store<i32>(H_WIDTH, W);
    store<i32>(H_HEIGHT, H);
    store<i32>(H_CONNECT, N);
    store<i32>(H_MOVES, posMoves);
    store<u64>(H_CUR, posCur);
    store<u64>(H_MASK, posMask);
    store<i32>(H_ETC, useEtc ? 1 : 0);
    store<i32>(H_ETC_MIN, etcMinEmpty);
    store<i32>(H_MARK_MIN, markMinEmpty);
    store<i32>(H_MARK_PLIES, markPlies);
    markBelow = posMoves + markPlies;
    job = u32(atomic.load<u64>(CONTROL) >> 32) + 1;
    const c = controlWord(job, activeBits, OPEN, rootMin, rootMax);
    atomic.store<u64>(CONTROL, c);
    probeWord = c;
    parallel = true;
    useBits(activeBits); // the region now fills threads times as fast
    atomic.add<i32>(SIGNAL, 1);
    atomic.notify(SIGNAL, threadTotal - 1);
  }
}

/** Narrows the shared interval of job `id` with the result `r` of the probe at `med`. */
export function narrowShared(id: u32, med: i32, r: i32): void {
  if (ASC_FEATURE_THREADS) {
    while (true) {
      const c = atomic.load<u64>(CONTROL);
      if (u32(c >> 32) != id || (c & OPEN) == 0) return;
      let min = controlMin(c);
      let max = controlMax(c);
      if (r <= med) {
        const v = r < min ? min : r;
        if (v < max) max = v;
      } else {
        const v = r > max ? max : r;
        if (v > min) min = v;
      }
      const n = (c & ~u64(0xffff)) | (u64(min + 64) << 8) | u64(max + 64);
      if (n == c) return;
      if (atomic.cmpxchg<u64>(CONTROL, c, n) == c) {
        atomic.add<i32>(H_PROBES, 1);
        return;
      }
    }
  }
}
