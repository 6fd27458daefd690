// Threads build: several instances search one position over one shared table.
//
// Thread 0 (the caller's solver) searches alone at first; a search that outlives
// `parallelNodes` nodes publishes its position and interval in the header and wakes the
// helpers. Every thread then runs the same bisection on the shared interval: each probes the
// window the interval gives; the first to finish narrows the interval (compare-and-swap on the
// control word), and the others' probes end at their next node and restart on the new window,
// with the table full of what everyone searched. Each result narrows an interval of true bounds,
// so the final score is the single-threaded one. Thread 0 closes the job when the interval is
// closed (or its budget ends) and returns without waiting for the helpers.
//
// Threads searching one window in one move order would walk the same tree in lockstep (Lazy SMP
// without its usual depth variety: slower than one thread): each marks the children it
// is searching, within `markPlies` plies of the root, and a thread reaching a marked child
// leaves it for a second pass (simplified ABDADA, every child deferrable), so at a node where
// every child must be searched the threads split them. The second pass searches a child still
// marked all the same, and the threads split again below it.

import { lossNext, winNow } from './common/scores';
import { H, N, SIZE, W, configureVariant, evenRows, scratch } from './variant';
import { play, posCur, posMask, posMoves, resetPosition } from './position';
import { aborted, budgetStop, etcMinEmpty, nodes, resultLower, resultUpper, useEtc } from './state';
import {
  activeBits,
  generation,
  growAt,
  mirrorKeysFor,
  setShifts,
  ttBase,
  ttBits,
  ttSize,
  useBits,
} from './table';
import { winningCells } from './bitboards';
import { negamax } from './search';
import { probeAt, rootProbe } from './common/windows';
import {
  BITS_FIELD,
  BITS_SHIFT,
  CONTROL,
  GENERATION,
  H_ACTIVE,
  H_BITS,
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
  H_THREADS,
  H_WIDTH,
  LAYOUT_BASE,
  MAX_THREADS,
  OPEN,
  QUIT,
  SCRATCH_BASE,
  SCRATCH_STRIDE,
  SIGNAL,
  SLOTS,
  job,
  markBelow,
  markMinEmpty,
  markPlies,
  marksBase,
  marksStart,
  parallel,
  parallelAt,
  parallelNodes,
  probeWord,
  rootMax,
  rootMin,
  tableStart,
  threadIndex,
  threadTotal,
} from './layout';
import { controlMax, controlMin, narrowShared } from './parallel';

/** Bytes of shared memory for `threads` threads and 2^bits entries (0 if out of range). */
export function sharedBytes(threads: i32, bits: i32): f64 {
  if (threads < 1 || threads > MAX_THREADS || bits < 10 || bits > 27) return 0;
  return <f64>tableStart(threads) + f64(16) * f64(u64(1) << u64(bits));
}

/** Writes the header of a fresh (zeroed) shared memory. Returns 0 if the module cannot share. */
export function initShared(threads: i32, bits: i32): i32 {
  if (!ASC_FEATURE_THREADS || __heap_base > LAYOUT_BASE) return 0;
  if (sharedBytes(threads, bits) == 0) return 0;
  if (ASC_FEATURE_THREADS) {
    store<i32>(H_THREADS, threads);
    store<i32>(H_BITS, bits);
    // Fresh memory is zero already, but only mapped when first touched: touch it now, as
    // `setTableBits` does, rather than in the middle of the first searches.
    memory.fill(tableStart(threads), 0, usize(16) << usize(bits));
    store<i32>(H_ETC, 1);
    atomic.store<u32>(GENERATION, 1);
  }
  return 1;
}

/** Makes this instance thread `index` of the shared memory `initShared` set up. */
export function attach(index: i32): i32 {
  if (!ASC_FEATURE_THREADS) return 0;
  threadTotal = load<i32>(H_THREADS);
  if (index < 0 || index >= threadTotal) return 0;
  threadIndex = index;
  scratch = SCRATCH_BASE + usize(index) * SCRATCH_STRIDE;
  ttBits = load<i32>(H_BITS);
  ttSize = u32(1) << u32(ttBits);
  ttBase = tableStart(threadTotal);
  marksBase = marksStart(threadTotal);
  activeBits = 0;
  if (ASC_FEATURE_THREADS) generation = atomic.load<u32>(GENERATION);
  configureVariant(7, 6, 4);
  resetPosition();
  return 1;
}

export function threadCount(): i32 {
  return threadTotal;
}

/** Thread 0: helpers join a search once it has visited `nodes` nodes. */
export function setParallel(nodes: f64, minEmpty: i32, plies: i32): void {
  parallelNodes = nodes < 1 ? 1 : u64(nodes);
  markMinEmpty = minEmpty;
  markPlies = plies;
}

/** Nodes thread `index` has searched since `resetThreadNodes` (its own part of each search). */
export function threadNodes(index: i32): f64 {
  if (ASC_FEATURE_THREADS) {
    return <f64>atomic.load<u64>(SLOTS + (usize(index) << 6), 8);
  }
  return 0;
}
/**
 * Blocks until no helper is inside a search (each adds its node count as it leaves): thread 0
 * returns without waiting for them, so counts read at once may miss a helper's last probe. For
 * statistics only; blocks, so never on a browser's main thread.
 */
export function settleHelpers(): void {
  if (ASC_FEATURE_THREADS) {
    // At most ~5 s (a helper that died inside a search would never count itself out).
    for (let i = 0; i < 5000; i++) {
      const active = atomic.load<i32>(H_ACTIVE);
      if (active == 0) return;
      atomic.wait<i32>(H_ACTIVE, active, 1000000);
    }
  }
}

export function resetThreadNodes(): void {
  if (ASC_FEATURE_THREADS) {
    for (let i = 0; i < threadTotal; i++) atomic.store<u64>(SLOTS + (usize(i) << 6), 0, 8);
  }
}

export function solveShared(min: i32, max: i32, rootOppWin: u64, bits: i32): i32 {
  if (ASC_FEATURE_THREADS) {
    rootMin = min;
    rootMax = max;
    parallel = false;
    atomic.store<i32>(H_PROBES, 0);
    parallelAt = threadTotal > 1 ? nodes + parallelNodes : 0xffffffffffffffff;
    useBits(bits);
    while (true) {
      if (parallel) {
        const c = atomic.load<u64>(CONTROL);
        probeWord = c;
        rootMin = controlMin(c);
        rootMax = controlMax(c);
      }
      if (rootMin >= rootMax) break;
      const med = rootProbe(rootMin, rootMax, atomic.load<i32>(H_PROBES), evenRows != 0, posMoves);
      const r = negamax(posCur, posMask, posMoves, med, med + 1, rootOppWin);
      if (aborted) {
        if (budgetStop) break;
        aborted = false; // another thread moved the interval: probe again
        continue;
      }
      if (parallel) narrowShared(job, med, r);
      else {
        if (r <= med) rootMax = r < rootMin ? rootMin : r;
        else rootMin = r > rootMax ? rootMax : r;
        atomic.add<i32>(H_PROBES, 1);
      }
    }
    parallelAt = 0xffffffffffffffff;
    if (parallel) {
      // Close the job: the helpers' probes end at their next node, and nothing they find later
      // narrows this interval. They are not waited for: on a busy machine a descheduled helper
      // would cost a whole time slice, and a late one only writes true bounds (see `help`).
      while (true) {
        const c = atomic.load<u64>(CONTROL);
        if (atomic.cmpxchg<u64>(CONTROL, c, c & ~OPEN) == c) {
          rootMin = controlMin(c);
          rootMax = controlMax(c);
          break;
        }
      }
      parallel = false;
    }
    atomic.add<u64>(SLOTS + (usize(threadIndex) << 6), nodes, 8);
    resultLower = rootMin;
    resultUpper = rootMax;
    return budgetStop ? 0 : 1;
  }
  return 0;
}

/**
 * A helper thread's life: parks until thread 0 wakes it, joins the open search, parks again;
 * returns when `quitHelpers` is called. Blocks (use it in a worker).
 */
export function helperLoop(): void {
  if (ASC_FEATURE_THREADS) {
    let seen = atomic.load<i32>(SIGNAL);
    while (atomic.load<i32>(QUIT) == 0) {
      help();
      atomic.wait<i32>(SIGNAL, seen, -1);
      seen = atomic.load<i32>(SIGNAL);
    }
  }
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

/** Wakes the helpers for good: each `helperLoop` returns. */
export function quitHelpers(): void {
  if (ASC_FEATURE_THREADS) {
    atomic.store<i32>(QUIT, 1);
    atomic.add<i32>(SIGNAL, 1);
    atomic.notify(SIGNAL, -1);
  }
}

function help(): void {
  if (ASC_FEATURE_THREADS) {
    let current: u32 = 0;
    let rootOppWin: u64 = 0;
    nodes = 0;
    atomic.add<i32>(H_ACTIVE, 1);
    while (true) {
      const c = atomic.load<u64>(CONTROL);
      if ((c & OPEN) == 0) break;
      const min = controlMin(c);
      const max = controlMax(c);
      if (min >= max) break;
      const id = u32(c >> 32);
      if (id != current) {
        const w = load<i32>(H_WIDTH);
        const h = load<i32>(H_HEIGHT);
        const n = load<i32>(H_CONNECT);
        const cur = load<u64>(H_CUR);
        const mask = load<u64>(H_MASK);
        const moves = load<i32>(H_MOVES);
        const etc = load<i32>(H_ETC);
        const etcMin = load<i32>(H_ETC_MIN);
        const gen = atomic.load<u32>(GENERATION);
        const marksFrom = load<i32>(H_MARK_MIN);
        const plies = load<i32>(H_MARK_PLIES);
        // Thread 0 rewrites these only after closing the job (and before opening the next):
        // an unchanged control word means they all belong to job `id`.
        if (atomic.load<u64>(CONTROL) != c) continue;
        if (w != W || h != H || n != N) configureVariant(w, h, n);
        posCur = cur;
        posMask = mask;
        posMoves = moves;
        useEtc = etc != 0;
        etcMinEmpty = etcMin;
        markMinEmpty = marksFrom;
        markBelow = moves + plies;
        rootOppWin = winningCells(posCur ^ posMask, posMask);
        mirrorKeysFor(moves);
        generation = gen;
        growAt = 0xffffffffffffffff;
        current = id;
      }
      // The region of the table in use, as thread 0 grows it.
      activeBits = i32((c & BITS_FIELD) >> BITS_SHIFT);
      setShifts(activeBits);
      probeWord = c;
      parallel = true;
      aborted = false;
      const med = rootProbe(min, max, atomic.load<i32>(H_PROBES), evenRows != 0, posMoves);
      const r = negamax(posCur, posMask, posMoves, med, med + 1, rootOppWin);
      // Ended because the control word moved: read it again. A helper that falls behind
      // (descheduled) may still be in a job thread 0 has closed, even one of an earlier
      // generation or variant: it stores only true bounds, stamped with that job's generation,
      // and its results narrow nothing (`narrowShared` checks the job).
      if (aborted) continue;
      narrowShared(current, med, r);
    }
    parallel = false;
    aborted = false;
    atomic.add<u64>(SLOTS + (usize(threadIndex) << 6), nodes, 8);
    atomic.sub<i32>(H_ACTIVE, 1);
    atomic.notify(H_ACTIVE, -1);
  }
}
