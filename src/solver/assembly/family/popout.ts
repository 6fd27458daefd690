// The fast PopOut search: boards whose width*(height+1) fits 64 bits, connect 4 (PopOut 7x6).
// A position is two bitboards (the side to move's discs and all discs), a column per
// height+1 bits as in the classic search; a drop is the classic `mask + bottom`, a pop shifts
// one column of both boards down by one bit.
//
// The search answers "does the side to move win (lose) within d plies?" with every ply counted
// and nothing else about the path: such an answer is a fact of the position and d, so the table
// stores it as it is, repetition or not (docs/family.md, "The solver"). Each table entry keeps,
// for its position, the least d a win (loss) is proven within and the greatest d for which no
// win (no loss) is proven, plus the move that last won or refuted, for ordering.

let W: i32 = 7;
let H: i32 = 6;
let H1: i32 = 7;
let bottomMask: u64 = 0;
let boardMask: u64 = 0;
let nodes: u64 = 0;
let nodeLimit: u64 = 0;
let aborted: bool = false;
let askHost: bool = false;

/** The host's "stop now?" (a signal or a deadline), asked every 65536 nodes when `askHost`. */
@external("env", "shouldStop")
declare function shouldStop(): i32;

// The position: `me` are the discs of the side to move, `mask` all discs, `red` whether Red moves.
let me: u64 = 0;
let mask: u64 = 0;
let redToMove: u64 = 1;

// The table: 2^bits entries of two u64 (key, data) from `tableBase`.
let tableBase: usize = 0;
let tableMask: u64 = 0;

const NONE: u64 = 255;
const NO_MOVE: i32 = 31;
/** Centre-first column order, built by `init` (static memory: the table starts at the heap). */
const ORDER: usize = memory.data(16 * 4);

@inline
function order(i: i32): i32 {
  return load<i32>(ORDER + (usize(i) << 2));
}

@inline
function colMask(column: i32): u64 {
  return ((u64(1) << u64(H)) - 1) << u64(column * H1);
}

@inline
function bottomBit(column: i32): u64 {
  return u64(1) << u64(column * H1);
}

@inline
function line4(pos: u64, shift: u64): u64 {
  const m = pos & (pos >> shift);
  return m & (m >> (shift << 1));
}

/** Does `pos` hold a complete line of four? */
@inline
function hasLine(pos: u64): bool {
  return (line4(pos, 1) | line4(pos, u64(H1)) | line4(pos, u64(H)) | line4(pos, u64(H + 2))) != 0;
}

/** Empty cells where a disc of `pos` would complete a line (anywhere, not only playable). */
@inline
function winningCells(pos: u64, m: u64): u64 {
  let r = (pos << 1) & (pos << 2) & (pos << 3);
  r |= threat(pos, u64(H1));
  r |= threat(pos, u64(H));
  r |= threat(pos, u64(H + 2));
  return r & (boardMask ^ m);
}

@inline
function threat(pos: u64, s: u64): u64 {
  let p = (pos << s) & (pos << (s << 1));
  let r = p & (pos << (s * 3));
  r |= p & (pos >> s);
  p = (pos >> s) & (pos >> (s << 1));
  r |= p & (pos << s);
  r |= p & (pos >> (s * 3));
  return r;
}

@inline
function possible(m: u64): u64 {
  return (m + bottomMask) & boardMask;
}

/** Sets the board (connect 4) and allocates 2^bits table entries; 0 if it does not fit. */
export function init(width: i32, height: i32, bits: i32): i32 {
  if (width * (height + 1) > 64 || width > 16 || bits < 10 || bits > 27) return 0;
  W = width;
  H = height;
  H1 = height + 1;
  bottomMask = 0;
  for (let c = 0; c < W; c++) bottomMask |= bottomBit(c);
  boardMask = bottomMask * ((u64(1) << u64(H)) - 1);
  // Centre first, ties to the left.
  let next = 0;
  for (let d = 0; d < W; d++) {
    for (let c = 0; c < W; c++)
      if (abs<i32>(2 * c - (W - 1)) == d) store<i32>(ORDER + (usize(next++) << 2), c);
  }
  const size = usize(1) << usize(bits);
  const base = (__heap_base + 63) & ~usize(63);
  const end = base + size * 16;
  const pages = i32((end + 0xffff) >> 16);
  if (pages > memory.size() && memory.grow(pages - memory.size()) < 0) return 0;
  tableBase = base;
  tableMask = u64(size - 1);
  clearTable();
  resetPosition();
  return 1;
}

export function clearTable(): void {
  memory.fill(tableBase, 0, usize(tableMask + 1) * 16);
}

export function resetPosition(): void {
  me = 0;
  mask = 0;
  redToMove = 1;
}

export function nodeCount(): f64 {
  return f64(nodes);
}

export function wasAborted(): i32 {
  return aborted ? 1 : 0;
}

/**
 * Starts counting nodes for a search; it gives up after `limit` nodes (0: no limit) or when the
 * host says so (`ask` 1).
 */
export function startSearch(limit: f64, ask: i32): void {
  nodes = 0;
  nodeLimit = u64(limit);
  aborted = false;
  askHost = ask != 0;
}

@inline
function spend(): bool {
  nodes++;
  if (nodeLimit != 0 && nodes >= nodeLimit) aborted = true;
  if (askHost && (nodes & 0xffff) == 0 && shouldStop() != 0) aborted = true;
  return aborted;
}

export function canDrop(column: i32): i32 {
  return (mask & (bottomBit(column) << u64(H - 1))) == 0 ? 1 : 0;
}

export function canPop(column: i32): i32 {
  return (me & bottomBit(column)) != 0 ? 1 : 0;
}

/** Plays a drop; returns 1 if it wins for the mover, else 0. */
export function drop(column: i32): i32 {
  const m2 = mask | (mask + bottomBit(column));
  const mine = me | (m2 ^ mask);
  const wins = hasLine(mine);
  me = mine ^ m2;
  mask = m2;
  redToMove ^= 1;
  return wins ? 1 : 0;
}

/** Plays a pop; returns 1 if it wins for the mover, 2 if for the opponent, else 0. */
export function pop(column: i32): i32 {
  const col = colMask(column);
  const opp = me ^ mask;
  const mine = (me & ~col) | (((me & col) >> 1) & col);
  const theirs = (opp & ~col) | (((opp & col) >> 1) & col);
  me = theirs;
  mask = mine | theirs;
  redToMove ^= 1;
  if (hasLine(mine)) return 1;
  return hasLine(theirs) ? 2 : 0;
}

@inline
function key(): u64 {
  // Red's discs plus the mask (unique as in the classic solver), and the turn in the top bit.
  const red = redToMove != 0 ? me : me ^ mask;
  return (red + mask) | (redToMove << 63);
}

// Entry data: bits 0-7 win-within, 8-15 no-win-up-to, 16-23 loss-within, 24-31 no-loss-up-to,
// 32-36 the move that last won or refuted (a drop is its column, a pop 16 + column).
const EMPTY_DATA: u64 = NONE | (NONE << 16) | (u64(NO_MOVE) << 32);

@inline
function slot(k: u64): usize {
  const h = (k ^ (k >> 29) ^ (k >> 47)) * 0x9e3779b97f4a7c15;
  return tableBase + usize((h >> 20) & tableMask) * 16;
}

@inline
function probe(k: u64): u64 {
  const s = slot(k);
  return load<u64>(s) == k ? load<u64>(s, 8) : EMPTY_DATA;
}

@inline
function put(k: u64, data: u64): void {
  const s = slot(k);
  store<u64>(s, k);
  store<u64>(s, data, 8);
}

// The move lists of every ply, 32 per ply: moves are column (drop) or 16 + column (pop).
const MAX_PLY = 256;
const MOVES: usize = memory.data(MAX_PLY * 32 * 4);
const SCORES: usize = memory.data(MAX_PLY * 32 * 4);

@inline
function moveAt(i: i32): i32 {
  return load<i32>(MOVES + (usize(i) << 2));
}

@inline
function scoreAt(i: i32): i32 {
  return load<i32>(SCORES + (usize(i) << 2));
}

@inline
function setMove(i: i32, move: i32, score: i32): void {
  store<i32>(MOVES + (usize(i) << 2), move);
  store<i32>(SCORES + (usize(i) << 2), score);
}

/** Saved position for unmaking. */
@inline
function restore(m: u64, ms: u64, r: u64): void {
  me = m;
  mask = ms;
  redToMove = r;
}

/**
 * Orders the moves of the side to move at `ply` into moveBuf: the table's move first, then by
 * the threats the move leaves (cells where the mover would complete a line), centre first.
 * Returns the count.
 */
function generate(ply: i32, best: i32): i32 {
  const base = ply * 32;
  let n = 0;
  const m0 = me;
  const ms0 = mask;
  const r0 = redToMove;
  const poss = possible(mask);
  for (let i = 0; i < W; i++) {
    const c = order(i);
    if ((poss & colMask(c)) != 0) {
      n = add(base, n, c, best, i);
    }
  }
  for (let i = 0; i < W; i++) {
    const c = order(i);
    if ((me & bottomBit(c)) != 0) {
      n = add(base, n, 16 + c, best, i);
    }
  }
  restore(m0, ms0, r0);
  return n;
}

@inline
function add(base: i32, n: i32, move: i32, best: i32, rank: i32): i32 {
  const m0 = me;
  const ms0 = mask;
  const r0 = redToMove;
  // The mover's discs after the move, and its threats.
  let mine: u64;
  let newMask: u64;
  if (move < 16) {
    newMask = mask | (mask + bottomBit(move));
    mine = me | (newMask ^ mask);
  } else {
    const col = colMask(move - 16);
    const opp = me ^ mask;
    mine = (me & ~col) | (((me & col) >> 1) & col);
    newMask = mine | ((opp & ~col) | (((opp & col) >> 1) & col));
  }
  let score = i32(popcnt(winningCells(mine, newMask))) * 16 - rank - (move >= 16 ? 8 : 0);
  if (move == best) score = 1 << 20;
  restore(m0, ms0, r0);
  // Insertion sort, best first.
  let j = n;
  while (j > 0 && scoreAt(base + j - 1) < score) {
    setMove(base + j, moveAt(base + j - 1), scoreAt(base + j - 1));
    j--;
  }
  setMove(base + j, move, score);
  return n + 1;
}

@inline
function make(move: i32): i32 {
  if (move < 16) return drop(move);
  return pop(move - 16);
}

/** Can the side to move win within `depth` plies? (-1 when the node budget ran out.) */
export function win(depth: i32): i32 {
  return winAt(depth, 0);
}

/** Does the side to move lose within `depth` plies whatever it plays? */
export function lose(depth: i32): i32 {
  return loseAt(depth, 0);
}

function winAt(depth: i32, ply: i32): i32 {
  if (spend()) return -1;
  if (depth <= 0) return 0;
  // An immediate winning drop needs no table.
  if ((winningCells(me, mask) & possible(mask)) != 0) return 1;
  if (depth == 1) {
    // Only a pop can still win at once.
    for (let c = 0; c < W; c++) {
      if ((me & bottomBit(c)) == 0) continue;
      const m0 = me;
      const ms0 = mask;
      const r0 = redToMove;
      const r = pop(c);
      restore(m0, ms0, r0);
      if (r == 1) return 1;
    }
    return 0;
  }
  const k = key();
  let data = probe(k);
  const dWin = i32(data & 0xff);
  const dNoWin = i32((data >> 8) & 0xff);
  if (dWin <= depth) return 1;
  if (dNoWin >= depth) return 0;
  const n = generate(ply, i32((data >> 32) & 0x1f));
  const m0 = me;
  const ms0 = mask;
  const r0 = redToMove;
  let result = 0;
  let bestMove = NO_MOVE;
  for (let i = 0; i < n; i++) {
    const move = moveAt(ply * 32 + i);
    const r = make(move);
    let v: i32;
    if (r == 1) v = 1;
    else if (r == 2) v = 0;
    else if ((possible(mask) | (me & bottomMask)) == 0) v = 0;
    else v = loseAt(depth - 1, ply + 1);
    restore(m0, ms0, r0);
    if (v < 0) return -1;
    if (v == 1) {
      result = 1;
      bestMove = move;
      break;
    }
  }
  data = probe(k);
  if (result == 1) {
    data = (data & ~u64(0xff)) | u64(min<i32>(depth, i32(data & 0xff)));
    data = (data & ~(u64(0x1f) << 32)) | (u64(bestMove) << 32);
  } else {
    const old = i32((data >> 8) & 0xff);
    if (old < depth) data = (data & ~(u64(0xff) << 8)) | (u64(depth) << 8);
  }
  put(k, data);
  return result;
}

function loseAt(depth: i32, ply: i32): i32 {
  if (spend()) return -1;
  if (depth <= 0) return 0;
  // A side with a winning drop does not lose.
  if ((winningCells(me, mask) & possible(mask)) != 0) return 0;
  const k = key();
  let data = probe(k);
  const dLoss = i32((data >> 16) & 0xff);
  const dNoLoss = i32((data >> 24) & 0xff);
  if (dLoss <= depth) return 1;
  if (dNoLoss >= depth) return 0;
  const n = generate(ply, i32((data >> 32) & 0x1f));
  const m0 = me;
  const ms0 = mask;
  const r0 = redToMove;
  let result = 1;
  let bestMove = NO_MOVE;
  if (n == 0) result = 0; // No legal move: a draw.
  for (let i = 0; i < n; i++) {
    const move = moveAt(ply * 32 + i);
    const r = make(move);
    let v: i32;
    if (r == 1) v = 0;
    else if (r == 2) v = 1;
    else if ((possible(mask) | (me & bottomMask)) == 0) v = 0;
    else v = winAt(depth - 1, ply + 1);
    restore(m0, ms0, r0);
    if (v < 0) return -1;
    if (v == 0) {
      result = 0;
      bestMove = move;
      break;
    }
  }
  data = probe(k);
  if (result == 1) {
    data = (data & ~(u64(0xff) << 16)) | (u64(min<i32>(depth, i32((data >> 16) & 0xff))) << 16);
  } else {
    const old = i32((data >> 24) & 0xff);
    if (old < depth) data = (data & ~(u64(0xff) << 24)) | (u64(depth) << 24);
    data = (data & ~(u64(0x1f) << 32)) | (u64(bestMove) << 32);
  }
  put(k, data);
  return result;
}
