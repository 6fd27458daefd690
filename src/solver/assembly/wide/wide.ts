// The solver for boards whose bitboard does not fit 64 bits (10x6, 8x8, 9x7 ... 12x12): the
// same search as ../solver.ts (Pons' null-window negamax, table with both bounds and the best
// move, enhanced transposition cutoffs, static wins, claimeven bounds, threat ordering) on
// 192-bit bitboards. The root, the search's state and the threads (a shared-memory build, as the
// 64-bit one's) are ../common's; `Wide` below is this build's side of them.
//
// Why a separate module rather than one generic source: AssemblyScript has no integer wider
// than 64 bits, and a value type of three words would have to live in memory or globals. The
// 64-bit search is the one almost every game uses (7x6); keeping it untouched keeps its speed
// and node counts exactly, and this one is loaded only when a wide board is asked for.
//
// Board encoding as in the 64-bit solver: each column takes height+1 bits, bit
// (col*(height+1)+row), spread over three u64 words (bit i is bit i&63 of word i>>6: carries and
// shifts cross words). A bitboard lives in linear memory (24 bytes) and the helpers below take
// pointers; each search depth has its own frame, so recursion never clobbers a parent's boards.
// Key = cur + mask (three words), stored whole in the table: a hit is always the same position.

import { MIRROR_KEY_PLIES, mirrorColumn, mirrorKeyPliesFor } from '../common/mirror';
import { victimSlot } from '../common/replacement';
import { lossLater, lossNext, winLater, winLatest, winNow } from '../common/scores';
import { probeAt } from '../common/windows';
import {
  aborted,
  budgetStop,
  checkStop,
  etcMinEmpty,
  nodeLimit,
  nodes,
  useEtc,
} from '../common/state';
import { solveRoot, solveWithinRoot } from '../common/root';
import {
  GENERATION,
  H_BITS,
  H_CONNECT,
  H_HEIGHT,
  H_POS,
  H_WIDTH,
  markAt,
  markBelow,
  markMinEmpty,
  parallel,
  parallelAt,
  tableStart,
  threadTotal,
} from '../common/layout';
import {
  attachThread,
  goParallel,
  helperLoop as helperLoopOf,
  initHeader,
  sharedBytesFor,
} from '../common/parallel';

export * from '../common/api';

const BB: usize = 24; // bytes per bitboard
const MAX_BITS: i32 = 192;

// ---- variant ----------------------------------------------------------------------------------
let W: i32 = 7;
let H: i32 = 6;
let N: i32 = 4;
let H1: i32 = 7;
let SIZE: i32 = 42;
let dirVertical: bool = true;
let dirHorizontal: bool = true;
let dirDiagonal: bool = true;
let evenHeight: bool = false;

// ---- memory layout (from `base`) --------------------------------------------------------------
// constants: bottom row, board cells, even rows, one mask per column (16); the position; scratch
// bitboards for the non-recursive helpers; the runs of `lineN` (<= 16); the column order; the
// move buffer; one frame per depth; then the table.
const BOTTOM: usize = 0;
const BOARD: usize = BB;
const EVEN: usize = 2 * BB;
const COLS: usize = 3 * BB; // 16 bitboards
const POS_CUR: usize = COLS + 16 * BB;
const POS_MASK: usize = POS_CUR + BB;
const T: usize = POS_MASK + BB; // 12 temporaries T + i*BB
const RUNS: usize = T + 12 * BB; // 16 bitboards
const ORDER: usize = RUNS + 16 * BB; // 16 x i32
const MOVES_BUF: usize = ORDER + 64;
const MOVES_CAPACITY: i32 = 256; // MOVES_CAPACITY in ../wasm.ts
const FRAMES: usize = MOVES_BUF + usize(MOVES_CAPACITY);
// A frame: cur, mask, the opponent's winning cells, key,
// candidates (16 x i32: score << 8 | column), then each candidate's winning cells (16 bitboards).
const F_CUR: usize = 0;
const F_MASK: usize = BB;
const F_OPP: usize = 2 * BB;
const F_KEY: usize = 3 * BB;
const F_ENTRIES: usize = 4 * BB;
const F_OURS: usize = F_ENTRIES + 64;
const FRAME: usize = (F_OURS + 16 * BB + 63) & ~usize(63);
const MAX_DEPTH: i32 = MAX_BITS + 2;
// A helper's next job: its position (cur, mask) read from the header before it is known whole.
const JOB_POS: usize = FRAMES + usize(MAX_DEPTH) * FRAME;
const SCRATCH_SIZE: usize = JOB_POS + 2 * BB;
let base: usize = 0;

// ---- 192-bit helpers (pointers to three u64 words) --------------------------------------------
@inline
function w0(p: usize): u64 {
  return load<u64>(p);
}
@inline
function w1(p: usize): u64 {
  return load<u64>(p, 8);
}
@inline
function w2(p: usize): u64 {
  return load<u64>(p, 16);
}
@inline
function set(d: usize, a: u64, b: u64, c: u64): void {
  store<u64>(d, a);
  store<u64>(d, b, 8);
  store<u64>(d, c, 16);
}
@inline
function copy(d: usize, a: usize): void {
  set(d, w0(a), w1(a), w2(a));
}
@inline
function and(d: usize, a: usize, b: usize): void {
  set(d, w0(a) & w0(b), w1(a) & w1(b), w2(a) & w2(b));
}
@inline
function or(d: usize, a: usize, b: usize): void {
  set(d, w0(a) | w0(b), w1(a) | w1(b), w2(a) | w2(b));
}
@inline
function xor(d: usize, a: usize, b: usize): void {
  set(d, w0(a) ^ w0(b), w1(a) ^ w1(b), w2(a) ^ w2(b));
}
@inline
function isZero(a: usize): bool {
  return (w0(a) | w1(a) | w2(a)) == 0;
}
@inline
function pop(a: usize): i32 {
  return i32(popcnt<u64>(w0(a)) + popcnt<u64>(w1(a)) + popcnt<u64>(w2(a)));
}
/** d = a + b (192-bit, carries across words) */
@inline
function add(d: usize, a: usize, b: usize): void {
  const a0 = w0(a);
  const a1 = w1(a);
  const s0 = a0 + w0(b);
  const c0: u64 = s0 < a0 ? 1 : 0;
  const t1 = a1 + w1(b);
  const s1 = t1 + c0;
  const c1: u64 = t1 < a1 || s1 < t1 ? 1 : 0;
  set(d, s0, s1, w2(a) + w2(b) + c1);
}
/** d = a << n, any n >= 0 (bits past 192 are lost). */
function shl(d: usize, a: usize, n: i32): void {
  let a0 = w0(a);
  let a1 = w1(a);
  let a2 = w2(a);
  const q = n >> 6;
  if (q == 1) {
    a2 = a1;
    a1 = a0;
    a0 = 0;
  } else if (q == 2) {
    a2 = a0;
    a1 = 0;
    a0 = 0;
  } else if (q > 2) {
    a2 = 0;
    a1 = 0;
    a0 = 0;
  }
  const r = u64(n & 63);
  if (r != 0) {
    // wasm shifts are taken mod 64, so the carried part needs r != 0
    a2 = (a2 << r) | (a1 >> (64 - r));
    a1 = (a1 << r) | (a0 >> (64 - r));
    a0 = a0 << r;
  }
  set(d, a0, a1, a2);
}
/** d = a >> n, any n >= 0. */
function shr(d: usize, a: usize, n: i32): void {
  let a0 = w0(a);
  let a1 = w1(a);
  let a2 = w2(a);
  const q = n >> 6;
  if (q == 1) {
    a0 = a1;
    a1 = a2;
    a2 = 0;
  } else if (q == 2) {
    a0 = a2;
    a1 = 0;
    a2 = 0;
  } else if (q > 2) {
    a2 = 0;
    a1 = 0;
    a0 = 0;
  }
  const r = u64(n & 63);
  if (r != 0) {
    a0 = (a0 >> r) | (a1 << (64 - r));
    a1 = (a1 >> r) | (a2 << (64 - r));
    a2 = a2 >> r;
  }
  set(d, a0, a1, a2);
}

@inline
function at(offset: usize): usize {
  return base + offset;
}
@inline
function tmp(i: i32): usize {
  return base + T + usize(i) * BB;
}
@inline
function colMask(col: i32): usize {
  return base + COLS + usize(col) * BB;
}
@inline
function frameAt(moves: i32): usize {
  return base + FRAMES + usize(moves) * FRAME;
}

/** d = the playable cells of `mask`. */
@inline
function possibleMoves(d: usize, mask: usize): void {
  add(d, mask, at(BOTTOM));
  and(d, d, at(BOARD));
}

// ---- configuration ----------------------------------------------------------------------------
function ensureScratch(): void {
  // Threads build: `attach` places each instance's scratch in the shared layout.
  if (ASC_FEATURE_THREADS || base != 0) return;
  base = (__heap_base + 63) & ~usize(63);
  const needed = i32((base + SCRATCH_SIZE + 0xffff) >> 16);
  if (needed > memory.size()) memory.grow(needed - memory.size());
}

/** Sets the variant and forgets the position and the table. 0 when the board is unsupported. */
export function configure(width: i32, height: i32, connect: i32): i32 {
  if (configureVariant(width, height, connect) == 0) return 0;
  resetPosition();
  newGeneration();
  return 1;
}

/** The variant's constants and column order, without touching the position or the table. */
function configureVariant(width: i32, height: i32, connect: i32): i32 {
  if (width < 1 || height < 1 || connect < 2 || width > 16 || width * (height + 1) > MAX_BITS) {
    return 0;
  }
  ensureScratch();
  W = width;
  H = height;
  N = connect;
  H1 = height + 1;
  SIZE = width * height;
  dirVertical = connect <= height;
  dirHorizontal = connect <= width;
  dirDiagonal = connect <= width && connect <= height;
  evenHeight = (height & 1) == 0;
  fast4 = connect == 4 && 3 * (height + 2) < 64;
  set(at(BOTTOM), 0, 0, 0);
  set(at(BOARD), 0, 0, 0);
  set(at(EVEN), 0, 0, 0);
  const one = tmp(0);
  for (let c = 0; c < 16; c++) set(colMask(c), 0, 0, 0);
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < height; r++) {
      set(one, 1, 0, 0);
      shl(one, one, c * H1 + r);
      or(colMask(c), colMask(c), one);
      if (r == 0) or(at(BOTTOM), at(BOTTOM), one);
      // the even rows, counted from 1 at the bottom: the cells a claimeven player takes
      if (evenHeight && (r & 1) == 1) or(at(EVEN), at(EVEN), one);
    }
    or(at(BOARD), at(BOARD), colMask(c));
  }
  for (let i = 0; i < width; i++) {
    const col = width / 2 + (1 - 2 * (i % 2)) * ((i + 1) / 2);
    store<i32>(at(ORDER) + (usize(i) << 2), col);
  }
  board0 = w0(at(BOARD));
  board1 = w1(at(BOARD));
  board2 = w2(at(BOARD));
  bottom0 = w0(at(BOTTOM));
  bottom1 = w1(at(BOTTOM));
  bottom2 = w2(at(BOTTOM));
  even0 = w0(at(EVEN));
  even1 = w1(at(EVEN));
  even2 = w2(at(EVEN));
  return 1;
}

// ---- lines ------------------------------------------------------------------------------------
/** d |= the cells x with, for some split i + j = N - 1, x+k*s (k <= i) and x-k*s (k <= j) ours. */
function lineN(d: usize, pos: usize, s: i32): void {
  const runs = at(RUNS);
  const sh = tmp(10);
  // runs[j]: the j cells before x are all ours
  set(runs, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff);
  for (let j = 1; j < N; j++) {
    shl(sh, pos, j * s);
    and(runs + usize(j) * BB, runs + usize(j - 1) * BB, sh);
  }
  const above = tmp(11);
  set(above, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff);
  for (let i = 0; i < N; i++) {
    if (i > 0) {
      shr(sh, pos, i * s);
      and(above, above, sh);
    }
    and(sh, above, runs + usize(N - 1 - i) * BB);
    or(d, d, sh);
  }
}

// Connect 4 with every shift below 64 bits (all boards the game offers): each word of a shifted
// board is made of two neighbouring words, so lines are found word by word in registers, without
// the memory round trips of the general helpers (3x faster on 10x6).
let fast4: bool = true;

/** Word k of pos << n (0 < n < 64): `lo`, `mid` are words k-1 and k. */
@inline
function up(lo: u64, mid: u64, n: u64): u64 {
  return (mid << n) | (lo >> (64 - n));
}
/** Word k of pos >> n (0 < n < 64): `mid`, `hi` are words k and k+1. */
@inline
function down(mid: u64, hi: u64, n: u64): u64 {
  return (mid >> n) | (hi << (64 - n));
}

/** Word k of the cells completing four in direction `s` (words k-1, k, k+1 of pos). */
@inline
function line4Word(lo: u64, mid: u64, hi: u64, s: u64): u64 {
  const u1 = up(lo, mid, s);
  const d1 = down(mid, hi, s);
  let p = u1 & up(lo, mid, s << 1);
  let r = p & (up(lo, mid, s * 3) | d1);
  p = d1 & down(mid, hi, s << 1);
  r |= p & (u1 | down(mid, hi, s * 3));
  return r;
}

@inline
function wins4Word(lo: u64, mid: u64, hi: u64): u64 {
  let r: u64 = 0;
  if (dirVertical) r = up(lo, mid, 1) & up(lo, mid, 2) & up(lo, mid, 3);
  if (dirHorizontal) r |= line4Word(lo, mid, hi, u64(H1));
  if (dirDiagonal) {
    r |= line4Word(lo, mid, hi, u64(H));
    r |= line4Word(lo, mid, hi, u64(H + 2));
  }
  return r;
}

/** Whether word k of `cells` starts four in direction `s` (words k, k+1, k+2 of cells). */
@inline
function four4Word(c0: u64, c1: u64, c2: u64, s: u64): bool {
  const pairs0 = c0 & down(c0, c1, s);
  const pairs1 = c1 & down(c1, c2, s);
  return (pairs0 & down(pairs0, pairs1, s << 1)) != 0;
}

@inline
function has4(c0: u64, c1: u64, c2: u64, s: u64): bool {
  return four4Word(c0, c1, c2, s) || four4Word(c1, c2, 0, s) || four4Word(c2, 0, 0, s);
}

/** d = the empty cells where a disc of `pos` would complete a line. Uses tmp 9-11. */
function winningCells(d: usize, pos: usize, mask: usize): void {
  if (fast4) {
    const p0 = w0(pos);
    const p1 = w1(pos);
    const p2 = w2(pos);
    const r0 = wins4Word(0, p0, p1) & (w0(at(BOARD)) ^ w0(mask));
    const r1 = wins4Word(p0, p1, p2) & (w1(at(BOARD)) ^ w1(mask));
    const r2 = wins4Word(p1, p2, 0) & (w2(at(BOARD)) ^ w2(mask));
    set(d, r0, r1, r2);
    return;
  }
  const r = tmp(9);
  set(r, 0, 0, 0);
  if (dirVertical) lineN(r, pos, 1);
  if (dirHorizontal) lineN(r, pos, H1);
  if (dirDiagonal) {
    lineN(r, pos, H);
    lineN(r, pos, H + 2);
  }
  xor(d, at(BOARD), mask);
  and(d, d, r);
}

/** Whether `cells` (within the board) hold a whole line. Uses tmp 10-11. */
function hasLine(cells: usize): bool {
  if (fast4) {
    const c0 = w0(cells);
    const c1 = w1(cells);
    const c2 = w2(cells);
    if (dirVertical && has4(c0, c1, c2, 1)) return true;
    if (dirHorizontal && has4(c0, c1, c2, u64(H1))) return true;
    return dirDiagonal && (has4(c0, c1, c2, u64(H)) || has4(c0, c1, c2, u64(H + 2)));
  }
  if (dirVertical && lineIn(cells, 1)) return true;
  if (dirHorizontal && lineIn(cells, H1)) return true;
  return dirDiagonal && (lineIn(cells, H) || lineIn(cells, H + 2));
}

function lineIn(cells: usize, s: i32): bool {
  const run = tmp(10);
  const sh = tmp(11);
  copy(run, cells);
  for (let k = 1; k < N; k++) {
    shr(sh, cells, k * s);
    and(run, run, sh);
  }
  return !isZero(run);
}

const NO_BOUND: i32 = 127;

// ---- position API (for the host; the same contracts as the 64-bit module) --------------------
let posMoves: i32 = 0;

export function resetPosition(): void {
  ensureScratch();
  set(at(POS_CUR), 0, 0, 0);
  set(at(POS_MASK), 0, 0, 0);
  posMoves = 0;
}

/** 0 = played, 1 = column out of range or full, 3 = played and this move wins. */
export function play(col: i32): i32 {
  if (canPlay(col) == 0) return 1;
  const cur = at(POS_CUR);
  const mask = at(POS_MASK);
  const move = tmp(0);
  possibleMoves(move, mask);
  and(move, move, colMask(col));
  const wins = tmp(1);
  winningCells(wins, cur, mask);
  and(wins, wins, move);
  const won = !isZero(wins);
  xor(cur, cur, mask);
  or(mask, mask, move);
  posMoves++;
  return won ? 3 : 0;
}

export function movesBuffer(): usize {
  ensureScratch();
  return at(MOVES_BUF);
}

/** As in the 64-bit module: -1 when all were played, else index << 2 | the `play` code. */
export function loadMoves(count: i32): i32 {
  resetPosition();
  const buffer = at(MOVES_BUF);
  for (let i = 0; i < count; i++) {
    const code = play(<i32>load<u8>(buffer + usize(i)));
    if (code != 0) return (i << 2) | code;
  }
  return -1;
}

export function canPlay(col: i32): i32 {
  if (col < 0 || col >= W) return 0;
  const t = tmp(2);
  and(t, at(POS_MASK), colMask(col));
  return pop(t) < H ? 1 : 0;
}

export function isWinningMove(col: i32): i32 {
  if (canPlay(col) == 0) return 0;
  const t = tmp(0);
  possibleMoves(t, at(POS_MASK));
  and(t, t, colMask(col));
  const wins = tmp(1);
  winningCells(wins, at(POS_CUR), at(POS_MASK));
  and(t, t, wins);
  return isZero(t) ? 0 : 1;
}

export function moveCount(): i32 {
  return posMoves;
}

// ---- transposition table ----------------------------------------------------------------------
// Entries of 32 bytes, buckets of two (one cache line): word 3 = data (21 bits: lower+128 |
// upper+128 << 8 (±127 = no bound) | best column (5 bits, 31 = none) << 16) | generation (16
// bits) << 21 | disc count (8 bits) << 37 | a 19-bit check of the key << 45; words 0-2 = the key's
// three words, each XORed with word 3 (Hyatt's lockless hashing, as the 64-bit table). In the
// threads build, threads write entries while others read them, without locks: words from two
// writes fail the XOR or the check, so a torn entry reads as a miss, never as another position's
// bounds. One format for both builds. An entry of another generation is empty, so forgetting the
// table costs nothing. One slot of a bucket keeps the entry nearest the root, the other takes the
// rest.
const ENTRY: usize = 32;
const NO_MOVE: u32 = 31;
const GEN_MASK: u32 = 0xffff;
const DATA_MASK: u64 = 0x1fffff;
const GEN_SHIFT: u64 = 21;
const MOVES_SHIFT: u64 = 37;
const CHECK_MASK: u64 = 0xffffe00000000000;
const CHECK_MUL: u64 = 0xbf58476d1ce4e5b9;
const HASH_MUL: u64 = 0x9e3779b97f4a7c15;
// Shared tables of at most 2^26 entries (2 GiB: a 32-bit memory holds no more beside the rest).
const MAX_TABLE_BITS: i32 = 26;
let ttBits: i32 = 0;
let ttSize: usize = 0;
let ttBase: usize = 0;
let ttShift: u64 = 0;
let generation: u32 = 1;
// Positions of at most `nearEmpty` empty cells are indexed into the first 2^NEAR_BITS entries
// only (4 MiB): most probes are theirs, and spread over the whole table nearly each one missed
// the processor's address cache as well as its data caches (the 64-bit build's reason, measured
// there: BENCHMARKS.md, "opening_L3 below Steininger's time").
const NEAR_BITS: i32 = 17;
const nearEmpty: i32 = 16;
let nearShift: u64 = 0;

/** The table at `start`, 2^bits entries. */
function useTable(start: usize, bits: i32): void {
  ttBits = bits;
  ttSize = usize(1) << usize(bits);
  ttBase = start;
  ttShift = u64(64 - bits);
  nearShift = u64(64 - (bits < NEAR_BITS ? bits : NEAR_BITS));
}

/** Allocates 2^bits entries (32 bytes each). Returns 0 when memory cannot grow. */
export function setTableBits(bits: i32): i32 {
  // Threads build: the table's size is fixed by `initShared`.
  if (ASC_FEATURE_THREADS || bits < 10 || bits > MAX_TABLE_BITS) return 0;
  ensureScratch();
  const size = usize(1) << usize(bits);
  const start = (base + SCRATCH_SIZE + 63) & ~usize(63);
  const pages = i32((start + size * ENTRY + 0xffff) >> 16);
  if (pages > memory.size()) {
    if (memory.grow(pages - memory.size()) < 0) return 0;
  }
  useTable(start, bits);
  memory.fill(ttBase, 0, size * ENTRY);
  generation = 1;
  return 1;
}

/** Forgets every table entry (O(1) except once every 65535 calls). */
export function newGeneration(): void {
  // Threads build: the generation lives in the shared header, and only thread 0 moves it, while
  // the helpers are parked (every search waits for them before it returns).
  if (ASC_FEATURE_THREADS) generation = atomic.load<u32>(GENERATION);
  generation++;
  if (generation > GEN_MASK) {
    if (ttSize != 0) memory.fill(ttBase, 0, ttSize * ENTRY);
    generation = 1;
  }
  if (ASC_FEATURE_THREADS) atomic.store<u32>(GENERATION, generation);
}

/** A 64-bit hash of the key at `key`: the table's index and check, the threads' marks. */
@inline
function keyHash(k0: u64, k1: u64, k2: u64): u64 {
  return k0 ^ (k1 * 0xd6e8feb86659fd93) ^ (k2 * 0xc2b2ae3d27d4eb4f);
}

/** The first slot of the bucket of hash `h`, a position of `moves` discs. */
@inline
function bucketOf(h: u64, moves: i32): usize {
  const shift = SIZE - moves <= nearEmpty ? nearShift : ttShift;
  return ttBase + (usize((h * HASH_MUL) >> shift) & ~usize(1)) * ENTRY;
}

@inline
function checkOf(h: u64): u64 {
  return (h * CHECK_MUL) & CHECK_MASK;
}

/** Word 3 of the entry at `e` if it holds `key` (check `check`) in this generation, else 0. */
@inline
function entryWord(e: usize, key: usize, check: u64): u64 {
  let x: u64;
  let a: u64;
  let b: u64;
  let c: u64;
  if (ASC_FEATURE_THREADS) {
    x = atomic.load<u64>(e, 24);
    a = atomic.load<u64>(e);
    b = atomic.load<u64>(e, 8);
    c = atomic.load<u64>(e, 16);
  } else {
    x = load<u64>(e, 24);
    a = load<u64>(e);
    b = load<u64>(e, 8);
    c = load<u64>(e, 16);
  }
  if ((x & CHECK_MASK) != check || u32((x >> GEN_SHIFT) & 0xffff) != generation) return 0;
  return (a ^ x) == w0(key) && (b ^ x) == w1(key) && (c ^ x) == w2(key) ? x : 0;
}

/** The data (see above) stored for `key`, a position of `moves` discs, in this generation, or 0. */
@inline
function probe(key: usize, moves: i32): u32 {
  const h = keyHash(w0(key), w1(key), w2(key));
  const b = bucketOf(h, moves);
  const check = checkOf(h);
  let x = entryWord(b, key, check);
  if (x == 0) x = entryWord(b + ENTRY, key, check);
  return u32(x & DATA_MASK);
}

@inline
function slotLive(x: u64): bool {
  return u32((x >> GEN_SHIFT) & 0xffff) == generation;
}

function ttStore(key: usize, lo: i32, hi: i32, best: u32, moves: i32): void {
  const h = keyHash(w0(key), w1(key), w2(key));
  const b = bucketOf(h, moves);
  const check = checkOf(h);
  let e = b;
  let x = entryWord(b, key, check);
  if (x == 0) {
    x = entryWord(b + ENTRY, key, check);
    if (x != 0) e = b + ENTRY;
    else {
      const first = load<u64>(b, 24);
      const second = load<u64>(b + ENTRY, 24);
      const slot = victimSlot(
        slotLive(first),
        slotLive(second),
        i32((first >> MOVES_SHIFT) & 255),
        moves,
      );
      e = b + usize(slot) * ENTRY;
    }
  }
  if (x != 0) {
    const d = u32(x & DATA_MASK);
    const oldLo = i32(d & 255) - 128;
    const oldHi = i32((d >> 8) & 255) - 128;
    if (oldLo > lo) lo = oldLo;
    if (oldHi < hi) hi = oldHi;
    if (best == NO_MOVE) best = (d >> 16) & 31;
  }
  const data = u32(lo + 128) | (u32(hi + 128) << 8) | (best << 16);
  const word = u64(data) | (u64(generation) << GEN_SHIFT) | (u64(moves) << MOVES_SHIFT) | check;
  store<u64>(e, word, 24);
  store<u64>(e, w0(key) ^ word);
  store<u64>(e, w1(key) ^ word, 8);
  store<u64>(e, w2(key) ^ word, 16);
}

// ---- word-wise helpers for the search's inner loop ----------------------------------------------
// The search's per-move work in registers: results in g0..g2 (AssemblyScript returns one value).
// Measured 2x faster per node on 10x6 than the pointer helpers above.
let g0: u64 = 0;
let g1: u64 = 0;
let g2: u64 = 0;
let board0: u64 = 0;
let board1: u64 = 0;
let board2: u64 = 0;
let bottom0: u64 = 0;
let bottom1: u64 = 0;
let bottom2: u64 = 0;
let even0: u64 = 0;
let even1: u64 = 0;
let even2: u64 = 0;

@inline
function pop3(a: u64, b: u64, c: u64): i32 {
  return i32(popcnt<u64>(a) + popcnt<u64>(b) + popcnt<u64>(c));
}

/** g = the playable cells of mask m (192-bit add of the bottom row, carries across words). */
@inline
function possibleWords(m0: u64, m1: u64, m2: u64): void {
  const s0 = m0 + bottom0;
  const c0: u64 = s0 < m0 ? 1 : 0;
  const t1 = m1 + bottom1;
  const s1 = t1 + c0;
  const c1: u64 = t1 < m1 || s1 < t1 ? 1 : 0;
  g0 = s0 & board0;
  g1 = s1 & board1;
  g2 = (m2 + bottom2 + c1) & board2;
}

/** g = the empty cells (mask m) where a disc of p would complete a line. */
function winsWords(p0: u64, p1: u64, p2: u64, m0: u64, m1: u64, m2: u64): void {
  if (fast4) {
    g0 = wins4Word(0, p0, p1) & (board0 ^ m0);
    g1 = wins4Word(p0, p1, p2) & (board1 ^ m1);
    g2 = wins4Word(p1, p2, 0) & (board2 ^ m2);
    return;
  }
  const pos = tmp(7);
  const mask = tmp(8);
  set(pos, p0, p1, p2);
  set(mask, m0, m1, m2);
  winningCells(pos, pos, mask);
  g0 = w0(pos);
  g1 = w1(pos);
  g2 = w2(pos);
}

function hasLineWords(c0: u64, c1: u64, c2: u64): bool {
  if (fast4) {
    if (dirVertical && has4(c0, c1, c2, 1)) return true;
    if (dirHorizontal && has4(c0, c1, c2, u64(H1))) return true;
    return dirDiagonal && (has4(c0, c1, c2, u64(H)) || has4(c0, c1, c2, u64(H + 2)));
  }
  const cells = tmp(7);
  set(cells, c0, c1, c2);
  return hasLine(cells);
}

/**
 * An upper bound on the side to move's score from the opponent's claimeven strategy, or
 * NO_BOUND (see `claimevenBound` in the 64-bit solver): on even heights with an even number of
 * empty cells, if our discs and every cell the opponent cannot be kept from hold no line, we
 * cannot win. c = the side to move's discs, m = all discs.
 */
function claimevenWords(c0: u64, c1: u64, c2: u64, m0: u64, m1: u64, m2: u64): i32 {
  possibleWords(m0, m1, m2);
  const t0 = (c0 ^ m0) | (even0 & ~m0 & ~g0);
  const t1 = (c1 ^ m1) | (even1 & ~m1 & ~g1);
  const t2 = (c2 ^ m2) | (even2 & ~m2 & ~g2);
  if (hasLineWords(board0 & ~t0, board1 & ~t1, board2 & ~t2)) return NO_BOUND;
  return hasLineWords(t0, t1, t2) ? -1 : 0;
}

/** `opponentLost` on words: u = our winning cells, p = the opponent's playable cells. */
@inline
function lostWords(u0: u64, u1: u64, u2: u64, p0: u64, p1: u64, p2: u64): bool {
  const h0 = p0 & u0;
  const h1 = p1 & u1;
  const h2 = p2 & u2;
  const under0 = down(u0, u1, 1);
  const under1 = down(u1, u2, 1);
  const under2 = u2 >> 1;
  if ((h0 | h1 | h2) != 0) {
    if (pop3(h0, h1, h2) > 1) return true;
    return ((h0 & under0) | (h1 & under1) | (h2 & under2)) != 0;
  }
  return ((p0 & ~under0) | (p1 & ~under1) | (p2 & ~under2)) == 0;
}

// ---- mirror keys (../common/mirror.ts) ---------------------------------------------------------
// Positions of fewer discs than this share their entry with their mirror image.
let mirrorKeyPlies: i32 = MIRROR_KEY_PLIES;

/** The bits of the board k0..k2 from bit `from` on (a field may straddle two words). */
@inline
function fieldAt(k0: u64, k1: u64, k2: u64, from: i32): u64 {
  const q = from >> 6;
  const o = u64(from & 63);
  const a = q == 0 ? k0 : q == 1 ? k1 : k2;
  const b = q == 0 ? k1 : q == 1 ? k2 : 0;
  return o == 0 ? a : (a >> o) | (b << (64 - o));
}

/**
 * Replaces the key at `key` by its mirror image's (columns in reverse order) when that is the
 * lesser, and says whether it did.
 */
function foldMirror(key: usize): bool {
  const k0 = w0(key);
  const k1 = w1(key);
  const k2 = w2(key);
  const column = (u64(1) << u64(H1)) - 1;
  let r0: u64 = 0;
  let r1: u64 = 0;
  let r2: u64 = 0;
  for (let c = 0; c < W; c++) {
    const bits = fieldAt(k0, k1, k2, c * H1) & column;
    const to = (W - 1 - c) * H1;
    const q = to >> 6;
    const o = u64(to & 63);
    const lo = bits << o;
    const hi: u64 = o == 0 ? 0 : bits >> (64 - o);
    if (q == 0) {
      r0 |= lo;
      r1 |= hi;
    } else if (q == 1) {
      r1 |= lo;
      r2 |= hi;
    } else r2 |= lo;
  }
  if (r2 > k2 || (r2 == k2 && (r1 > k1 || (r1 == k1 && r0 >= k0)))) return false;
  set(key, r0, r1, r2);
  return true;
}

/** The column `col` names in the orientation of the entry's key (`flip`: the mirror image's). */
@inline
function colFor(col: u32, flip: bool): u32 {
  return mirrorColumn(col, flip, W, NO_MOVE);
}

// ---- search -----------------------------------------------------------------------------------
/**
 * Negamax on the frame of depth `moves` (cur, mask and the opponent's winning cells
 * set by the caller). Precondition: the side to move cannot win with its next disc.
 */
function negamax(moves: i32, alpha: i32, beta: i32): i32 {
  const f = frameAt(moves);
  const cur = f + F_CUR;
  const mask = f + F_MASK;
  const oppWin = f + F_OPP;
  const c0 = w0(cur);
  const c1 = w1(cur);
  const c2 = w2(cur);
  const m0 = w0(mask);
  const m1 = w1(mask);
  const m2 = w2(mask);
  const w0o = w0(oppWin);
  const w1o = w1(oppWin);
  const w2o = w2(oppWin);

  possibleWords(m0, m1, m2);
  let n0 = g0 & w0o;
  let n1 = g1 & w1o;
  let n2 = g2 & w2o;
  if ((n0 | n1 | n2) != 0) {
    // Two threats at once cannot both be blocked.
    if (pop3(n0, n1, n2) > 1) return lossNext(SIZE, moves);
  } else {
    n0 = g0;
    n1 = g1;
    n2 = g2;
  }
  // Never play right under an opponent's winning cell.
  n0 &= ~down(w0o, w1o, 1);
  n1 &= ~down(w1o, w2o, 1);
  n2 &= ~(w2o >> 1);
  if ((n0 | n1 | n2) == 0) return lossNext(SIZE, moves);
  if (moves >= SIZE - 2) return 0;

  const min = lossLater(SIZE, moves);
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  const max = winLater(SIZE, moves);
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }
  if (beta > -1 && evenHeight && ((SIZE - moves) & 1) == 0) {
    const bound = claimevenWords(c0, c1, c2, m0, m1, m2);
    if (bound < beta) {
      beta = bound;
      if (alpha >= beta) return beta;
    }
  }

  // A node is a position the checks above did not settle (as the 64-bit solver counts).
  nodes++;
  if (nodes >= growAt) slowPath();
  checkStop();
  if (aborted) return alpha;

  // Candidates ordered by `moveScore`, each judged statically first (see the 64-bit solver),
  // computed in registers.
  let count: i32 = 0;
  const entries = f + F_ENTRIES;
  const oursAt = f + F_OURS;
  const childEven = evenHeight && ((SIZE - moves) & 1) != 0;
  // the opponent's winning cells moved up one: ours right above one of them are worthless
  const o0 = w0o << 1;
  const o1 = up(w0o, w1o, 1);
  const o2 = up(w1o, w2o, 1);
  for (let i = 0; i < W; i++) {
    const col = load<i32>(at(ORDER) + (usize(i) << 2));
    const cm = colMask(col);
    const v0 = n0 & w0(cm);
    const v1 = n1 & w1(cm);
    const v2 = n2 & w2(cm);
    if ((v0 | v1 | v2) == 0) continue;
    const q0 = m0 | v0;
    const q1 = m1 | v1;
    const q2 = m2 | v2;
    winsWords(c0 | v0, c1 | v1, c2 | v2, q0, q1, q2);
    const u0 = g0;
    const u1 = g1;
    const u2 = g2;
    possibleWords(q0, q1, q2);
    const p0 = g0;
    const p1 = g1;
    const p2 = g2;
    if (lostWords(u0, u1, u2, p0, p1, p2)) return max;
    if (childEven && beta <= 1) {
      const bound = claimevenWords(c0 ^ m0, c1 ^ m1, c2 ^ m2, q0, q1, q2);
      if (-bound >= beta) return -bound;
    }
    const f0 = u0 & ~o0;
    const f1 = u1 & ~o1;
    const f2 = u2 & ~o2;
    const a0 = (p0 << 1) & board0;
    const a1 = up(p0, p1, 1) & board1;
    const a2 = up(p1, p2, 1) & board2;
    const score: i32 = 2 * pop3(f0, f1, f2) + pop3(f0 & a0, f1 & a1, f2 & a2);
    let j = count;
    while (j > 0) {
      const prev = load<i32>(entries + (usize(j - 1) << 2));
      if (prev >> 8 >= score) break;
      store<i32>(entries + (usize(j) << 2), prev);
      copy(oursAt + usize(j) * BB, oursAt + usize(j - 1) * BB);
      j--;
    }
    store<i32>(entries + (usize(j) << 2), (score << 8) | col);
    set(oursAt + usize(j) * BB, u0, u1, u2);
    count++;
  }
  const max5 = winLatest(SIZE, moves);
  if (beta > max5) {
    beta = max5;
    if (alpha >= beta) return beta;
  }

  const key = f + F_KEY;
  {
    const s0 = c0 + m0;
    const k0: u64 = s0 < c0 ? 1 : 0;
    const t1 = c1 + m1;
    const s1 = t1 + k0;
    const k1: u64 = t1 < c1 || s1 < t1 ? 1 : 0;
    set(key, s0, s1, c2 + m2 + k1);
  }
  const mirrored = moves < mirrorKeyPlies && foldMirror(key);
  const d = probe(key, moves);
  if (d != 0) {
    const lo = i32(d & 255) - 128;
    const hi = i32((d >> 8) & 255) - 128;
    if (hi < beta) {
      beta = hi;
      if (alpha >= beta) return beta;
    }
    if (lo > alpha) {
      alpha = lo;
      if (alpha >= beta) return alpha;
    }
    const b = colFor((d >> 16) & 31, mirrored);
    const ours = tmp(3);
    if (b != NO_MOVE) {
      for (let i = 1; i < count; i++) {
        const entry = load<i32>(entries + (usize(i) << 2));
        if (u32(entry & 255) != b) continue;
        copy(ours, oursAt + usize(i) * BB);
        for (let j = i; j > 0; j--) {
          store<i32>(entries + (usize(j) << 2), load<i32>(entries + (usize(j - 1) << 2)));
          copy(oursAt + usize(j) * BB, oursAt + usize(j - 1) * BB);
        }
        store<i32>(entries, entry);
        copy(oursAt, ours);
        break;
      }
    }
  }

  // Enhanced transposition cutoff: a child already known to be bad enough for the opponent
  // proves the cut without searching anything (as in the 64-bit solver).
  if (useEtc && SIZE - moves >= etcMinEmpty) {
    const childKey = tmp(5);
    const t0 = c0 ^ m0;
    const t1 = c1 ^ m1;
    const t2 = c2 ^ m2;
    for (let i = 0; i < count; i++) {
      const col = load<i32>(entries + (usize(i) << 2)) & 255;
      const cm = colMask(col);
      const q0 = m0 | (n0 & w0(cm));
      const q1 = m1 | (n1 & w1(cm));
      const q2 = m2 | (n2 & w2(cm));
      // child key = its side to move's discs + its mask, a 192-bit add
      const s0 = t0 + q0;
      const k0: u64 = s0 < t0 ? 1 : 0;
      const u1 = t1 + q1;
      const s1 = u1 + k0;
      const k1: u64 = u1 < t1 || s1 < u1 ? 1 : 0;
      set(childKey, s0, s1, t2 + q2 + k1);
      if (moves + 1 < mirrorKeyPlies) foldMirror(childKey);
      const d2 = probe(childKey, moves + 1);
      if (d2 != 0) {
        const childHi = i32((d2 >> 8) & 255) - 128;
        if (-childHi >= beta) {
          ttStore(key, -childHi, 127, colFor(u32(col), mirrored), moves);
          return -childHi;
        }
      }
    }
  }

  const alphaIn = alpha;
  let best: u32 = NO_MOVE;
  // Fail-soft where no move reaches alpha (see the 64-bit solver).
  let value: i32 = -127;
  const child = frameAt(moves + 1);
  // Threads build, far from the end of the game: a child that another thread is searching now
  // waits for a second pass (the 64-bit search's marks, keyed by the child's hash).
  let marking =
    ASC_FEATURE_THREADS && parallel && moves < markBelow && SIZE - moves >= markMinEmpty;
  // The candidates still to search, in order (bit i: candidate i), then those deferred.
  let todo: u32 = (u32(1) << u32(count)) - 1;
  let deferred: u32 = 0;
  while (true) {
    if (todo == 0) {
      if (!ASC_FEATURE_THREADS || deferred == 0) break;
      todo = deferred;
      deferred = 0;
      marking = false;
    }
    const i = <i32>ctz(todo);
    todo &= todo - 1;
    const col = load<i32>(entries + (usize(i) << 2)) & 255;
    // the child's frame: the opponent to move, our winning cells are its opponent's
    const cm = colMask(col);
    set(child + F_CUR, c0 ^ m0, c1 ^ m1, c2 ^ m2);
    set(child + F_MASK, m0 | (n0 & w0(cm)), m1 | (n1 & w1(cm)), m2 | (n2 & w2(cm)));
    copy(child + F_OPP, oursAt + usize(i) * BB);
    let score: i32;
    if (ASC_FEATURE_THREADS && marking) {
      const id = childHash(child) | 1;
      const mark = markAt(id);
      if (load<u64>(mark) == id) {
        deferred |= u32(1) << u32(i);
        continue;
      }
      store<u64>(mark, id);
      score = -negamax(moves + 1, -beta, -alpha);
      if (load<u64>(mark) == id) store<u64>(mark, 0);
    } else {
      score = -negamax(moves + 1, -beta, -alpha);
    }
    if (aborted) return alpha;
    if (score >= beta) {
      ttStore(key, score, 127, colFor(u32(col), mirrored), moves);
      return score;
    }
    if (score > alpha) {
      alpha = score;
      best = u32(col);
    }
    if (score > value) value = score;
  }
  if (alpha > alphaIn) {
    ttStore(key, alpha, alpha, colFor(best, mirrored), moves);
    return alpha;
  }
  ttStore(key, -127, value, NO_MOVE, moves);
  return value;
}

/** The hash of the key of the position in frame `f` (cur + mask, a 192-bit add). */
@inline
function childHash(f: usize): u64 {
  const c0 = w0(f + F_CUR);
  const c1 = w1(f + F_CUR);
  const s0 = c0 + w0(f + F_MASK);
  const k0: u64 = s0 < c0 ? 1 : 0;
  const t1 = c1 + w1(f + F_MASK);
  const s1 = t1 + k0;
  const k1: u64 = t1 < c1 || s1 < t1 ? 1 : 0;
  return keyHash(s0, s1, w2(f + F_CUR) + w2(f + F_MASK) + k1);
}

// ---- the root and the threads (../common/root.ts, ../common/parallel.ts) -----------------------
// The threads build's slow path: only to wake the helpers (this table's region never grows).
let growAt: u64 = 0xffffffffffffffff;

function slowPath(): void {
  if (ASC_FEATURE_THREADS) {
    if (nodes >= parallelAt) goParallel<Wide>();
  }
  growAt = parallelAt;
}

/** The root's frame: a search writes only its own frame's other fields and deeper frames. */
function setUpRoot(): void {
  mirrorKeyPlies = mirrorKeyPliesFor(posMoves);
  const root = frameAt(posMoves);
  copy(root + F_CUR, at(POS_CUR));
  copy(root + F_MASK, at(POS_MASK));
  xor(root + F_OPP, at(POS_CUR), at(POS_MASK));
  winningCells(root + F_OPP, root + F_OPP, at(POS_MASK));
}

// A helper's job, read from the header before it is known to be whole (`readJob`).
let jobWidth: i32 = 0;
let jobHeight: i32 = 0;
let jobConnect: i32 = 0;

@final
class Wide {
  @inline moves(): i32 {
    return posMoves;
  }
  @inline size(): i32 {
    return SIZE;
  }
  @inline evenHeight(): bool {
    return evenHeight;
  }
  winsNow(): bool {
    const t = tmp(0);
    winningCells(t, at(POS_CUR), at(POS_MASK));
    const p = tmp(1);
    possibleMoves(p, at(POS_MASK));
    and(t, t, p);
    return !isZero(t);
  }
  prepare(): i32 {
    setUpRoot();
    return ttBits;
  }
  @inline useRegion(bits: i32): void {
    growAt = parallelAt;
  }
  @inline region(): i32 {
    return ttBits;
  }
  @inline probe(med: i32): i32 {
    return negamax(posMoves, med, med + 1);
  }
  publish(): void {
    store<i32>(H_WIDTH, W);
    store<i32>(H_HEIGHT, H);
    store<i32>(H_CONNECT, N);
    memory.copy(H_POS, at(POS_CUR), 2 * BB);
  }
  readJob(): void {
    jobWidth = load<i32>(H_WIDTH);
    jobHeight = load<i32>(H_HEIGHT);
    jobConnect = load<i32>(H_CONNECT);
    // into the frame past the last (a scratch bitboard pair no search uses)
    memory.copy(at(JOB_POS), H_POS, 2 * BB);
  }
  applyJob(moves: i32, gen: u32): void {
    if (jobWidth != W || jobHeight != H || jobConnect != N) {
      configureVariant(jobWidth, jobHeight, jobConnect);
    }
    memory.copy(at(POS_CUR), at(JOB_POS), 2 * BB);
    posMoves = moves;
    setUpRoot();
    generation = gen;
    growAt = 0xffffffffffffffff;
  }
  @inline followRegion(bits: i32): void {}
}

/**
 * Solves the current position. Strong: exact score; weak: -1/0/1. Returns 1 when done, 0 when
 * stopped (then lower()/upper() hold the bounds proven so far). Precondition: game not over.
 */
export function solve(weak: i32): i32 {
  return solveRoot<Wide>(weak);
}

/** `solve(0)` narrowed to what the window [lo, hi] asks (../common/root.ts). */
export function solveWithin(lo: i32, hi: i32): i32 {
  return solveWithinRoot<Wide>(lo, hi);
}

// ---- threads build ------------------------------------------------------------------------------
/** Bytes of shared memory for `threads` threads and 2^bits entries (0 if out of range). */
export function sharedBytes(threads: i32, bits: i32): f64 {
  return sharedBytesFor(threads, bits, MAX_TABLE_BITS, SCRATCH_SIZE, i32(ENTRY));
}

/** Writes the header of a fresh (zeroed) shared memory. Returns 0 if the module cannot share. */
export function initShared(threads: i32, bits: i32): i32 {
  return initHeader(threads, bits, MAX_TABLE_BITS, SCRATCH_SIZE, i32(ENTRY));
}

/** Makes this instance thread `index` of the shared memory `initShared` set up. */
export function attach(index: i32): i32 {
  if (!ASC_FEATURE_THREADS) return 0;
  const scratchAt = attachThread(index, SCRATCH_SIZE);
  if (scratchAt == 0) return 0;
  base = scratchAt;
  useTable(tableStart(threadTotal, SCRATCH_SIZE), load<i32>(H_BITS));
  if (ASC_FEATURE_THREADS) generation = atomic.load<u32>(GENERATION);
  configureVariant(10, 6, 4);
  resetPosition();
  return 1;
}

/** A helper's life (../common/parallel.ts). Blocks (use it in a worker). */
export function helperLoop(): void {
  helperLoopOf<Wide>();
}

/**
 * A helper's first search, alone, cut short (its table writes are true bounds like any other):
 * the engine compiles a function with its optimising tier only after it has run a while in this
 * instance, and a helper would otherwise spend its first searches in baseline code. A 10x6
 * position of 12 discs (columns 4 bits a move: no data segment, which every instance would copy
 * into the shared memory), stopped after WARM_UP_NODES nodes.
 */
const WARM_UP_MOVES: u64 = 0x564534455445;
const WARM_UP_NODES: u64 = 50000;
export function warmUp(): void {
  if (ASC_FEATURE_THREADS) {
    configureVariant(10, 6, 4);
    generation = atomic.load<u32>(GENERATION);
    resetPosition();
    for (let i = 0; i < 12; i++) play(i32((WARM_UP_MOVES >> (u64(i) * 4)) & 15));
    setUpRoot();
    let min = lossNext(SIZE, posMoves);
    let max = winNow(SIZE, posMoves);
    const limit = nodeLimit;
    nodeLimit = WARM_UP_NODES;
    while (min < max) {
      const med = probeAt(min, max);
      const r = negamax(posMoves, med, med + 1);
      if (aborted) break;
      if (r <= med) max = r < min ? min : r;
      else min = r > max ? max : r;
    }
    nodeLimit = limit;
    nodes = 0;
    aborted = false;
    budgetStop = false;
  }
}
