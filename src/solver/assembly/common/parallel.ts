// Threads build, the same for every board width: several instances search one position over one
// shared table.
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
//
// What differs by width (the position, the table's region, the search itself) comes from the
// build's `Width` class (see root.ts here), a type argument: every call is direct.

import { rootProbe } from './windows';
import { aborted, budgetStop, etcMinEmpty, nodes, resultLower, resultUpper, useEtc } from './state';
import {
  BITS_FIELD,
  BITS_SHIFT,
  CONTROL,
  GENERATION,
  H_ACTIVE,
  H_BITS,
  H_ETC,
  H_ETC_MIN,
  H_MARK_MIN,
  H_MARK_PLIES,
  H_MOVES,
  H_PROBES,
  H_THREADS,
  LAYOUT_BASE,
  MAX_THREADS,
  OPEN,
  QUIT,
  SCRATCH_BASE,
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
  scratchStride,
  tableStart,
  threadIndex,
  threadTotal,
} from './layout';

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

/**
 * Bytes of shared memory for `threads` threads, each with `scratchSize` bytes of its own, and
 * 2^bits entries of `entryBytes` (0 if out of range).
 */
export function sharedBytesFor(
  threads: i32,
  bits: i32,
  maxBits: i32,
  scratchSize: usize,
  entryBytes: i32,
): f64 {
  if (threads < 1 || threads > MAX_THREADS || bits < 10 || bits > maxBits) return 0;
  return <f64>tableStart(threads, scratchSize) + f64(entryBytes) * f64(u64(1) << u64(bits));
}

/**
 * Writes the header of a fresh (zeroed) shared memory laid out as `sharedBytesFor` says and
 * touches the table: fresh memory is zero already, but only mapped when first touched, better now
 * than in the middle of the first searches. Returns 0 if the module cannot share.
 */
export function initHeader(
  threads: i32,
  bits: i32,
  maxBits: i32,
  scratchSize: usize,
  entryBytes: i32,
): i32 {
  if (!ASC_FEATURE_THREADS || __heap_base > LAYOUT_BASE) return 0;
  if (sharedBytesFor(threads, bits, maxBits, scratchSize, entryBytes) == 0) return 0;
  if (ASC_FEATURE_THREADS) {
    store<i32>(H_THREADS, threads);
    store<i32>(H_BITS, bits);
    memory.fill(tableStart(threads, scratchSize), 0, usize(entryBytes) << usize(bits));
    store<i32>(H_ETC, 1);
    atomic.store<u32>(GENERATION, 1);
  }
  return 1;
}

/**
 * Makes this instance thread `index`: returns the address of its scratch region (0 if there is
 * no such thread); the table then starts at `tableStart(threadTotal, scratchSize)` with
 * 2^load(H_BITS) entries.
 */
export function attachThread(index: i32, scratchSize: usize): usize {
  if (!ASC_FEATURE_THREADS) return 0;
  threadTotal = load<i32>(H_THREADS);
  if (index < 0 || index >= threadTotal) return 0;
  threadIndex = index;
  marksBase = marksStart(threadTotal, scratchSize);
  return SCRATCH_BASE + usize(index) * scratchStride(scratchSize);
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

/** Wakes the helpers for good: each `helperLoop` returns. */
export function quitHelpers(): void {
  if (ASC_FEATURE_THREADS) {
    atomic.store<i32>(QUIT, 1);
    atomic.add<i32>(SIGNAL, 1);
    atomic.notify(SIGNAL, -1);
  }
}

/**
 * Thread 0, having grown the table's region to 2^bits entries while searching with helpers:
 * tells them through the control word, so their probes restart indexing the larger region.
 * Helpers that write while the entries move may leave some at the wrong slot or torn: misses,
 * never wrong bounds.
 */
export function publishRegion(bits: i32): void {
  if (ASC_FEATURE_THREADS) {
    while (true) {
      const c = atomic.load<u64>(CONTROL);
      const n = (c & ~BITS_FIELD) | (u64(bits) << BITS_SHIFT);
      if (n == c || atomic.cmpxchg<u64>(CONTROL, c, n) == c) {
        // Thread 0's own probe goes on, unless the interval moved meanwhile.
        if ((c & ~BITS_FIELD) != (probeWord & ~BITS_FIELD)) aborted = true;
        probeWord = n;
        return;
      }
    }
  }
}

/** Thread 0, inside its search: publishes the job and wakes the helpers. */
export function goParallel<T>(): void {
  if (ASC_FEATURE_THREADS) {
    const w = changetype<T>(0);
    parallelAt = 0xffffffffffffffff;
    w.publish();
    store<i32>(H_MOVES, w.moves());
    store<i32>(H_ETC, useEtc ? 1 : 0);
    store<i32>(H_ETC_MIN, etcMinEmpty);
    store<i32>(H_MARK_MIN, markMinEmpty);
    store<i32>(H_MARK_PLIES, markPlies);
    markBelow = w.moves() + markPlies;
    job = u32(atomic.load<u64>(CONTROL) >> 32) + 1;
    const c = controlWord(job, w.region(), OPEN, rootMin, rootMax);
    atomic.store<u64>(CONTROL, c);
    probeWord = c;
    parallel = true;
    w.useRegion(w.region()); // the region now fills threads times as fast
    atomic.add<i32>(SIGNAL, 1);
    atomic.notify(SIGNAL, threadTotal - 1);
  }
}

/** Narrows the shared interval of job `id` with the result `r` of the probe at `med`. */
function narrowShared(id: u32, med: i32, r: i32): void {
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

/**
 * Thread 0's root search with helpers: narrows [min, max] (the root prepared, its region `bits`)
 * until it is closed or the budget ends, as the single-threaded root does (root.ts).
 */
export function solveShared<T>(min: i32, max: i32, bits: i32): i32 {
  if (ASC_FEATURE_THREADS) {
    const w = changetype<T>(0);
    rootMin = min;
    rootMax = max;
    parallel = false;
    atomic.store<i32>(H_PROBES, 0);
    parallelAt = threadTotal > 1 ? nodes + parallelNodes : 0xffffffffffffffff;
    w.useRegion(bits);
    while (true) {
      if (parallel) {
        const c = atomic.load<u64>(CONTROL);
        probeWord = c;
        rootMin = controlMin(c);
        rootMax = controlMax(c);
      }
      if (rootMin >= rootMax) break;
      const med = rootProbe(
        rootMin,
        rootMax,
        atomic.load<i32>(H_PROBES),
        w.evenHeight(),
        w.moves(),
      );
      const r = w.probe(med);
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
export function helperLoop<T>(): void {
  if (ASC_FEATURE_THREADS) {
    let seen = atomic.load<i32>(SIGNAL);
    while (atomic.load<i32>(QUIT) == 0) {
      help<T>();
      atomic.wait<i32>(SIGNAL, seen, -1);
      seen = atomic.load<i32>(SIGNAL);
    }
  }
}

function help<T>(): void {
  if (ASC_FEATURE_THREADS) {
    const w = changetype<T>(0);
    let current: u32 = 0;
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
        w.readJob();
        const moves = load<i32>(H_MOVES);
        const etc = load<i32>(H_ETC);
        const etcMin = load<i32>(H_ETC_MIN);
        const gen = atomic.load<u32>(GENERATION);
        const marksFrom = load<i32>(H_MARK_MIN);
        const plies = load<i32>(H_MARK_PLIES);
        // Thread 0 rewrites these only after closing the job (and before opening the next):
        // an unchanged control word means they all belong to job `id`.
        if (atomic.load<u64>(CONTROL) != c) continue;
        useEtc = etc != 0;
        etcMinEmpty = etcMin;
        markMinEmpty = marksFrom;
        markBelow = moves + plies;
        w.applyJob(moves, gen);
        current = id;
      }
      // The region of the table in use, as thread 0 grows it.
      w.followRegion(i32((c & BITS_FIELD) >> BITS_SHIFT));
      probeWord = c;
      parallel = true;
      aborted = false;
      const med = rootProbe(min, max, atomic.load<i32>(H_PROBES), w.evenHeight(), w.moves());
      const r = w.probe(med);
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
