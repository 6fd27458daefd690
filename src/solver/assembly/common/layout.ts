// The threads build's shared memory and each thread's part in it, the same for every board width.
//
// One shared memory, laid out from LAYOUT_BASE (the module has no data of its own below it):
// header (control word, job signal, generation, the job's position), one 64-byte slot per thread
// (its node count), one scratch region per thread (the build's column order, frames, move
// buffer: `stride` bytes each), the marks, then the table.

export const LAYOUT_BASE: usize = 1024;
// The control word, u64: job << 32 | table bits in use << 17 | OPEN | (min + 64) << 8 | (max + 64).
export const CONTROL: usize = LAYOUT_BASE;
export const OPEN: u64 = 0x10000;
export const BITS_SHIFT: u64 = 17;
export const BITS_FIELD: u64 = u64(63) << BITS_SHIFT;
export const SIGNAL: usize = LAYOUT_BASE + 64; // i32, bumped to wake the helpers; QUIT beside it
export const QUIT: usize = LAYOUT_BASE + 68;
export const GENERATION: usize = LAYOUT_BASE + 128; // u32
export const H_BITS: usize = LAYOUT_BASE + 132;
export const H_THREADS: usize = LAYOUT_BASE + 136;
export const H_WIDTH: usize = LAYOUT_BASE + 140;
export const H_HEIGHT: usize = LAYOUT_BASE + 144;
export const H_CONNECT: usize = LAYOUT_BASE + 148;
export const H_MOVES: usize = LAYOUT_BASE + 152;
export const H_ETC: usize = LAYOUT_BASE + 156;
export const H_ETC_MIN: usize = LAYOUT_BASE + 160;
export const H_MARK_MIN: usize = LAYOUT_BASE + 164;
export const H_MARK_PLIES: usize = LAYOUT_BASE + 184;
// i32: how many probes of the open job have narrowed its interval (for `rootProbe`).
export const H_PROBES: usize = LAYOUT_BASE + 188;
// i32: helpers inside a job (`help`), so a reader of their node counts can wait for them.
export const H_ACTIVE: usize = LAYOUT_BASE + 192;
// The job's position, as the build lays it out (up to 8 words: cur and mask of 1 or 3 words).
export const H_POS: usize = LAYOUT_BASE + 256;
export const SLOTS: usize = LAYOUT_BASE + 1024; // per thread, 64 bytes: nodes u64 @8
export const MAX_THREADS: i32 = 64;
export const SCRATCH_BASE: usize = SLOTS + usize(MAX_THREADS) * 64;

export let threadIndex: i32 = 0;
export let threadTotal: i32 = 1;
/** True while this thread searches with others (checks the control word). */
export let parallel: bool = false;
/** The control word this thread's probe started from: any change ends the probe. */
export let probeWord: u64 = 0;
export let parallelAt: u64 = 0xffffffffffffffff;
export let parallelNodes: u64 = 1 << 14;
// Marks within `markPlies` plies of the root and from `markMinEmpty` empty cells up: deeper, the
// subtrees are too small to repay the writes to lines other threads read (BENCHMARKS.md,
// "solver threads").
export let markMinEmpty: i32 = 12;
export let markPlies: i32 = 8;
export let markBelow: i32 = 0;
export let rootMin: i32 = 0;
export let rootMax: i32 = 0;
export let job: u32 = 0;

/** Each thread's scratch region, `size` bytes rounded to a cache line. */
@inline
export function scratchStride(size: usize): usize {
  return (size + 63) & ~usize(63);
}

// The marks of positions being searched: one per cache line (threads write them), keyed by a
// 64-bit key or hash; a collision only defers a child needlessly.
const MARK_BITS: i32 = 12;
export const MARK_SHIFT: u64 = u64(64 - MARK_BITS);
export const MARK_MUL: u64 = 0x9e3779b97f4a7c15;
export let marksBase: usize = 0;
export function marksStart(threads: i32, scratchSize: usize): usize {
  return (SCRATCH_BASE + usize(threads) * scratchStride(scratchSize) + 63) & ~usize(63);
}
export function tableStart(threads: i32, scratchSize: usize): usize {
  return marksStart(threads, scratchSize) + (usize(64) << usize(MARK_BITS));
}

/** The mark of the position `key` (a 64-bit key, or a hash of a wider one). */
@inline
export function markAt(key: u64): usize {
  return marksBase + (usize((key * MARK_MUL) >> MARK_SHIFT) << 6);
}
