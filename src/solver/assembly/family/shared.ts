// The PopOut search's threads build: several instances answer one question ("win (lose) within
// d plies?") over one shared table, the protocol of the classic threads build
// (common/parallel.ts) cut down to a yes/no answer.
//
// Thread 0 (the caller's engine) searches alone at first; a question that outlives
// `parallelNodes` nodes publishes its root position and depth in the header and wakes the
// helpers. Every thread then searches the same question from the root, splitting the children
// of nodes near the root (simplified ABDADA, `firstGood` in popout.ts). The first thread to
// answer writes the answer into the control word; the others leave at their next check. Every
// table entry any thread writes is a fact about a position and a depth, whatever the path or
// the thread (docs/family.md, "The solver", fact 3), so a helper's entries, even a late
// helper's from an earlier question, are as sound as thread 0's: no repetition rule is involved
// (the path-aware search, which has one, runs on thread 0 alone, in JavaScript).
//
// Shared memory from LAYOUT_BASE (the module has no data of its own below it): the header, one
// scratch region per thread (its move lists), the marks, then the table.

import {
  SCRATCH_SIZE,
  configure,
  fits,
  me,
  mask,
  nodes,
  question,
  redToMove,
  resetPosition,
  setPosition,
  setTable,
  startSearch,
  stopped,
  useScratch,
} from './popout';
import { H_ACTIVE, LAYOUT_BASE, QUIT, SIGNAL } from '../common/layout';

// The control word, u64: job << 32 | YES | ANSWERED | OPEN (the classic layout's CONTROL).
export const CONTROL: usize = LAYOUT_BASE;
const OPEN: u64 = 1;
const ANSWERED: u64 = 2;
const YES: u64 = 4;
// SIGNAL (i32, bumped to wake the helpers), QUIT beside it and H_ACTIVE (helpers inside a job)
// are where the classic layout has them, so its `settleHelpers` and `quitHelpers` serve here.
const H_THREADS: usize = LAYOUT_BASE + 128;
const H_BITS: usize = LAYOUT_BASE + 132;
const H_WIDTH: usize = LAYOUT_BASE + 136;
const H_HEIGHT: usize = LAYOUT_BASE + 140;
// The job: the question (depth, win or lose), its root position, the marking parameters.
const H_DEPTH: usize = LAYOUT_BASE + 144;
const H_WIN: usize = LAYOUT_BASE + 148;
const H_MARK_PLIES: usize = LAYOUT_BASE + 152;
const H_MARK_DEPTH: usize = LAYOUT_BASE + 156;
const H_ME: usize = LAYOUT_BASE + 160;
const H_MASK: usize = LAYOUT_BASE + 168;
const H_RED: usize = LAYOUT_BASE + 176;
// u64: the nodes helpers have searched (each adds its count as it leaves a job).
const H_NODES: usize = LAYOUT_BASE + 200;
const SCRATCH_BASE: usize = LAYOUT_BASE + 1024;
const MAX_THREADS: i32 = 64;

// The marks of positions being searched: one per cache line (threads write them), keyed by the
// position's key and depth; a collision only defers a child needlessly.
const MARK_BITS: i32 = 12;

let threadIndex: i32 = 0;
let threadTotal: i32 = 1;
let marksBase: usize = 0;
/** True while this thread searches with others (checks the control word). */
export let parallel: bool = false;
/** The control word this thread's search started from: any change ends it. */
export let probeWord: u64 = 0;
/** Thread 0: the node count at which it wakes the helpers. */
export let parallelAt: u64 = 0xffffffffffffffff;
let parallelNodes: u64 = 1 << 14;
// Marks within `markPlies` plies of the root and from `markMinDepth` plies left (`setParallel`).
// Off by default: on the empty 7x6 board's proof, two threads that split children (8 plies,
// 8 left) searched 14 M nodes on thread 0 and 28 M in all, against 11 M and 22 M without
// (docs/bench-log/2026-12.md, 2026-12-06 16:04): an OR node's first move usually wins, and the
// thread that leaves it for the next one mostly searches a child no proof needs.
export let markPlies: i32 = 0;
export let markMinDepth: i32 = 8;
let job: u32 = 0;
let rootMe: u64 = 0;
let rootMask: u64 = 0;
let rootRed: u64 = 0;
let rootDepth: i32 = 0;
let rootWin: bool = true;

@inline
function marksStart(threads: i32): usize {
  return SCRATCH_BASE + usize(threads) * SCRATCH_SIZE;
}

@inline
function tableStart(threads: i32): usize {
  return marksStart(threads) + (usize(64) << usize(MARK_BITS));
}

/** The mark of a child being searched (its key and depth). */
@inline
export function markAt(key: u64): usize {
  return marksBase + (usize((key * 0x9e3779b97f4a7c15) >> u64(64 - MARK_BITS)) << 6);
}

/** Bytes of shared memory for `threads` threads and 2^bits entries (0 if out of range). */
export function sharedBytes(threads: i32, bits: i32): f64 {
  if (threads < 1 || threads > MAX_THREADS || bits < 10 || bits > 27) return 0;
  return <f64>tableStart(threads) + 16 * f64(u64(1) << u64(bits));
}

/**
 * Writes the header of a fresh (zeroed) shared memory for a width x height board and touches the
 * table (fresh memory is zero, but mapped only when first touched: better now than mid-search).
 * Returns 0 if the module cannot share or the board does not fit.
 */
export function initShared(threads: i32, bits: i32, width: i32, height: i32): i32 {
  if (!ASC_FEATURE_THREADS || __heap_base > LAYOUT_BASE) return 0;
  if (sharedBytes(threads, bits) == 0 || !fits(width, height)) return 0;
  store<i32>(H_THREADS, threads);
  store<i32>(H_BITS, bits);
  store<i32>(H_WIDTH, width);
  store<i32>(H_HEIGHT, height);
  memory.fill(tableStart(threads), 0, usize(16) << usize(bits));
  return 1;
}

/** Makes this instance thread `index` of the shared memory `initShared` set up. */
export function attach(index: i32): i32 {
  if (!ASC_FEATURE_THREADS) return 0;
  threadTotal = load<i32>(H_THREADS);
  if (index < 0 || index >= threadTotal) return 0;
  threadIndex = index;
  configure(load<i32>(H_WIDTH), load<i32>(H_HEIGHT));
  useScratch(SCRATCH_BASE + usize(index) * SCRATCH_SIZE);
  marksBase = marksStart(threadTotal);
  setTable(tableStart(threadTotal), load<i32>(H_BITS));
  resetPosition();
  return 1;
}

/**
 * Thread 0: helpers join a question once it has run `nodes` nodes, and split the children of
 * nodes within `plies` of the root with at least `minDepth` plies left.
 */
export function setParallel(nodes: f64, plies: i32, minDepth: i32): void {
  parallelNodes = nodes < 1 ? 1 : u64(nodes);
  markPlies = plies;
  markMinDepth = minDepth;
}

/** Thread 0, starting a question from the root: the helpers join it if it runs long. */
export function beginAsk(depth: i32, winQuestion: bool): void {
  rootMe = me;
  rootMask = mask;
  rootRed = redToMove;
  rootDepth = depth;
  rootWin = winQuestion;
  parallel = false;
  parallelAt = threadIndex == 0 && threadTotal > 1 ? nodes + parallelNodes : 0xffffffffffffffff;
}

/** Thread 0, inside its search (`spend`): publishes the question and wakes the helpers. */
export function goParallel(): void {
  if (ASC_FEATURE_THREADS) {
    parallelAt = 0xffffffffffffffff;
    store<u64>(H_ME, rootMe);
    store<u64>(H_MASK, rootMask);
    store<u64>(H_RED, rootRed);
    store<i32>(H_DEPTH, rootDepth);
    store<i32>(H_WIN, rootWin ? 1 : 0);
    store<i32>(H_MARK_PLIES, markPlies);
    store<i32>(H_MARK_DEPTH, markMinDepth);
    job = u32(atomic.load<u64>(CONTROL) >> 32) + 1;
    const c = (u64(job) << 32) | OPEN;
    atomic.store<u64>(CONTROL, c);
    probeWord = c;
    parallel = true;
    atomic.add<i32>(SIGNAL, 1);
    atomic.notify(SIGNAL, threadTotal - 1);
  }
}

/**
 * Thread 0, its search over (`r`: 1, 0, or -1 if it stopped): closes the job, so the helpers
 * leave it at their next check, or takes the answer a helper found first. Helpers are not
 * waited for: a descheduled one would cost a whole time slice, and a late one only writes facts.
 */
export function endAsk(r: i32): i32 {
  if (ASC_FEATURE_THREADS) {
    parallelAt = 0xffffffffffffffff;
    if (!parallel) return r;
    parallel = false;
    while (true) {
      const c = atomic.load<u64>(CONTROL);
      if ((c & OPEN) == 0) {
        // A helper answered (thread 0 alone closes a job); its answer stands for a stopped search
        // too, since it is one.
        if (r < 0 && (c & ANSWERED) != 0) r = (c & YES) != 0 ? 1 : 0;
        return r;
      }
      if (atomic.cmpxchg<u64>(CONTROL, c, c & ~OPEN) == c) return r;
    }
  }
  return r;
}

/**
 * A helper thread's life: parks until thread 0 wakes it, joins the open question, parks again;
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

function help(): void {
  if (ASC_FEATURE_THREADS) {
    atomic.add<i32>(H_ACTIVE, 1);
    const c = atomic.load<u64>(CONTROL);
    if ((c & OPEN) != 0) {
      const discs = load<u64>(H_ME);
      const all = load<u64>(H_MASK);
      const red = load<u64>(H_RED);
      const depth = load<i32>(H_DEPTH);
      const winQuestion = load<i32>(H_WIN) != 0;
      const plies = load<i32>(H_MARK_PLIES);
      const minDepth = load<i32>(H_MARK_DEPTH);
      // Thread 0 rewrites these only after closing the job (and before opening the next): an
      // unchanged control word means they all belong to this job.
      if (atomic.load<u64>(CONTROL) == c) {
        setPosition(discs, all, red);
        markPlies = plies;
        markMinDepth = minDepth;
        startSearch(0, 0);
        probeWord = c;
        parallel = true;
        const r = question(depth, winQuestion);
        parallel = false;
        if (r >= 0 && !stopped) {
          atomic.cmpxchg<u64>(CONTROL, c, (c & ~OPEN) | ANSWERED | (r == 1 ? YES : 0));
        }
        atomic.add<u64>(H_NODES, nodes);
      }
    }
    atomic.sub<i32>(H_ACTIVE, 1);
    atomic.notify(H_ACTIVE, -1);
  }
}

/** Nodes the helpers have searched since `resetHelperNodes` (see `settleHelpers`). */
export function helperNodes(): f64 {
  if (ASC_FEATURE_THREADS) return <f64>atomic.load<u64>(H_NODES);
  return 0;
}

export function resetHelperNodes(): void {
  if (ASC_FEATURE_THREADS) atomic.store<u64>(H_NODES, 0);
}

// Waiting for the helpers to count themselves out, and ending them: the classic build's own
// (H_ACTIVE, SIGNAL and QUIT are at the same places in both layouts).
export { quitHelpers, settleHelpers } from '../common/parallel';
