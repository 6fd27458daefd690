// The transposition table: entries holding both bounds and the best move, checked against torn
// writes; the region of it a search uses, growing with the search; mirror-image keys.
// Entries of 16 bytes (one cache line holds 4): key u64, data u32, 4 spare bytes.
// data = lower+64 (7 bits) | upper+64 (7 bits) << 7 (±63 = no bound) | best column
// (4 bits, 15 = none) << 14 | generation (14 bits) << 18. An entry of another generation is empty,
// so clearing the table between independent solves costs nothing.

import {
  MIRROR_KEY_PLIES,
  MIRROR_KEY_PLIES_NEAR,
  MIRROR_NEAR_ROOT,
  SYMMETRY_PLIES,
  mirrorColumn,
  mirrorKeyPliesFor,
} from './common/mirror';
import { victimSlot } from './common/replacement';
import { SCRATCH_SIZE, SIZE, W, configureVariant, scratch } from './variant';
import { posCur, posMask, resetPosition } from './position';
import { nodes } from './common/state';
import { isMirror, mirrorKey } from './bitboards';
import { GENERATION, parallel, parallelAt, threadTotal } from './common/layout';
export let ttBits: i32 = 0;
export let ttSize: u32 = 0;
export let ttBase: usize = 0;
export let generation: u32 = 1;
const GEN_MASK: u32 = 0x3fff;
export const NO_MOVE: u32 = 15;

/** Allocates 2^bits table entries (16 bytes each). Returns 0 when memory cannot grow. */
export function setTableBits(bits: i32): i32 {
  // Threads build: the table's size is fixed by `initShared`.
  if (ASC_FEATURE_THREADS || bits < 10 || bits > 28) return 0;
  if (scratch == 0) {
    configureVariant(7, 6, 4);
    resetPosition();
  }
  const size = usize(1) << usize(bits);
  const base = (scratch + SCRATCH_SIZE + 63) & ~usize(63);
  const end = base + size * 16;
  const pages = i32((end + 0xffff) >> 16);
  if (pages > memory.size()) {
    if (memory.grow(pages - memory.size()) < 0) return 0;
  }
  ttBits = bits;
  activeBits = 0;
  ttSize = u32(size);
  ttBase = base;
  memory.fill(ttBase, 0, size * 16);
  generation = 1;
  return 1;
}

/** Forgets every table entry (O(1) except once every 16383 calls). */
export function newGeneration(): void {
  activeBits = 0;
  // Threads build: the generation lives in the shared header, and only thread 0 moves it, while
  // the helpers are parked (every search waits for them before it returns).
  if (ASC_FEATURE_THREADS) generation = atomic.load<u32>(GENERATION);
  generation++;
  if (generation > GEN_MASK) {
    if (ttSize != 0) memory.fill(ttBase, 0, usize(ttSize) * 16);
    generation = 1;
  }
  if (ASC_FEATURE_THREADS) atomic.store<u32>(GENERATION, generation);
}

// The table grows with the search. A search starts on the first 2^START_BITS entries (fewer
// with few empty cells) and, each time it has visited as many nodes as that region holds,
// moves to a region four times larger, up to the whole table: a short search then stays in
// the cache instead of every probe missing 64 MiB. Entries hold the full key, so an entry at
// the wrong index only costs a hit, never correctness. Within one generation the region never
// shrinks, so later calls (analysis of every column, move after move) still find the entries
// of earlier ones.
export const START_BITS: i32 = 16;
export const HASH_MUL: u64 = 0x9e3779b97f4a7c15;
export let activeBits: i32 = 0; // 0: no search yet in this generation
let ttShift: u64 = 64 - START_BITS;
export let growAt: u64 = 0xffffffffffffffff;

// Positions near the end of the game (at most `nearEmpty` empty cells) are indexed into the first
// 2^nearBits entries of the region only: most nodes and most of their children's probes are
// there, and spread over the whole table nearly every such probe missed the processor's address
// cache as well as its data caches. Their subtrees are small, so their entries are worth less
// than those nearer the root, which keep the whole table (BENCHMARKS.md, "opening_L3 below
// Steininger's time"). Variables only for the test build's `setNearEnd`.
export let nearEmpty: i32 = 16;
export let nearBits: i32 = 18;
let nearShift: u64 = 64 - START_BITS;

/** The hash's shift for a region of 2^bits entries, for the far and the near-end positions. */
export function setShifts(bits: i32): void {
  ttShift = u64(64 - bits);
  nearShift = u64(64 - (bits < nearBits ? bits : nearBits));
}

export function useBits(bits: i32): void {
  activeBits = bits;
  setShifts(bits);
  growAt = bits < ttBits ? nodes + (u64(1) << u64(bits)) : 0xffffffffffffffff;
  if (ASC_FEATURE_THREADS) {
    // With helpers the region fills that many times faster (thread 0 counts only its nodes).
    if (parallel && bits < ttBits) growAt = nodes + (u64(1) << u64(bits)) / u64(threadTotal);
    // The same slow path also starts the helpers (see `slowPath`).
    if (parallelAt < growAt) growAt = parallelAt;
  }
}

/** Moves to a region 4x larger, re-indexing the entries of this generation in place. */
export function grow(): void {
  let bits = activeBits + 2;
  if (bits > ttBits) bits = ttBits;
  const shift = u64(64 - bits);
  const near = u64(64 - (bits < nearBits ? bits : nearBits));
  // By bucket (see `ttStore`), from the top down: an entry of bucket p goes to a bucket in
  // [p << k, (p + 1) << k) (the new index extends the old one), none of which holds an entry
  // still to be moved, except p itself when p = 0 (it then stays). A near-end entry's region
  // grows less or not at all (k smaller, or 0: it stays). Threads build: only thread 0 grows.
  for (let i = (i32(1) << activeBits) - 1; i >= 0; i--) {
    const p = ttBase + (usize(i) << 4);
    const w1 = load<u64>(p, 8);
    if (u32(w1) >> 18 != generation) continue;
    const w0 = load<u64>(p);
    const key = w0 ^ w1;
    const empty = SIZE - i32((w1 >> 32) & 63);
    const j = usize((key * HASH_MUL) >> (empty <= nearEmpty ? near : shift)) & ~usize(1);
    if (j == (usize(i) & ~usize(1))) continue;
    const q = victim(ttBase + (j << 4), i32((w1 >> 32) & 63));
    store<u64>(q, w1, 8);
    store<u64>(q, w0);
    store<u32>(p, 0, 8); // generation 0 is never live
  }
  useBits(bits);
}

/** The index of `key`, a position of `moves` discs, in the region in use. */
@inline
function hashIndex(key: u64, moves: i32): usize {
  return usize((key * HASH_MUL) >> (SIZE - moves <= nearEmpty ? nearShift : ttShift));
}

// An entry is two 64-bit words: word 1 = data | the entry's disc count (6 bits) << 32 | a 26-bit
// check of the key << 38, word 0 = key ^ word 1 (Hyatt's lockless hashing). In the threads
// build, threads write entries while others read them, without locks: words from two different
// writes fail one of the checks, so a torn entry reads as a miss, never as another position's
// bounds (or, when both writes were for this key, as that key's true data). Each word is read
// whole (atomic loads, plain moves on x86) and written with a plain store: a torn word would
// fail the checks too, and locked stores cost far more per node. The default build uses the same
// layout: one format, one set of tests.
//
// Entries live in buckets of two (one half cache line): one slot keeps the entry nearest the
// root, the other takes the rest: with one slot, entries of big subtrees were overwritten before
// another thread (or a later probe of the same thread) came for them (BENCHMARKS.md, "solver
// threads" and "buckets in the default build").
const CHECK_MUL: u64 = 0xd6e8feb86659fd93;
const CHECK_MASK: u64 = 0xffffffc000000000;

@inline
function keyCheck(key: u64): u64 {
  return (key * CHECK_MUL) & CHECK_MASK;
}

/** The data of the entry at `e` if it holds `key` in this generation, else 0 (a miss). */
@inline
export function entryData(e: usize, key: u64): u32 {
  let w0: u64;
  let w1: u64;
  if (ASC_FEATURE_THREADS) {
    w1 = atomic.load<u64>(e, 8);
    w0 = atomic.load<u64>(e);
  } else {
    w1 = load<u64>(e, 8);
    w0 = load<u64>(e);
  }
  if ((w0 ^ w1) != key || (w1 & CHECK_MASK) != keyCheck(key)) return 0;
  const d = u32(w1);
  return d >> 18 == generation ? d : 0;
}

/** The first slot of the bucket of `key`, a position of `moves` discs. */
@inline
function bucketOf(key: u64, moves: i32): usize {
  return ttBase + ((hashIndex(key, moves) & ~usize(1)) << 4);
}

/** The data stored for `key`, a position of `moves` discs, in this generation, or 0. */
@inline
export function probe(key: u64, moves: i32): u32 {
  const b = bucketOf(key, moves);
  const d = entryData(b, key);
  return d != 0 ? d : entryData(b + 16, key);
}

/** The slot of bucket `b` a new entry `moves` discs deep overwrites (`victimSlot`). */
@inline
function victim(b: usize, moves: i32): usize {
  const first = load<u64>(b, 8);
  const second = load<u64>(b, 24);
  const slot = victimSlot(
    u32(first) >> 18 == generation,
    u32(second) >> 18 == generation,
    i32((first >> 32) & 63),
    moves,
  );
  return b + (usize(slot) << 4);
}

@inline
function writeEntry(e: usize, key: u64, d: u32, moves: i32): void {
  const w1 = keyCheck(key) | (u64(moves) << 32) | u64(d);
  store<u64>(e, w1, 8);
  store<u64>(e, key ^ w1);
}

// The column `col` names in the orientation of the entry's key (`flip`: the mirror image's).
@inline
export function colFor(col: u32, flip: bool): u32 {
  return mirrorColumn(col, flip, W, NO_MOVE);
}

export function ttStore(key: u64, lo: i32, hi: i32, best: u32, moves: i32): void {
  const b = bucketOf(key, moves);
  let e = b;
  let d = entryData(b, key);
  if (d == 0) {
    d = entryData(b + 16, key);
    e = d != 0 ? b + 16 : victim(b, moves);
  }
  if (d != 0) {
    const oldLo = i32(d & 127) - 64;
    const oldHi = i32((d >> 7) & 127) - 64;
    if (oldLo > lo) lo = oldLo;
    if (oldHi < hi) hi = oldHi;
    if (best == NO_MOVE) best = (d >> 14) & 15;
  }
  writeEntry(e, key, u32(lo + 64) | (u32(hi + 64) << 7) | (best << 14) | (generation << 18), moves);
}

// Mirror keys (common/mirror.ts) below `mirrorKeyPlies` discs.
export let mirrorKeyPlies: i32 = MIRROR_KEY_PLIES;
// -1: by the root; else fixed (the test build's `setMirrorKeys`).
export let mirrorKeyFixed: i32 = -1;

// Positions of fewer discs than this are checked for being their own mirror image (the search
// then plays only the left half and the centre).
export let symmetryPlies: i32 = SYMMETRY_PLIES;
// A root past the opening that is its own mirror image (Five-in-a-Row's set-up: both outer
// columns filled alike) meets mirror images as often as the empty board does, at the same
// distance from it: both limits then count from the root.
const SYMMETRIC_ROOT_KEYS: i32 = MIRROR_KEY_PLIES_NEAR - MIRROR_NEAR_ROOT;

/** Sets `mirrorKeyPlies` and `symmetryPlies` for a search from the current position. */
export function mirrorKeysFor(rootMoves: i32): void {
  let plies = mirrorKeyPliesFor(rootMoves);
  symmetryPlies = SYMMETRY_PLIES;
  if (rootMoves > MIRROR_NEAR_ROOT && isMirror(posMask) && isMirror(posCur)) {
    plies = rootMoves + SYMMETRIC_ROOT_KEYS;
    symmetryPlies = rootMoves + SYMMETRY_PLIES;
  }
  mirrorKeyPlies = mirrorKeyFixed >= 0 ? mirrorKeyFixed : plies;
}
/** The key the table holds a position of `moves` discs under (see `mirrorKeyPlies`). */
@inline
export function tableKey(key: u64, moves: i32): u64 {
  if (moves >= mirrorKeyPlies) return key;
  const mirrored = mirrorKey(key);
  return mirrored < key ? mirrored : key;
}
