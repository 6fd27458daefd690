// Connect-N perfect solver compiled to WebAssembly (AssemblyScript, native i64 bitboards).
//
// Board encoding (Pons): each column takes height+1 bits, bit (col*(height+1)+row); the extra
// bit per column stays empty and stops runs from wrapping into the next column. `cur` holds the
// discs of the side to move, `mask` all discs. Key = cur + mask is unique per position and fits
// in width*(height+1) <= 64 bits.
//
// Scores (side to move): a win with the disc after m discs scores (W*H + 1 - m) / 2, a loss the
// negative, a draw 0. The search is alpha-beta negamax over null windows (fail-soft: a result
// outside the window is a bound as tight as the search found), with a transposition table
// holding both bounds and the best move.
//
// The same source builds two modules (scripts/build/solver-wasm-source.ts): the default one owns its
// memory; the threads build (ASC_FEATURE_THREADS) imports one shared memory that N instances,
// one per thread, search together with one table (see "shared table" below).

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
// Connect 4 with lines in every direction (the board at least 4 wide and 4 high).
let all4: bool = true;
// Even heights only (0 otherwise): the cells of the even rows, counted from 1 at the bottom
// (bits 1, 3, 5 ... of each column), the cells a claimeven player takes.
let evenRows: u64 = 0;
// At or below every bound `claimevenBound` gives (-1 - H / 2 would be a line on the bottom row,
// H - 1 cells below the top): a window below it need not call it.
let claimevenFloor: i32 = -1;
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
const SCRATCH_SIZE: usize = MOVES_PTR + usize(MOVES_CAPACITY);
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
// Set with `aborted` when the budget (node limit, host) ended the search, not another thread.
let budgetStop: bool = false;
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
  return ((u64(1) << u64(H)) - 1) << u64(col * H1);
}

function ensureScratch(): void {
  // Threads build: `attach` places each instance's scratch in the shared layout.
  if (ASC_FEATURE_THREADS || scratch != 0) return;
  scratch = (__heap_base + 15) & ~usize(15);
  const needed = i32((scratch + SCRATCH_SIZE + 0xffff) >> 16);
  if (needed > memory.size()) memory.grow(needed - memory.size());
}

export function configure(width: i32, height: i32, connect: i32): i32 {
  if (configureVariant(width, height, connect) == 0) return 0;
  newGeneration();
  return 1;
}

/** The variant's constants and column order, without touching the table. */
function configureVariant(width: i32, height: i32, connect: i32): i32 {
  if (width < 1 || height < 1 || connect < 2 || width > 16 || width * (height + 1) > 64) return 0;
  W = width;
  H = height;
  N = connect;
  H1 = height + 1;
  SIZE = width * height;
  bottomMask = 0;
  for (let c = 0; c < width; c++) bottomMask |= u64(1) << u64(c * H1);
  boardMask = bottomMask * ((u64(1) << u64(height)) - 1);
  dirVertical = connect <= height;
  dirHorizontal = connect <= width;
  dirDiagonal = connect <= width && connect <= height;
  all4 = connect == 4 && dirDiagonal;
  evenRows = 0;
  leftHalf = 0;
  for (let c = 0; c <= (width - 1) / 2; c++) leftHalf |= colMask(c);
  claimevenFloor = -1 - height / 2;
  if ((height & 1) == 0) {
    for (let r = 1; r < height; r += 2) evenRows |= bottomMask << u64(r);
  }
  ensureScratch();
  for (let i = 0; i < width; i++) {
    const col = width / 2 + (1 - 2 * (i % 2)) * ((i + 1) / 2);
    store<i32>(scratch + ORDER_PTR + (usize(i) << 2), col);
  }
  posCur = 0;
  posMask = 0;
  posMoves = 0;
  return 1;
}

/** Allocates 2^bits table entries (16 bytes each). Returns 0 when memory cannot grow. */
export function setTableBits(bits: i32): i32 {
  // Threads build: the table's size is fixed by `initShared`.
  if (ASC_FEATURE_THREADS || bits < 10 || bits > 28) return 0;
  if (scratch == 0) configure(7, 6, 4);
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
@inline
function winningCells(pos: u64, mask: u64): u64 {
  // Connect 4 in every direction (7x6, 9x5 ...): inlined, the search's most frequent call
  // (2-4% less time per node on Steininger's 7x6 and 9x5 sets).
  if (all4) {
    const r =
      ((pos << 1) & (pos << 2) & (pos << 3)) |
      line4(pos, u64(H1)) |
      line4(pos, u64(H)) |
      line4(pos, u64(H + 2));
    return r & (boardMask ^ mask);
  }
  return winningCellsAny(pos, mask);
}

/** `winningCells` on any board and line length. */
function winningCellsAny(pos: u64, mask: u64): u64 {
  let r: u64 = 0;
  if (N == 4) {
    if (dirVertical) r = (pos << 1) & (pos << 2) & (pos << 3);
    if (dirHorizontal) r |= line4(pos, u64(H1));
    if (dirDiagonal) {
      r |= line4(pos, u64(H));
      r |= line4(pos, u64(H + 2));
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
    below &= pos << u64(j * d);
    store<u64>(runs + (usize(j) << 3), below);
  }
  let above: u64 = 0xffffffffffffffff;
  let r: u64 = 0;
  for (let i = 0; i < N; i++) {
    if (i > 0) above &= pos >> u64(i * d);
    r |= above & load<u64>(runs + (usize(N - 1 - i) << 3));
  }
  return r;
}

/** Whether `cells` hold a whole line (in a direction the variant allows). */
@inline
function hasLine(cells: u64): bool {
  // Inlined for connect 4 in every direction, like `winningCells`: the claimeven bound calls it
  // up to H + 1 times a node (0.5-4% less time per node on Steininger's 7x6 sets).
  if (all4) {
    return (
      (lineStarts4(cells, 1) |
        lineStarts4(cells, H1) |
        lineStarts4(cells, H) |
        lineStarts4(cells, H + 2)) !=
      0
    );
  }
  return hasLineAny(cells);
}

/** `lineStarts` for connect 4. */
@inline
function lineStarts4(cells: u64, d: i32): u64 {
  const pairs = cells & (cells >> u64(d));
  return pairs & (pairs >> u64(d << 1));
}

/** `hasLine` on any board and line length. */
function hasLineAny(cells: u64): bool {
  if (dirVertical && lineIn(cells, 1)) return true;
  if (dirHorizontal && lineIn(cells, H1)) return true;
  return dirDiagonal && (lineIn(cells, H) || lineIn(cells, H + 2));
}

@inline
function lineIn(cells: u64, d: i32): bool {
  return lineStarts(cells, d) != 0;
}

const NO_BOUND: i32 = 64;

/**
 * An upper bound on the score of the side to move from the opponent's claimeven strategy, or
 * NO_BOUND. Applies on even heights with an even number of empty cells (so an even number of
 * columns with an odd number of empty cells). The opponent answers a move in a column with an
 * even number of empty cells on top of it, and a move in a column with an odd number in another
 * such column (there always is one), so it takes every empty even-row cell except, at worst,
 * the ones playable now. If the rest of the board (our discs and every other empty cell) holds
 * no line, we can never win: at best a draw, and a loss (score <= -1) if the opponent's sure
 * cells hold a line, since the board then fills up to it. With `above`, lines of ours that each
 * lie above a line of theirs do not count (`linesDominated`): theirs fills first.
 */
function claimevenBound(cur: u64, mask: u64, above: bool): i32 {
  const theirs = (cur ^ mask) | (evenRows & ~mask & ~possibleMoves(mask));
  const ours = boardMask & ~theirs;
  if (hasLine(ours)) {
    if (!above || !linesDominated(ours, theirs)) return NO_BOUND;
  } else if (!hasLine(theirs)) return 0;
  // When does that line fill up at the latest? Its last empty cell is taken with every cell
  // above it still empty. With k the lowest row such that their discs and their sure cells up
  // to row k already hold a line, the opponent wins with at least H - 1 - k cells left empty
  // (that line's last cell, or one of its cells still empty when another line of theirs ends
  // the game, has the cells above it empty): on its disc, so an even number of cells before the
  // end, and our score is at most -1 - ceil(e / 2).
  let rows = bottomMask;
  for (let k = 0; k < H - 1; k++) {
    if (hasLine(theirs & (rows | mask))) return -1 - (H - k) / 2;
    rows |= rows << 1;
  }
  return -1;
}

// Test knobs (see `setStaticWins` below): lines of ours above theirs ignored by the claimeven
// bound (`linesDominated`), fail-soft values where no move reaches alpha.
let dominated: bool = true;
export function setDominated(on: i32): void {
  dominated = on != 0;
}
let etcChains: bool = true;
export function setEtcChains(on: i32): void {
  etcChains = on != 0;
}
let failSoft: bool = true;
export function setFailSoft(on: i32): void {
  failSoft = on != 0;
}

/**
 * Whether every line `ours` holds fills only after one of `theirs`: a line of ours is harmless
 * when a line of theirs spans the same columns with each of its cells below ours, since their
 * last cell is then filled before ours. Lines are compared by their first cells (lowest bit:
 * the left end; the top end of a falling diagonal), both in the same column c, ours at row r,
 * theirs at r' < r - k: k = 0 between any two of horizontal, rising (up to the right) and
 * falling diagonal except these, k = N - 1 for our horizontal over their rising diagonal and
 * for our falling diagonal over their horizontal (our falling diagonal over their rising one,
 * k = 2N - 2, is not looked for: 6 >= H on 7x6). Vertical lines of ours never are harmless.
 */
function linesDominated(ours: u64, theirs: u64): bool {
  if (dirVertical && lineIn(ours, 1)) return false;
  const hor = dirHorizontal ? lineStarts(ours, H1) : 0;
  const rise = dirDiagonal ? lineStarts(ours, H + 2) : 0;
  const fall = dirDiagonal ? lineStarts(ours, H) : 0;
  if ((hor | rise | fall) == 0) return true;
  // Nothing lies below a line starting on the bottom row (the common case: give up at once).
  if (((hor | rise) & bottomMask) != 0) return false;
  const tHor = dirHorizontal ? lineStarts(theirs, H1) : 0;
  const tRise = dirDiagonal ? lineStarts(theirs, H + 2) : 0;
  const tFall = dirDiagonal ? lineStarts(theirs, H) : 0;
  // Their starts moved N - 1 rows up, within the column: where the other end of the line is.
  const low = H >= N ? bottomMask * ((u64(1) << u64(H - N + 1)) - 1) : 0;
  const k = u64(N - 1);
  return (
    startsBelow(hor, tHor | tFall | ((tRise & low) << k)) &&
    startsBelow(rise, tHor | tFall | tRise) &&
    startsBelow(fall, tFall | ((tHor & low) << k))
  );
}

/**
 * Whether every cell of `mine` has a cell of `t` below it in its column: per column, below the
 * lowest of `mine`. Column by column without a loop: adding a full column sets the spare bit
 * above it exactly where the column holds a cell, and subtracting the bottom bit fills the
 * cells under its lowest one.
 */
@inline
function startsBelow(mine: u64, t: u64): bool {
  if (mine == 0) return true;
  const top = bottomMask << u64(H);
  const held = (mine + boardMask) & top;
  const below = (mine - (held >> u64(H))) & ~mine & boardMask;
  return (((t & below) + boardMask) & top) == held;
}

/** The first cell (lowest bit) of each line `cells` hold in direction `d`. */
@inline
function lineStarts(cells: u64, d: i32): u64 {
  if (N == 4) {
    const pairs = cells & (cells >> u64(d));
    return pairs & (pairs >> u64(d << 1));
  }
  let run = cells;
  for (let k = 1; k < N; k++) run &= cells >> u64(k * d);
  return run;
}

/** For tests: the claimeven bound of the current position (64: none, or not applicable). */
export function claimevenBoundHere(): i32 {
  if (evenRows == 0 || ((SIZE - posMoves) & 1) != 0) return NO_BOUND;
  return claimevenBound(posCur, posMask, dominated);
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

// Positions near the end of the game (at most `nearEmpty` empty cells) are indexed into the first
// 2^NEAR_BITS entries of the region only (4 MiB): most nodes and most of their children's
// probes (the enhanced cutoffs read every child's entry) are there, and spread over 64 MiB nearly
// every such probe missed the processor's address cache (4 KiB pages: 2^18 entries span 1,024
// pages, 2^22 span 16,384) as well as its data caches. Their subtrees are small, so their entries
// are worth less than those nearer the root, which keep the whole table. Measured on Steininger's
// 7x6 opening_L3: 30% less time for 5% more nodes (BENCHMARKS.md, "opening_L3 below
// Steininger's time").
const NEAR_BITS: i32 = 18;
const NEAR_END_EMPTY: i32 = 16;
let nearEmpty: i32 = NEAR_END_EMPTY;
let nearBits: i32 = NEAR_BITS;
let nearShift: u64 = 64 - START_BITS;
/**
 * For tests and measurements: positions of at most `empty` empty cells (-1: none) in the first
 * 2^bits entries (the defaults: 16, 18). Takes effect with the next search's first region.
 */
export function setNearEnd(empty: i32, bits: i32): void {
  nearEmpty = empty;
  nearBits = bits;
}

/** The hash's shift for a region of 2^bits entries, for the far and the near-end positions. */
function setShifts(bits: i32): void {
  ttShift = u64(64 - bits);
  nearShift = u64(64 - (bits < nearBits ? bits : nearBits));
}

function useBits(bits: i32): void {
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
function grow(): void {
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
  const move = (posMask + (u64(1) << u64(col * H1))) & colMask(col);
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
    const code = play(<i32>load<u8>(buffer + usize(i)));
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
  return u32(posCur + posMask);
}
export function keyHigh(): u32 {
  return u32((posCur + posMask) >> 32);
}

export function nodeCount(): f64 {
  return f64(nodes);
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
  nodeLimit = limit <= 0 ? 0xffffffffffffffff : u64(limit);
  checkHost = host != 0;
}

// ---- search -----------------------------------------------------------------------------------

@inline
function checkStop(): void {
  if (nodes >= nodeLimit) aborted = budgetStop = true;
  else if (checkHost && (nodes & 4095) == 0 && hostShouldStop() != 0) aborted = budgetStop = true;
  // Threads build: a probe ends as soon as the shared interval moves (another thread settled
  // it, or the search is over).
  if (ASC_FEATURE_THREADS) {
    if (parallel && atomic.load<u64>(CONTROL) != probeWord) aborted = true;
  }
}

// An entry is two 64-bit words: word 1 = data | the entry's disc count (6 bits) << 32 | a 26-bit
// check of the key << 38, word 0 = key ^ word 1 (Hyatt's lockless hashing). In the threads
// build, threads write entries while others read them, without locks: words from two different
// writes fail one of the checks, so a torn entry reads as a miss, never as another position's
// bounds (or, when both writes were for this key, as that key's true data). Each word is read
// whole (atomic loads, plain moves on x86) and written with a plain store: a torn word would
// fail the checks too, and the locked stores cost 15% per node with two threads. The default
// build uses the same layout (one format, one set of tests; the check costs nothing measurable).
//
// Entries live in buckets of two (one half cache line): one slot keeps the entry nearest the
// root, the other takes the rest. Several threads write the table several times as fast; with
// one slot, entries of big subtrees were overwritten before another thread came for them, and
// on long analyses (hundreds of millions of nodes in a table of millions) the second thread
// gained nothing. One thread gains too: 7-15% less time on the Pons sets' longer searches
// (BENCHMARKS.md, "solver threads" and "buckets in the default build").
const CHECK_MUL: u64 = 0xd6e8feb86659fd93;
const CHECK_MASK: u64 = 0xffffffc000000000;

@inline
function keyCheck(key: u64): u64 {
  return (key * CHECK_MUL) & CHECK_MASK;
}

/** The data of the entry at `e` if it holds `key` in this generation, else 0 (a miss). */
@inline
function entryData(e: usize, key: u64): u32 {
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
function probe(key: u64, moves: i32): u32 {
  const b = bucketOf(key, moves);
  const d = entryData(b, key);
  return d != 0 ? d : entryData(b + 16, key);
}

/**
 * The slot of bucket `b` a new entry `moves` discs deep overwrites: an empty or
 * stale one, else the first unless its entry is nearer the root, else the second.
 */
@inline
function victim(b: usize, moves: i32): usize {
  const first = load<u64>(b, 8);
  if (u32(first) >> 18 != generation) return b;
  const second = load<u64>(b, 24);
  if (u32(second) >> 18 != generation) return b + 16;
  return i32((first >> 32) & 63) >= moves ? b : b + 16;
}

@inline
function writeEntry(e: usize, key: u64, d: u32, moves: i32): void {
  const w1 = keyCheck(key) | (u64(moves) << 32) | u64(d);
  store<u64>(e, w1, 8);
  store<u64>(e, key ^ w1);
}

/** Probe for tests: the data `entryData` reads for `key` at slot `index` (0 = a miss). */
export function probeEntry(index: u32, keyLow: u32, keyHigh: u32): u32 {
  return entryData(ttBase + (usize(index) << 4), (u64(keyHigh) << 32) | u64(keyLow));
}

/** For tests: what a search finds for `key`, a position far from the end (0 = a miss). */
export function probeKey(keyLow: u32, keyHigh: u32): u32 {
  return probe((u64(keyHigh) << 32) | u64(keyLow), 0);
}

/** For tests: writes raw words into slot `index` (to forge torn or garbage entries). */
export function pokeEntry(index: u32, word: i32, low: u32, high: u32): void {
  store<u64>(ttBase + (usize(index) << 4) + (usize(word) << 3), (u64(high) << 32) | u64(low));
}

/** For tests: the first slot `key` (a position far from the end) may take, whole table in use. */
export function slotOf(keyLow: u32, keyHigh: u32): u32 {
  const index = u32((((u64(keyHigh) << 32) | u64(keyLow)) * HASH_MUL) >> u64(64 - ttBits));
  return index & ~1;
}
export function tableBase(): usize {
  return ttBase;
}

/** For tests: stores bounds for `key`, `moves` discs deep, as a search would (whole table). */
export function storeEntry(keyLow: u32, keyHigh: u32, lo: i32, hi: i32, moves: i32): void {
  if (activeBits != ttBits) useBits(ttBits);
  ttStore((u64(keyHigh) << 32) | u64(keyLow), lo, hi, NO_MOVE, moves);
}

// The column `col` names in the orientation of the entry's key (`flip`: the mirror image's).
@inline
function colFor(col: u32, flip: bool): u32 {
  return flip && col != NO_MOVE ? u32(W - 1) - col : col;
}

function ttStore(key: u64, lo: i32, hi: i32, best: u32, moves: i32): void {
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

let childClaimeven: bool = true;
export function setChildClaimeven(on: i32): void {
  childClaimeven = on != 0;
}

let staticWins: bool = true;
let forcedThrough: bool = true;

// A position that is its own mirror image (the empty board, discs only in the centre column,
// mirrored pairs) has mirror-image children in columns c and W - 1 - c, of the same score: only
// the left half and the centre are searched. Such positions occur near the root, where an
// all-node would otherwise search every mirrored subtree again (the table keys do not fold
// mirrors); past SYMMETRY_PLIES discs they are too rare to repay the check.
const SYMMETRY_PLIES: i32 = 16;
// Mirror keys below 24 discs from roots of up to 4 discs, below 16 from deeper roots.
const MIRROR_KEY_PLIES_NEAR: i32 = 24;
const MIRROR_KEY_PLIES: i32 = 16;
const MIRROR_NEAR_ROOT: i32 = 4;
let leftHalf: u64 = 0;
let symmetry: bool = true;
export function setSymmetry(on: i32): void {
  symmetry = on != 0;
}

// Positions of fewer than `mirrorKeyPlies` discs are stored under the lesser of their key and
// their mirror image's (the same score, the best column mirrored), so a subtree searched once
// answers for its mirror image too wherever the search meets it. Deeper, mirror images meet
// rarely and the mirroring costs more per node than it saves: below 24 discs, 4444 17% fewer
// nodes (below 16: 11.5%), but on Pons' L1_R2 (roots of 12+ discs) 6-11% more time for 0.3%
// fewer nodes, where below 16 cost nothing measurable. An entry always describes the position
// its key is (its best column in that orientation), so the limit may differ between searches
// sharing a table.
let mirrorKeyPlies: i32 = MIRROR_KEY_PLIES;
let mirrorKeyFixed: i32 = -1;
/** For tests and measurements: mirror keys below `plies` discs; -1: by the root (default). */
export function setMirrorKeys(plies: i32): void {
  mirrorKeyFixed = plies;
  mirrorKeyPlies = plies < 0 ? MIRROR_KEY_PLIES : plies;
}

/** Sets `mirrorKeyPlies` for a search from a root of `rootMoves` discs. */
function mirrorKeysFor(rootMoves: i32): void {
  if (mirrorKeyFixed >= 0) mirrorKeyPlies = mirrorKeyFixed;
  else {
    mirrorKeyPlies = rootMoves <= MIRROR_NEAR_ROOT ? MIRROR_KEY_PLIES_NEAR : MIRROR_KEY_PLIES;
  }
}

/** The key (`cur + mask`) of the mirror image: columns in reverse order, swapped in pairs. */
function mirrorKey(key: u64): u64 {
  const column = (u64(1) << u64(H1)) - 1;
  let r: u64 = (W & 1) != 0 ? key & (column << u64((W >> 1) * H1)) : 0;
  for (let c = 0; c < W >> 1; c++) {
    const low = column << u64(c * H1);
    const d = u64((W - 1 - 2 * c) * H1);
    r |= ((key & low) << d) | ((key >> d) & low);
  }
  return r;
}

/** The key the table holds a position of `moves` discs under (see `mirrorKeyPlies`). */
@inline
function tableKey(key: u64, moves: i32): u64 {
  if (moves >= mirrorKeyPlies) return key;
  const mirrored = mirrorKey(key);
  return mirrored < key ? mirrored : key;
}

/** Whether the bitboard `x` is its own mirror image (column c the same as column W - 1 - c). */
function isMirror(x: u64): bool {
  const column = (u64(1) << u64(H1)) - 1;
  for (let c = 0; c < W / 2; c++) {
    const a = (x >> u64(c * H1)) & column;
    const b = (x >> u64((W - 1 - c) * H1)) & column;
    if (a != b) return false;
  }
  return true;
}
export function setForcedThrough(on: i32): void {
  forcedThrough = on != 0;
}
export function setStaticWins(on: i32): void {
  staticWins = on != 0;
}

/**
 * Whether the opponent, to move with `ours` our winning cells and `possible` its playable cells,
 * loses to our next disc whatever it plays: two of our cells playable, or one (it must block)
 * with another of ours right above it, or none but every move it has right under one of ours.
 * The same cases `negamax` returns a loss for on entry, decided here without the call.
 */
@inline
function opponentLost(ours: u64, possible: u64): bool {
  const threats = possible & ours;
  if (threats != 0) return (threats & (threats - 1)) != 0 || (threats & (ours >> 1)) != 0;
  return (possible & ~(ours >> 1)) == 0;
}

/**
 * How promising a move looks (higher first; ties keep the centre-first order; the table's move
 * goes first): our winning cells after it, except those right above one of the opponent's
 * (worthless: the opponent wins there first, or we must not fill the cell below), counted twice,
 * and once more those right above a playable cell, which the opponent can no longer play under.
 * Measured on Steininger's 7x6 sets against the plain count of winning cells (BENCHMARKS.md).
 */
@inline
function moveScore(ours: u64, theirs: u64, mask: u64): i32 {
  const useful = ours & ~(theirs << 1);
  const above = (possibleMoves(mask) << 1) & boardMask;
  return 2 * popcount(useful) + popcount(useful & above);
}

/**
 * Negamax, fail-soft (see `value`). Precondition: the side to move cannot win with its next disc (callers only
 * play non-losing moves, and the root checks for an immediate win). `oppWin`: the opponent's
 * winning cells, winningCells(cur ^ mask, mask), which the parent has already computed.
 */
function negamax(cur: u64, mask: u64, moves: i32, alpha: i32, beta: i32, oppWin: u64): i32 {
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
  if (moves < SYMMETRY_PLIES && symmetry && isMirror(mask) && isMirror(cur)) next &= leftHalf;

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

  // The opponent's claimeven strategy may cap what we can get (cheap, and often decisive on
  // even heights: the second player's draw or win by taking the even rows).
  if (beta > claimevenFloor && evenRows != 0 && ((SIZE - moves) & 1) == 0) {
    const bound = claimevenBound(cur, mask, dominated);
    if (bound < beta) {
      beta = bound;
      if (alpha >= beta) return beta;
    }
  }

  // One move left (a forced block, or every other move loses at once): played through without
  // a table probe, a store or move ordering. The forced positions' entries were not worth their
  // slots: 10% more calls on Steininger's sets, but 15-42% less time (BENCHMARKS.md, 2026-12-02
  // solver-nodes).
  if (forcedThrough && (next & (next - 1)) == 0) {
    const m2 = mask | next;
    const ours = winningCells(cur | next, m2);
    if (staticWins && opponentLost(ours, possibleMoves(m2))) return max;
    return -negamax(cur ^ mask, m2, moves + 1, -beta, -alpha, ours);
  }

  // A node is a position the checks above did not settle, whose moves are now generated (as
  // Steininger counts: his static search settles the same positions uncounted).
  nodes++;
  if (nodes >= growAt) slowPath();
  checkStop();
  if (aborted) return alpha;

  // Order moves by the threats they leave us (see `moveScore`), up to 16 candidates kept as
  // (score << 8 | column) in a small local insertion sort; the table's move goes first below.
  // Each move is also judged statically first: if the opponent cannot stop our next disc after
  // it, it wins as fast as anything can from here, and nothing else is searched (the child is
  // not visited: no node, no table probe).
  let count: i32 = 0;
  const order = scratch + ORDER_PTR;
  const frame = scratch + 256 + usize(moves) * FRAME;
  const childEven = evenRows != 0 && ((SIZE - moves) & 1) != 0;
  for (let i = 0; i < W; i++) {
    const col = load<i32>(order + (usize(i) << 2));
    const move = next & colMask(col);
    if (move == 0) continue;
    const m2 = mask | move;
    const ours = winningCells(cur | move, m2);
    if (staticWins && opponentLost(ours, possibleMoves(m2))) return max;
    // Our claimeven strategy against the opponent's reply may prove the cut outright. Without
    // the test of the opponent's lines above ours (`linesDominated`): here, once per move, it
    // cost 8% of the instructions for 0.4-1.8% fewer nodes (BENCHMARKS.md, 2026-12-02 round 2).
    if (childClaimeven && childEven && beta <= -claimevenFloor) {
      const bound = claimevenBound(cur ^ mask, m2, false);
      if (-bound >= beta) return -bound;
    }
    const score: i32 = moveScore(ours, oppWin, m2);
    // insertion sort, stable for equal scores (keeps centre-first order)
    let j = count;
    while (j > 0) {
      const prev = load<i32>(frame + (usize(j - 1) << 2));
      if (prev >> 8 >= score) break;
      store<i32>(frame + (usize(j) << 2), prev);
      store<u64>(frame + 64 + (usize(j) << 3), load<u64>(frame + 64 + (usize(j - 1) << 3)));
      j--;
    }
    store<i32>(frame + (usize(j) << 2), (score << 8) | col);
    store<u64>(frame + 64 + (usize(j) << 3), ours);
    count++;
  }
  if (staticWins) {
    // No move wins with our disc after next: the best left is winning with the one after that.
    const max5 = (SIZE - 3 - moves) / 2;
    if (beta > max5) {
      beta = max5;
      if (alpha >= beta) return beta;
    }
  }

  let key = cur + mask;
  let mirrored = false;
  if (moves < mirrorKeyPlies) {
    const mk = mirrorKey(key);
    if (mk < key) {
      key = mk;
      mirrored = true;
    }
  }
  {
    const d = probe(key, moves);
    if (d != 0) {
      const lo = i32(d & 127) - 64;
      const hi = i32((d >> 7) & 127) - 64;
      if (hi < beta) {
        beta = hi;
        if (alpha >= beta) return beta;
      }
      if (lo > alpha) {
        alpha = lo;
        if (alpha >= beta) return alpha;
      }
      const b = colFor((d >> 14) & 15, mirrored);
      // The table's move first: shift the candidates before it down by one.
      if (b != NO_MOVE) {
        for (let i = 1; i < count; i++) {
          const entry = load<i32>(frame + (usize(i) << 2));
          if (u32(entry & 255) != b) continue;
          const ours = load<u64>(frame + 64 + (usize(i) << 3));
          for (let j = i; j > 0; j--) {
            store<i32>(frame + (usize(j) << 2), load<i32>(frame + (usize(j - 1) << 2)));
            store<u64>(frame + 64 + (usize(j) << 3), load<u64>(frame + 64 + (usize(j - 1) << 3)));
          }
          store<i32>(frame, entry);
          store<u64>(frame + 64, ours);
          break;
        }
      }
    }
  }

  // Enhanced transposition cutoff: a child already known to be bad enough for the opponent
  // proves the cut without searching anything. A child known to be good enough for it (its
  // lower bound reaches -alpha: the move cannot raise alpha) is not searched either: its call
  // would only find that entry and return (Steininger's static search of each child).
  let known: u32 = 0;
  // Fail-soft: where no move reaches alpha, the best upper bound over the moves (each child's
  // lower bound, negated) is returned and stored instead of alpha itself, so that the root's
  // later probes with other windows find tighter bounds in the table.
  let value: i32 = -63;
  if (useEtc && SIZE - moves >= etcMinEmpty) {
    for (let i = 0; i < count; i++) {
      const col = load<i32>(frame + (usize(i) << 2)) & 255;
      // A child with one move left has no entry of its own (it is played through): follow
      // such moves to the first position with a choice, and read that one's entry (its score
      // is the child's, negated once per forced move).
      let c = cur ^ mask;
      let m = mask | (next & colMask(col));
      let flip = true;
      if (etcChains) {
        let theirs = load<u64>(frame + 64 + (usize(i) << 3));
        for (let k = 0; k < 8; k++) {
          const p = possibleMoves(m);
          const f = p & theirs;
          if ((f & (f - 1)) != 0) break;
          const only = (f != 0 ? f : p) & ~(theirs >> 1);
          if (only == 0 || (only & (only - 1)) != 0) break;
          theirs = winningCells(c | only, m | only);
          const c2 = c ^ m;
          m |= only;
          c = c2;
          flip = !flip;
        }
      }
      const childMoves = popcount(m);
      const d = probe(tableKey(c + m, childMoves), childMoves);
      if (d != 0) {
        const lo = i32(d & 127) - 64;
        const hi = i32((d >> 7) & 127) - 64;
        const viaLo = flip ? -hi : lo;
        const viaHi = flip ? -lo : hi;
        if (viaLo >= beta) {
          ttStore(key, viaLo, 63, colFor(u32(col), mirrored), moves);
          return viaLo;
        }
        if (viaHi <= alpha) {
          known |= u32(1) << u32(i);
          if (viaHi > value) value = viaHi;
        }
      }
    }
  }

  const alphaIn = alpha;
  let best: u32 = NO_MOVE;
  // Threads build, far from the end of the game: a child that another thread is searching now
  // waits for a second pass, when its bounds are likely in the table (simplified ABDADA).
  const share =
    ASC_FEATURE_THREADS && parallel && moves < markBelow && SIZE - moves >= markMinEmpty;
  let deferred: u32 = 0;
  for (let i = 0; i < count; i++) {
    if ((known >> u32(i)) & 1) continue;
    const col = load<i32>(frame + (usize(i) << 2)) & 255;
    const move = next & colMask(col);
    const childOppWin = load<u64>(frame + 64 + (usize(i) << 3));
    let score: i32;
    if (ASC_FEATURE_THREADS && share) {
      const childKey = (cur ^ mask) + (mask | move);
      const mark = marksBase + (usize((childKey * HASH_MUL) >> MARK_SHIFT) << 6);
      if (load<u64>(mark) == childKey) {
        deferred |= u32(1) << u32(i);
        continue;
      }
      store<u64>(mark, childKey);
      score = -negamax(cur ^ mask, mask | move, moves + 1, -beta, -alpha, childOppWin);
      if (load<u64>(mark) == childKey) store<u64>(mark, 0);
    } else {
      score = -negamax(cur ^ mask, mask | move, moves + 1, -beta, -alpha, childOppWin);
    }
    if (aborted) {
      return alpha;
    }
    if (score >= beta) {
      ttStore(key, score, 63, colFor(u32(col), mirrored), moves);
      return score;
    }
    if (score > alpha) {
      alpha = score;
      best = u32(col);
    }
    if (score > value) value = score;
  }
  if (ASC_FEATURE_THREADS) {
    while (deferred != 0) {
      const i = <i32>ctz(deferred);
      deferred &= deferred - 1;
      const col = load<i32>(frame + (usize(i) << 2)) & 255;
      const move = next & colMask(col);
      const childOppWin = load<u64>(frame + 64 + (usize(i) << 3));
      const score = -negamax(cur ^ mask, mask | move, moves + 1, -beta, -alpha, childOppWin);
      if (aborted) return alpha;
      if (score >= beta) {
        ttStore(key, score, 63, colFor(u32(col), mirrored), moves);
        return score;
      }
      if (score > alpha) {
        alpha = score;
        best = u32(col);
      }
      if (score > value) value = score;
    }
  }
  if (alpha > alphaIn) {
    ttStore(key, alpha, alpha, colFor(best, mirrored), moves);
    return alpha;
  }
  if (!failSoft) value = alpha;
  ttStore(key, -63, value, NO_MOVE, moves);
  return value;
}

function canWinNext(cur: u64, mask: u64): bool {
  return (winningCells(cur, mask) & possibleMoves(mask)) != 0;
}

/** The next null window of the bisection on [min, max]: leaning to 0, where most scores are. */
@inline
function probeAt(min: i32, max: i32): i32 {
  let med = min + (max - min) / 2;
  if (med <= 0 && min / 2 < med) med = min / 2;
  else if (med >= 0 && max / 2 > med) med = max / 2;
  return med;
}

/**
 * The root's next null window: Pons' bisection (`probeAt`) for the first two probes, which
 * settle the big scores of easy positions cheaply (only fast lines count), then 0 while the
 * score may still be either sign, which settles the sign in one search instead of closing in on
 * it from both sides: 10% fewer nodes on Steininger's 7x6 opening_L3 and midgame_L2 sets, none
 * more on Pons' (probing 0 first cost 5x on L1_R1's easy wins; BENCHMARKS.md). Even heights
 * only: on 9x5 it cost 15% more nodes (no claimeven draws to find there).
 *
 * Up to `NEAR_EMPTY` discs, once the sign is known the root walks out from 0 one step at a time
 * (is it a draw, is it +1, +2 ...): scores there are the game's smallest (the empty 7x6 board is
 * +1, two-disc positions -2..+2), and the probe beside the known bound closes the interval where
 * bisection needs three more. Two-disc `44` 15% fewer nodes; `43` (score 2) 1.7% fewer than
 * bisecting after the probe at 1; from three discs on, scores spread and the probe beside 0 cost
 * 5% on opening_L3 and midgame_L2 (BENCHMARKS.md, "root windows", "the empty board's root").
 */
@inline
function rootProbe(min: i32, max: i32, probes: i32): i32 {
  if (evenRows != 0) {
    if (posMoves <= NEAR_EMPTY) {
      if (min >= 1) return min;
      if (max <= 0) return max - 1;
    }
    if (probes >= 2 && min < 0 && max > 0) return 0;
  }
  return probeAt(min, max);
}
const NEAR_EMPTY: i32 = 2;

/**
 * Solves the current position. Strong: exact score; weak: -1/0/1. Returns 1 when done, 0 when
 * stopped (then lower()/upper() hold the bounds proven so far). Precondition: game not over.
 */
export function solve(weak: i32): i32 {
  aborted = false;
  budgetStop = false;
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
  return searchRoot(min, max);
}

/**
 * Narrows [min, max] around the current position's score with null-window probes from the root
 * (`rootProbe`; the threads build with its helpers, `solveShared`) until it is closed or the
 * budget ends: `solve` and `solveWithin` alike. Leaves the interval proven in
 * resultLower/resultUpper; returns 1 when closed, 0 when stopped. Precondition: the side to
 * move cannot win at once, min < max (or the interval is closed already).
 */
function searchRoot(min: i32, max: i32): i32 {
  const rootOppWin = winningCells(posCur ^ posMask, posMask);
  mirrorKeysFor(posMoves);
  let bits = SIZE - posMoves - 7;
  if (bits > START_BITS) bits = START_BITS;
  if (bits < 10) bits = 10;
  if (bits < activeBits) bits = activeBits;
  if (bits > ttBits) bits = ttBits;
  if (ASC_FEATURE_THREADS) {
    return solveShared(min, max, rootOppWin, bits);
  }
  useBits(bits);
  let probes = 0;
  while (min < max) {
    const med = rootProbe(min, max, probes);
    probes++;
    const r = negamax(posCur, posMask, posMoves, med, med + 1, rootOppWin);
    if (aborted) break;
    if (r <= med) max = r < min ? min : r;
    else min = r > max ? max : r;
  }
  resultLower = min;
  resultUpper = max;
  return aborted ? 0 : 1;
}

// ---- shared table (threads build) -------------------------------------------------------------
// One shared memory, laid out from LAYOUT_BASE (the module has no data of its own below it):
// header (control word, job signal, generation, the job's position), one 64-byte slot per thread
// (its node count), one scratch region per thread (column order, frames, move buffer: what
// `scratch` points to), the marks, then the table.
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
// without its usual depth variety; measured 0.57x on 2 free cores): each marks the children it
// is searching, within `markPlies` plies of the root, and a thread reaching a marked child
// leaves it for a second pass (simplified ABDADA, every child deferrable), so at a node where
// every child must be searched the threads split them. The second pass searches a child still
// marked all the same, and the threads split again below it.
const LAYOUT_BASE: usize = 1024;
// The control word, u64: job << 32 | table bits in use << 17 | OPEN | (min + 64) << 8 | (max + 64).
const CONTROL: usize = LAYOUT_BASE;
const OPEN: u64 = 0x10000;
const BITS_SHIFT: u64 = 17;
const BITS_FIELD: u64 = u64(63) << BITS_SHIFT;
const SIGNAL: usize = LAYOUT_BASE + 64; // i32, bumped to wake the helpers; QUIT beside it
const QUIT: usize = LAYOUT_BASE + 68;
const GENERATION: usize = LAYOUT_BASE + 128; // u32
const H_BITS: usize = LAYOUT_BASE + 132;
const H_THREADS: usize = LAYOUT_BASE + 136;
const H_WIDTH: usize = LAYOUT_BASE + 140;
const H_HEIGHT: usize = LAYOUT_BASE + 144;
const H_CONNECT: usize = LAYOUT_BASE + 148;
const H_MOVES: usize = LAYOUT_BASE + 152;
const H_ETC: usize = LAYOUT_BASE + 156;
const H_ETC_MIN: usize = LAYOUT_BASE + 160;
const H_MARK_MIN: usize = LAYOUT_BASE + 164;
const H_MARK_PLIES: usize = LAYOUT_BASE + 184;
// i32: how many probes of the open job have narrowed its interval (for `rootProbe`).
const H_PROBES: usize = LAYOUT_BASE + 188;
// i32: helpers inside a job (`help`), so a reader of their node counts can wait for them.
const H_ACTIVE: usize = LAYOUT_BASE + 192;
const H_CUR: usize = LAYOUT_BASE + 168; // u64
const H_MASK: usize = LAYOUT_BASE + 176; // u64
const SLOTS: usize = LAYOUT_BASE + 1024; // per thread, 64 bytes: nodes u64 @8
const MAX_THREADS: i32 = 64;
const SCRATCH_BASE: usize = SLOTS + usize(MAX_THREADS) * 64;
const SCRATCH_STRIDE: usize = (SCRATCH_SIZE + 63) & ~usize(63);

let threadIndex: i32 = 0;
let threadTotal: i32 = 1;
/** True while this thread searches with others (checks the control word). */
let parallel: bool = false;
/** The control word this thread's probe started from: any change ends the probe. */
let probeWord: u64 = 0;
let parallelAt: u64 = 0xffffffffffffffff;
let parallelNodes: u64 = 1 << 14;
// Marks within `markPlies` plies of the root and from `markMinEmpty` empty cells up: deeper, the
// subtrees are too small to repay the writes to lines other threads read (BENCHMARKS.md,
// "solver threads").
let markMinEmpty: i32 = 12;
let markPlies: i32 = 8;
let markBelow: i32 = 0;
let rootMin: i32 = 0;
let rootMax: i32 = 0;
let job: u32 = 0;

// The marks of positions being searched: one per cache line (threads write them), keyed like the
// table; a collision only defers a child needlessly.
const MARK_BITS: i32 = 12;
const MARK_SHIFT: u64 = u64(64 - MARK_BITS);
let marksBase: usize = 0;
function marksStart(threads: i32): usize {
  return (SCRATCH_BASE + usize(threads) * SCRATCH_STRIDE + 63) & ~usize(63);
}
function tableStart(threads: i32): usize {
  return marksStart(threads) + (usize(64) << usize(MARK_BITS));
}

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

function slowPath(): void {
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
function controlMin(c: u64): i32 {
  return i32((c >> 8) & 255) - 64;
}
@inline
function controlMax(c: u64): i32 {
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

function solveShared(min: i32, max: i32, rootOppWin: u64, bits: i32): i32 {
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
      const med = rootProbe(rootMin, rootMax, atomic.load<i32>(H_PROBES));
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
    let min = -(SIZE - posMoves) / 2;
    let max = (SIZE + 1 - posMoves) / 2;
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
      const med = rootProbe(min, max, atomic.load<i32>(H_PROBES));
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

// ---- windowed solve (review verdicts) ----------------------------------------------------------
/**
 * `solve(0)` narrowed to what the window [lo, hi] asks: stops once the score is known to be at
 * most `lo`, at least `hi`, or exactly (between them). [s, s + 1] is one null-window search,
 * "does the position score more than s?"; [-1, 1] is win/draw/loss. A review's verdict needs only
 * such comparisons (the played column against the best), not every column's exact score.
 * Afterwards lower()/upper() are true bounds on the score (the window's own edges are never
 * reported as bounds unless a search proved them). Returns 1 when done, 0 when stopped.
 * Precondition: game not over.
 */
export function solveWithin(lo: i32, hi: i32): i32 {
  const min = -(SIZE - posMoves) / 2;
  const max = (SIZE + 1 - posMoves) / 2;
  if (posMoves >= SIZE || canWinNext(posCur, posMask)) return solve(0);
  aborted = false;
  budgetStop = false;
  // The window, clamped to the scores possible here: every probe stays inside [min, max].
  if (hi <= lo) hi = lo + 1;
  const a = lo < min ? min : lo > max ? max : lo;
  const b = hi > max ? max : hi < min ? min : hi;
  let x = a;
  let y = b;
  let done = 1;
  if (a < b) {
    done = searchRoot(a, b);
    x = resultLower;
    y = resultUpper;
  }
  // x above the window's floor, y below its ceiling, were proven; the edges themselves were not.
  resultLower = x > a ? x : min;
  resultUpper = y < b ? y : max;
  return done;
}
