// Connect-N perfect solver compiled to WebAssembly (AssemblyScript, native i64 bitboards).
//
// Board encoding (Pons): each column takes height+1 bits, bit (col*(height+1)+row); the extra
// bit per column stays empty and stops runs from wrapping into the next column. `cur` holds the
// discs of the side to move, `mask` all discs. Key = cur + mask is unique per position and fits
// in width*(height+1) <= 64 bits.
//
// Scores (side to move): a win with the disc after m discs scores (W*H + 1 - m) / 2, a loss the
// negative, a draw 0. The search is fail-hard alpha-beta negamax over null windows, with a
// transposition table holding both bounds and the best move.

@external('env', 'shouldStop')
declare function hostShouldStop(): i32;

// ---- variant ----------------------------------------------------------------------------------
let W: i32 = 7;
let H: i32 = 6;
let N: i32 = 4;
let H1: i32 = 7;
let SIZE: i32 = 42;
let bottomMask: u64 = 0;
let boardMask: u64 = 0;
let dirVertical: bool = true;
let dirHorizontal: bool = true;
let dirDiagonal: bool = true;
// Columns, centre first: central moves win more often, so alpha-beta cuts earlier.
const ORDER_PTR: usize = 0; // offset into scratch
// [0,64): column order (i32 x 16); [64,192): run masks (u64 x 16); [256,...): candidate frames,
// one per search depth (depth <= SIZE <= 64): 16 x i32 (score << 8 | column), then 16 x u64
// (the winning cells the move leaves us, which the child needs as its opponent's).
const FRAME: usize = 192;
// After the frames: the host writes a whole move list here (one column per byte) and loads it
// with one call, `loadMoves`, instead of one call per move.
const MOVES_PTR: usize = 256 + 66 * FRAME;
const MOVES_CAPACITY: i32 = 256; // MOVES_CAPACITY in ../wasm.ts
const SCRATCH_SIZE: usize = MOVES_PTR + <usize>MOVES_CAPACITY;
let scratch: usize = 0;

// ---- position ---------------------------------------------------------------------------------
let posCur: u64 = 0;
let posMask: u64 = 0;
let posMoves: i32 = 0;

// ---- search state -----------------------------------------------------------------------------
let nodes: u64 = 0;
let nodeLimit: u64 = 0xffffffffffffffff;
let checkHost: bool = false;
let aborted: bool = false;
let resultLower: i32 = 0;
let resultUpper: i32 = 0;
let useEtc: bool = true;
// Probing every child costs a cache miss each: only worth it far from the end of the game.
let etcMinEmpty: i32 = 0;

// ---- transposition table ----------------------------------------------------------------------
// Entries of 16 bytes (one cache line holds 4): key u64, data u32, 4 spare bytes.
// data = lower+64 (7 bits) | upper+64 (7 bits) << 7 (±63 = no bound) | best column
// (4 bits, 15 = none) << 14 | generation (14 bits) << 18. An entry of another generation is empty,
// so clearing the table between independent solves costs nothing.
let ttBits: i32 = 0;
let ttSize: u32 = 0;
let ttBase: usize = 0;
let generation: u32 = 1;
const GEN_MASK: u32 = 0x3fff;
const NO_MOVE: u32 = 15;

function colMask(col: i32): u64 {
  return ((<u64>1 << <u64>H) - 1) << <u64>(col * H1);
}

function ensureScratch(): void {
  if (scratch != 0) return;
  scratch = (__heap_base + 15) & ~(<usize>15);
  const needed = <i32>((scratch + SCRATCH_SIZE + 0xffff) >> 16);
  if (needed > memory.size()) memory.grow(needed - memory.size());
}

export function configure(width: i32, height: i32, connect: i32): i32 {
  if (width < 1 || height < 1 || connect < 2 || width > 16 || width * (height + 1) > 64) return 0;
  W = width;
  H = height;
  N = connect;
  H1 = height + 1;
  SIZE = width * height;
  bottomMask = 0;
  for (let c = 0; c < width; c++) bottomMask |= <u64>1 << <u64>(c * H1);
  boardMask = bottomMask * ((<u64>1 << <u64>height) - 1);
  dirVertical = connect <= height;
  dirHorizontal = connect <= width;
  dirDiagonal = connect <= width && connect <= height;
  ensureScratch();
  for (let i = 0; i < width; i++) {
    const col = width / 2 + (1 - 2 * (i % 2)) * ((i + 1) / 2);
    store<i32>(scratch + ORDER_PTR + (<usize>i << 2), col);
  }
  posCur = 0;
  posMask = 0;
  posMoves = 0;
  newGeneration();
  return 1;
}

/** Allocates 2^bits table entries (16 bytes each). Returns 0 when memory cannot grow. */
export function setTableBits(bits: i32): i32 {
  if (bits < 10 || bits > 28) return 0;
  if (scratch == 0) configure(7, 6, 4);
  const size = <usize>1 << <usize>bits;
  const base = (scratch + SCRATCH_SIZE + 63) & ~(<usize>63);
  const end = base + size * 16;
  const pages = <i32>((end + 0xffff) >> 16);
  if (pages > memory.size()) {
    if (memory.grow(pages - memory.size()) < 0) return 0;
  }
  ttBits = bits;
  activeBits = 0;
  ttSize = <u32>size;
  ttBase = base;
  memory.fill(ttBase, 0, size * 16);
  generation = 1;
  return 1;
}

/** Forgets every table entry (O(1) except once every 16383 calls). */
export function newGeneration(): void {
  activeBits = 0;
  generation++;
  if (generation > GEN_MASK) {
    if (ttSize != 0) memory.fill(ttBase, 0, <usize>ttSize * 16);
    generation = 1;
  }
}

export function setUseEtc(on: i32, minEmpty: i32): void {
  useEtc = on != 0;
  etcMinEmpty = minEmpty;
}

// ---- bitboard helpers -------------------------------------------------------------------------

@inline
function possibleMoves(mask: u64): u64 {
  return (mask + bottomMask) & boardMask;
}

@inline
function popcount(x: u64): i32 {
  return <i32>popcnt<u64>(x);
}

/** Empty cells (anywhere, not only playable) where a disc of `pos` would complete a line. */
function winningCells(pos: u64, mask: u64): u64 {
  let r: u64 = 0;
  if (N == 4) {
    if (dirVertical) r = (pos << 1) & (pos << 2) & (pos << 3);
    if (dirHorizontal) r |= line4(pos, <u64>H1);
    if (dirDiagonal) {
      r |= line4(pos, <u64>H);
      r |= line4(pos, <u64>(H + 2));
    }
  } else {
    if (dirVertical) r = lineN(pos, 1);
    if (dirHorizontal) r |= lineN(pos, H1);
    if (dirDiagonal) {
      r |= lineN(pos, H);
      r |= lineN(pos, H + 2);
    }
  }
  return r & (boardMask ^ mask);
}

@inline
function line4(pos: u64, d: u64): u64 {
  let p = (pos << d) & (pos << (d << 1));
  let r = p & (pos << (d * 3));
  r |= p & (pos >> d);
  p = (pos >> d) & (pos >> (d << 1));
  r |= p & (pos << d);
  r |= p & (pos >> (d * 3));
  return r;
}

/** Cells x such that, for some split i + j = N - 1, x+d..x+i*d and x-d..x-j*d all hold `pos`. */
function lineN(pos: u64, d: i32): u64 {
  const runs = scratch + 64;
  // below[j]: the j cells before x are all ours
  let below: u64 = 0xffffffffffffffff;
  store<u64>(runs, below);
  for (let j = 1; j < N; j++) {
    below &= pos << <u64>(j * d);
    store<u64>(runs + (<usize>j << 3), below);
  }
  let above: u64 = 0xffffffffffffffff;
  let r: u64 = 0;
  for (let i = 0; i < N; i++) {
    if (i > 0) above &= pos >> <u64>(i * d);
    r |= above & load<u64>(runs + (<usize>(N - 1 - i) << 3));
  }
  return r;
}

// The table grows with the search. A search starts on the first 2^START_BITS entries (fewer
// with few empty cells) and, each time it has visited as many nodes as that region holds,
// moves to a region four times larger, up to the whole table: a short search then stays in
// the cache instead of every probe missing 64 MiB. Entries hold the full key, so an entry at
// the wrong index only costs a hit, never correctness. Within one generation the region never
// shrinks, so later calls (analysis of every column, move after move) still find the entries
// of earlier ones.
const START_BITS: i32 = 16;
const HASH_MUL: u64 = 0x9e3779b97f4a7c15;
let activeBits: i32 = 0; // 0: no search yet in this generation
let ttShift: u64 = 64 - START_BITS;
let growAt: u64 = 0xffffffffffffffff;

function useBits(bits: i32): void {
  activeBits = bits;
  ttShift = <u64>(64 - bits);
  growAt = bits < ttBits ? nodes + (<u64>1 << <u64>bits) : 0xffffffffffffffff;
}

/** Moves to a region 4x larger, re-indexing the entries of this generation in place. */
function grow(): void {
  let bits = activeBits + 2;
  if (bits > ttBits) bits = ttBits;
  const shift = <u64>(64 - bits);
  // From the top down: an entry at slot i goes to a slot in [i << k, (i + 1) << k) (the new
  // index extends the old one), which no entry still to be moved occupies.
  for (let i = (<i32>1 << activeBits) - 1; i >= 0; i--) {
    const p = ttBase + (<usize>i << 4);
    const d = load<u32>(p, 8);
    if (d >> 18 != generation) continue;
    const key = load<u64>(p);
    const j = <usize>((key * HASH_MUL) >> shift);
    if (j == <usize>i) continue;
    const q = ttBase + (j << 4);
    store<u64>(q, key);
    store<u32>(q, d, 8);
    store<u32>(p, 0, 8); // generation 0 is never live
  }
  useBits(bits);
}

@inline
function hashIndex(key: u64): usize {
  return <usize>((key * HASH_MUL) >> ttShift);
}

// ---- position API (for the host) --------------------------------------------------------------

export function resetPosition(): void {
  posCur = 0;
  posMask = 0;
  posMoves = 0;
}

/** 0 = played, 1 = column out of range or full, 3 = played and this move wins. */
export function play(col: i32): i32 {
  if (col < 0 || col >= W) return 1;
  if ((posMask & colMask(col)) == colMask(col)) return 1;
  const move = (posMask + (<u64>1 << <u64>(col * H1))) & colMask(col);
  const wins = (winningCells(posCur, posMask) & move) != 0;
  posCur ^= posMask;
  posMask |= move;
  posMoves++;
  return wins ? 3 : 0;
}

/** Where the host writes the columns for `loadMoves` (MOVES_CAPACITY bytes). */
export function movesBuffer(): usize {
  ensureScratch();
  return scratch + MOVES_PTR;
}

/**
 * Resets the position and plays the first `count` columns of the moves buffer. Returns -1 when
 * all were played and the game is not over; otherwise index << 2 | the `play` code of the first
 * move that was refused or that won (the position then holds the moves before it, or including
 * the winning one).
 */
export function loadMoves(count: i32): i32 {
  resetPosition();
  const buffer = scratch + MOVES_PTR;
  for (let i = 0; i < count; i++) {
    const code = play(<i32>load<u8>(buffer + <usize>i));
    if (code != 0) return (i << 2) | code;
  }
  return -1;
}

export function canPlay(col: i32): i32 {
  return col >= 0 && col < W && (posMask & colMask(col)) != colMask(col) ? 1 : 0;
}

export function isWinningMove(col: i32): i32 {
  if (canPlay(col) == 0) return 0;
  const move = possibleMoves(posMask) & colMask(col);
  return (winningCells(posCur, posMask) & move) != 0 ? 1 : 0;
}

export function moveCount(): i32 {
  return posMoves;
}

/** Low and high 32 bits of the key of the current position (cur + mask). */
export function keyLow(): u32 {
  return <u32>(posCur + posMask);
}
export function keyHigh(): u32 {
  return <u32>((posCur + posMask) >> 32);
}

export function nodeCount(): f64 {
  return <f64>nodes;
}
export function resetNodes(): void {
  nodes = 0;
}
export function wasAborted(): i32 {
  return aborted ? 1 : 0;
}
export function lower(): i32 {
  return resultLower;
}
export function upper(): i32 {
  return resultUpper;
}

/** Stops the search once `nodes` reaches `limit` (0 = no limit) and, if `host`, asks the host
 *  every 4096 nodes. */
export function setLimits(limit: f64, host: i32): void {
  nodeLimit = limit <= 0 ? 0xffffffffffffffff : <u64>limit;
  checkHost = host != 0;
}

// ---- search -----------------------------------------------------------------------------------

@inline
function checkStop(): void {
  if (nodes >= nodeLimit) aborted = true;
  else if (checkHost && (nodes & 4095) == 0 && hostShouldStop() != 0) aborted = true;
}

function ttStore(key: u64, lo: i32, hi: i32, best: u32): void {
  const idx = hashIndex(key);
  const kp = ttBase + (idx << 4);
  const dp = kp + 8;
  const d = load<u32>(dp);
  if (load<u64>(kp) == key && d >> 18 == generation) {
    const oldLo = <i32>(d & 127) - 64;
    const oldHi = <i32>((d >> 7) & 127) - 64;
    if (oldLo > lo) lo = oldLo;
    if (oldHi < hi) hi = oldHi;
    if (best == NO_MOVE) best = (d >> 14) & 15;
  }
  store<u64>(kp, key);
  store<u32>(dp, <u32>(lo + 64) | (<u32>(hi + 64) << 7) | (best << 14) | (generation << 18));
}

/**
 * Fail-hard negamax. Precondition: the side to move cannot win with its next disc (callers only
 * play non-losing moves, and the root checks for an immediate win). `oppWin`: the opponent's
 * winning cells, winningCells(cur ^ mask, mask), which the parent has already computed.
 */
function negamax(cur: u64, mask: u64, moves: i32, alpha: i32, beta: i32, oppWin: u64): i32 {
  nodes++;
  if (nodes >= growAt) grow();
  checkStop();
  if (aborted) return alpha;

  const possible = possibleMoves(mask);
  const forced = possible & oppWin;
  let next = possible;
  if (forced != 0) {
    // Two threats at once cannot both be blocked.
    if ((forced & (forced - 1)) != 0) return -(SIZE - moves) / 2;
    next = forced;
  }
  // Never play right under an opponent's winning cell.
  next &= ~(oppWin >> 1);
  if (next == 0) return -(SIZE - moves) / 2;
  if (moves >= SIZE - 2) return 0;

  // We survive the opponent's reply, so the worst is losing on its following move.
  const min = -(SIZE - 2 - moves) / 2;
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  // We cannot win with our next disc, so the best is winning on our following one.
  const max = (SIZE - 1 - moves) / 2;
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }

  const key = cur + mask;
  const idx = hashIndex(key);
  let ttBest: i32 = -1;
  {
    const e = ttBase + (idx << 4);
    const d = load<u32>(e, 8);
    if (d >> 18 == generation && load<u64>(e) == key) {
      const lo = <i32>(d & 127) - 64;
      const hi = <i32>((d >> 7) & 127) - 64;
      if (hi < beta) {
        beta = hi;
        if (alpha >= beta) return beta;
      }
      if (lo > alpha) {
        alpha = lo;
        if (alpha >= beta) return alpha;
      }
      const b = (d >> 14) & 15;
      if (b != NO_MOVE) ttBest = <i32>b;
    }
  }

  // Order moves: table move first, then by how many winning cells they leave us (threats).
  // Up to 16 candidates, kept as (score << 8 | order index) in a small local insertion sort.
  let count: i32 = 0;
  const order = scratch + ORDER_PTR;
  const frame = scratch + 256 + <usize>moves * FRAME;
  for (let i = 0; i < W; i++) {
    const col = load<i32>(order + (<usize>i << 2));
    const move = next & colMask(col);
    if (move == 0) continue;
    const ours = winningCells(cur | move, mask | move);
    const score: i32 = col == ttBest ? 1000 : popcount(ours);
    // insertion sort, stable for equal scores (keeps centre-first order)
    let j = count;
    while (j > 0) {
      const prev = load<i32>(frame + (<usize>(j - 1) << 2));
      if ((prev >> 8) >= score) break;
      store<i32>(frame + (<usize>j << 2), prev);
      store<u64>(frame + 64 + (<usize>j << 3), load<u64>(frame + 64 + (<usize>(j - 1) << 3)));
      j--;
    }
    store<i32>(frame + (<usize>j << 2), (score << 8) | col);
    store<u64>(frame + 64 + (<usize>j << 3), ours);
    count++;
  }

  // Enhanced transposition cutoff: a child already known to be bad enough for the opponent
  // proves the cut without searching anything.
  if (useEtc && SIZE - moves >= etcMinEmpty) {
    for (let i = 0; i < count; i++) {
      const col = load<i32>(frame + (<usize>i << 2)) & 255;
      const move = next & colMask(col);
      const m2 = mask | move;
      const k2 = (cur ^ mask) + m2;
      const i2 = hashIndex(k2);
      const e = ttBase + (i2 << 4);
      const d = load<u32>(e, 8);
      if (d >> 18 == generation && load<u64>(e) == k2) {
        const childHi = <i32>((d >> 7) & 127) - 64;
        if (-childHi >= beta) {
          ttStore(key, -childHi, 63, <u32>col);
          return -childHi;
        }
      }
    }
  }

  const alphaIn = alpha;
  let best: u32 = NO_MOVE;
  for (let i = 0; i < count; i++) {
    const col = load<i32>(frame + (<usize>i << 2)) & 255;
    const move = next & colMask(col);
    const childOppWin = load<u64>(frame + 64 + (<usize>i << 3));
    const score = -negamax(cur ^ mask, mask | move, moves + 1, -beta, -alpha, childOppWin);
    if (aborted) {
      return alpha;
    }
    if (score >= beta) {
      ttStore(key, score, 63, <u32>col);
      return score;
    }
    if (score > alpha) {
      alpha = score;
      best = <u32>col;
    }
  }
  if (alpha > alphaIn) ttStore(key, alpha, alpha, best);
  else ttStore(key, -63, alpha, NO_MOVE);
  return alpha;
}

function canWinNext(cur: u64, mask: u64): bool {
  return (winningCells(cur, mask) & possibleMoves(mask)) != 0;
}

/**
 * Solves the current position. Strong: exact score; weak: -1/0/1. Returns 1 when done, 0 when
 * stopped (then lower()/upper() hold the bounds proven so far). Precondition: game not over.
 */
export function solve(weak: i32): i32 {
  aborted = false;
  if (posMoves >= SIZE) {
    resultLower = 0;
    resultUpper = 0;
    return 1;
  }
  if (canWinNext(posCur, posMask)) {
    const s = (SIZE + 1 - posMoves) / 2;
    resultLower = weak != 0 ? 1 : s;
    resultUpper = resultLower;
    return 1;
  }
  let min = -(SIZE - posMoves) / 2;
  let max = (SIZE + 1 - posMoves) / 2;
  if (weak != 0) {
    min = -1;
    max = 1;
  }
  const rootOppWin = winningCells(posCur ^ posMask, posMask);
  let bits = SIZE - posMoves - 7;
  if (bits > START_BITS) bits = START_BITS;
  if (bits < 10) bits = 10;
  if (bits < activeBits) bits = activeBits;
  if (bits > ttBits) bits = ttBits;
  useBits(bits);
  while (min < max) {
    let med = min + (max - min) / 2;
    if (med <= 0 && min / 2 < med) med = min / 2;
    else if (med >= 0 && max / 2 > med) med = max / 2;
    const r = negamax(posCur, posMask, posMoves, med, med + 1, rootOppWin);
    if (aborted) break;
    if (r <= med) max = r < min ? min : r;
    else min = r > max ? max : r;
  }
  resultLower = min;
  resultUpper = max;
  return aborted ? 0 : 1;
}
