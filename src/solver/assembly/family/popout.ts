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
//
// The same source is also the threads build (ASC_FEATURE_THREADS, one shared memory; the
// protocol between the threads is shared.ts here): such answers are as true when another thread
// finds them, so helpers store everything too. Nothing per-thread lives in memory.data (it
// would be one block for every thread): the move lists are in each thread's scratch region.

import {
  CONTROL,
  beginAsk,
  endAsk,
  goParallel,
  markAt,
  markMinDepth,
  markPlies,
  parallel,
  parallelAt,
  probeWord,
} from './shared';

let W: i32 = 7;
let H: i32 = 6;
let H1: i32 = 7;
let bottomMask: u64 = 0;
let boardMask: u64 = 0;
export let nodes: u64 = 0;
let nodeLimit: u64 = 0;
export let aborted: bool = false;
/** The node budget or the host stopped the search (not a helper's answer or a closed job). */
export let stopped: bool = false;
let askHost: bool = false;

/** The host's "stop now?" (a signal or a deadline), asked every 65536 nodes when `askHost`. */
@external("env", "shouldStop")
declare function shouldStop(): i32;

// The position: `me` are the discs of the side to move, `mask` all discs, `red` whether Red moves.
export let me: u64 = 0;
export let mask: u64 = 0;
export let redToMove: u64 = 1;

// The table: 2^bits entries of two u64 (key ^ data, data) from `tableBase`.
export let tableBase: usize = 0;
export let tableMask: u64 = 0;

const NONE: u64 = 255;
const NO_MOVE: i32 = 31;
/** Centre-first column order, 4 bits a column (a global: no memory shared between threads). */
let orderWord: u64 = 0;

@inline
function order(i: i32): i32 {
  return i32((orderWord >> (u64(i) << 2)) & 15);
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

/** Has the side to move no legal move (no drop, no disc of its own to pop)? A draw. */
@inline
function noLegalMove(): bool {
  return (possible(mask) | (me & bottomMask)) == 0;
}

/** Can the fast search play a width x height board (connect 4)? */
export function fits(width: i32, height: i32): bool {
  return width * (height + 1) <= 64 && width <= 16 && width > 0 && height > 0;
}

/** Sets the board (connect 4) for this instance. */
export function configure(width: i32, height: i32): void {
  W = width;
  H = height;
  H1 = height + 1;
  bottomMask = 0;
  for (let c = 0; c < W; c++) bottomMask |= bottomBit(c);
  boardMask = bottomMask * ((u64(1) << u64(H)) - 1);
  // Centre first, ties to the left.
  orderWord = 0;
  let next: u64 = 0;
  for (let d = 0; d < W; d++) {
    for (let c = 0; c < W; c++)
      if (abs<i32>(2 * c - (W - 1)) == d) orderWord |= u64(c) << (next++ << 2);
  }
}

/**
 * Sets the board (connect 4) and allocates the move lists and 2^bits table entries; 0 if it does
 * not fit. The threads build lays out its shared memory instead (shared.ts).
 */
export function init(width: i32, height: i32, bits: i32): i32 {
  if (ASC_FEATURE_THREADS || !fits(width, height) || bits < 10 || bits > 27) return 0;
  configure(width, height);
  const size = usize(1) << usize(bits);
  const base = (__heap_base + 63) & ~usize(63);
  const end = base + SCRATCH_SIZE + size * 16;
  const pages = i32((end + 0xffff) >> 16);
  if (pages > memory.size() && memory.grow(pages - memory.size()) < 0) return 0;
  // A fresh memory is zeros already: clearing it would touch (and commit) every page of the
  // table up front, most of the set-up time of a short solve (1.9 s for a 1 GiB table).
  if (tableBase != 0) clearTable();
  useScratch(base);
  tableBase = base + SCRATCH_SIZE;
  tableMask = u64(size - 1);
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
  stopped = false;
  askHost = ask != 0;
}

@inline
function spend(): bool {
  nodes++;
  if (nodeLimit != 0 && nodes >= nodeLimit) stopped = true;
  if (askHost && (nodes & 0xffff) == 0 && shouldStop() != 0) stopped = true;
  if (stopped) aborted = true;
  if (ASC_FEATURE_THREADS) {
    // Thread 0 wakes the helpers once a question has run a while (shared.ts); every thread of
    // a job leaves it at its next check once the job's control word moves (answered, closed).
    if (nodes >= parallelAt) goParallel();
    if (parallel && (nodes & 63) == 0 && atomic.load<u64>(CONTROL) != probeWord) aborted = true;
  }
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
export function key(): u64 {
  // Red's discs plus the mask (unique as in the classic solver), and the turn in the top bit.
  const red = redToMove != 0 ? me : me ^ mask;
  return (red + mask) | (redToMove << 63);
}

// Positions that have occurred twice in the game (the "blocked" set): their next occurrence is
// the third, a draw. A question asked with them set treats each as a draw when the search
// reaches it, below the root; its answers are then facts of the position, d and that set, so
// the host keeps such questions on an instance (and table) of their own and clears it when the
// set changes (src/solver/family/solve.ts). Plain build only: a shared table serves every set.
const MAX_BLOCKED: i32 = 32;
/** The blocked keys, in the scratch region (`useScratch`; static data would move the threads
 * build's layout). */
let blockedBase: usize = 0;
let blockedCount: i32 = 0;

/** Forgets the blocked set. */
export function clearBlocked(): void {
  blockedCount = 0;
}

/** Adds the current position to the blocked set; 0 if the set is full (or a threads build). */
export function blockCurrent(): i32 {
  if (ASC_FEATURE_THREADS || blockedCount >= MAX_BLOCKED) return 0;
  store<u64>(blockedBase + (usize(blockedCount) << 3), key());
  blockedCount++;
  return 1;
}

@inline
function isBlocked(ply: i32): bool {
  if (ASC_FEATURE_THREADS || blockedCount == 0 || ply == 0) return false;
  const k = key();
  for (let i = 0; i < blockedCount; i++) {
    if (load<u64>(blockedBase + (usize(i) << 3)) == k) return true;
  }
  return false;
}

// Entry data: bits 0-7 win-within, 8-15 no-win-up-to, 16-23 loss-within, 24-31 no-loss-up-to,
// 32-36 the move that last won or refuted (a drop is its column, a pop 16 + column).
const EMPTY_DATA: u64 = NONE | (NONE << 16) | (u64(NO_MOVE) << 32);

@inline
function slot(k: u64): usize {
  const h = (k ^ (k >> 29) ^ (k >> 47)) * 0x9e3779b97f4a7c15;
  return tableBase + usize((h >> 20) & tableMask) * 16;
}

// The key word holds key ^ data (Hyatt's lockless hashing): an entry torn by two threads writing
// at once fails the check and reads as empty, never as another position's bounds. (Key 0 never
// occurs: an empty board has had as many drops as pops, an even number of plies, so Red moves.)
@inline
function probe(k: u64): u64 {
  const s = slot(k);
  const data = load<u64>(s, 8);
  return (load<u64>(s) ^ data) == k ? data : EMPTY_DATA;
}

@inline
function put(k: u64, data: u64): void {
  const s = slot(k);
  store<u64>(s, k ^ data);
  store<u64>(s, data, 8);
}

// The move lists of every ply, 32 per ply: moves are column (drop) or 16 + column (pop), in the
// thread's scratch region (moves, then their scores).
const MAX_PLY = 256;
const LIST_BYTES: usize = MAX_PLY * 32 * 4;
/** Bytes of a thread's scratch region: the move lists, then the blocked keys. */
export const SCRATCH_SIZE: usize = 2 * LIST_BYTES + usize(MAX_BLOCKED) * 8;
let movesBase: usize = 0;
let scoresBase: usize = 0;

export function useScratch(at: usize): void {
  movesBase = at;
  scoresBase = at + LIST_BYTES;
  blockedBase = at + 2 * LIST_BYTES;
}

@inline
function moveAt(i: i32): i32 {
  return load<i32>(movesBase + (usize(i) << 2));
}

@inline
function scoreAt(i: i32): i32 {
  return load<i32>(scoresBase + (usize(i) << 2));
}

@inline
function setMove(i: i32, move: i32, score: i32): void {
  store<i32>(movesBase + (usize(i) << 2), move);
  store<i32>(scoresBase + (usize(i) << 2), score);
}

/** Saved position for unmaking. */
@inline
function restore(m: u64, ms: u64, r: u64): void {
  me = m;
  mask = ms;
  redToMove = r;
}

/**
 * The playable cells (of `poss`) whose drop may keep the side to move from losing at once. The
 * others lose on the next ply to a drop of the opponent's: when the opponent can complete a line
 * by a drop, a drop elsewhere leaves that cell open (two such cells stand in two columns, so no
 * drop covers both); a drop just below a cell that completes the opponent's line opens it.
 * Pops are always tried: one shifts a whole column. Not with a blocked set: the position after a
 * drop may be a repetition's draw. (A winning drop of the mover's own is taken before this.)
 */
@inline
function dropsThatMayHold(poss: u64): u64 {
  if (blockedCount != 0) return poss;
  const theirs = winningCells(me ^ mask, mask);
  let drops = poss;
  const threats = theirs & poss;
  if (threats != 0) {
    if ((threats & (threats - 1)) != 0) return 0;
    drops = threats;
  }
  return drops & ~(theirs >> 1);
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
  const drops = dropsThatMayHold(poss);
  for (let i = 0; i < W; i++) {
    const c = order(i);
    if ((drops & colMask(c)) != 0) {
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
  // A pop ranks as a drop with one threat fewer: after the drops that make as many threats,
  // before those that make fewer. Half that (8) cost a long loss after two pops 3.9x the nodes
  // of Four the Win!'s search; pops always last cost 1.8x on the opening 253166.
  let score = i32(popcnt(winningCells(mine, newMask))) * 16 - rank - (move >= 16 ? 16 : 0);
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

/** Can the side to move win within `depth` plies? (-1 when the search was stopped.) */
export function win(depth: i32): i32 {
  return ask(depth, true);
}

/** Does the side to move lose within `depth` plies whatever it plays? */
export function lose(depth: i32): i32 {
  return ask(depth, false);
}

function ask(depth: i32, winQuestion: bool): i32 {
  if (ASC_FEATURE_THREADS) beginAsk(depth, winQuestion);
  let r = question(depth, winQuestion);
  if (ASC_FEATURE_THREADS) r = endAsk(r);
  return r;
}

/** One question from the root, as a helper thread joins it too (shared.ts). */
export function question(depth: i32, winQuestion: bool): i32 {
  return winQuestion ? winAt(depth, 0) : loseAt(depth, 0);
}

/** Sets the position (a helper joining a job). */
export function setPosition(discs: u64, all: u64, red: u64): void {
  me = discs;
  mask = all;
  redToMove = red;
}

/** The table is 2^bits entries from `base` (the threads build's shared one). */
export function setTable(base: usize, bits: i32): void {
  tableBase = base;
  tableMask = (u64(1) << u64(bits)) - 1;
}

const DEFERRED: i32 = 2;
/** No child was good (`firstGood`). */
const NO_GOOD: i32 = 32;

/**
 * Plays `move` (the caller restores the position) at a node asking "win within depth?"
 * (`winNode`) or "lose within depth?", and answers whether it is good there: 1 if it wins (at a
 * win node) or escapes (at a loss node), 0 if not, -1 if the search stopped. With `marking`
 * (threads) it marks the child while searching it, and with `defer` leaves a child another
 * thread has marked (DEFERRED) for a second pass.
 */
@inline
function tryMove(move: i32, depth: i32, ply: i32, winNode: bool, marking: bool, defer: bool): i32 {
  const r = make(move);
  if (r == 1) return 1;
  if (r == 2) return 0;
  // No legal move: a draw, no win, an escape.
  if (noLegalMove()) return winNode ? 0 : 1;
  let v: i32;
  if (ASC_FEATURE_THREADS && marking) {
    const ck = key() ^ (u64(depth) << 50);
    const at = markAt(ck);
    if (defer && load<u64>(at) == ck) return DEFERRED;
    store<u64>(at, ck);
    v = winNode ? loseAt(depth - 1, ply + 1) : winAt(depth - 1, ply + 1);
    if (load<u64>(at) == ck) store<u64>(at, 0);
  } else {
    v = winNode ? loseAt(depth - 1, ply + 1) : winAt(depth - 1, ply + 1);
  }
  if (v < 0) return -1;
  return winNode ? v : 1 - v;
}

/**
 * The first good move of the `n` generated at `ply` (see `tryMove`), NO_GOOD if none, -1 if the
 * search stopped. Threads searching one node split its children (simplified ABDADA, as the
 * classic threads build does, common/parallel.ts): near the root, each leaves the children
 * others are searching for a second pass, which searches them all the same.
 */
function firstGood(ply: i32, n: i32, depth: i32, winNode: bool): i32 {
  const m0 = me;
  const ms0 = mask;
  const r0 = redToMove;
  const marking = ASC_FEATURE_THREADS && parallel && ply < markPlies && depth >= markMinDepth;
  let deferred: u32 = 0;
  for (let i = 0; i < n; i++) {
    const move = moveAt(ply * 32 + i);
    const v = tryMove(move, depth, ply, winNode, marking, marking);
    restore(m0, ms0, r0);
    if (v == DEFERRED) {
      deferred |= u32(1) << u32(i);
      continue;
    }
    if (v < 0) return -1;
    if (v == 1) return move;
  }
  while (deferred != 0) {
    const i = i32(ctz(deferred));
    deferred &= deferred - 1;
    const move = moveAt(ply * 32 + i);
    const v = tryMove(move, depth, ply, winNode, marking, false);
    restore(m0, ms0, r0);
    if (v < 0) return -1;
    if (v == 1) return move;
  }
  return NO_GOOD;
}

function winAt(depth: i32, ply: i32): i32 {
  if (spend()) return -1;
  if (depth <= 0 || isBlocked(ply)) return 0;
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
  const good = firstGood(ply, n, depth, true);
  if (good < 0) return -1;
  data = probe(k);
  if (good != NO_GOOD) {
    data = (data & ~u64(0xff)) | u64(min<i32>(depth, i32(data & 0xff)));
    data = (data & ~(u64(0x1f) << 32)) | (u64(good) << 32);
  } else {
    const old = i32((data >> 8) & 0xff);
    if (old < depth) data = (data & ~(u64(0xff) << 8)) | (u64(depth) << 8);
  }
  put(k, data);
  return good != NO_GOOD ? 1 : 0;
}

/**
 * One move of `loseIn2`: 1 if it escapes (wins, draws for want of moves, or leaves no win at
 * once), 0 if the opponent then wins at once, -1 if the search stopped.
 */
@inline
function escapesIn2(move: i32, ply: i32): i32 {
  const r = make(move);
  if (r == 1) return 1;
  if (r == 2) return 0;
  if (noLegalMove()) return 1;
  const v = winAt(1, ply + 1);
  return v < 0 ? -1 : 1 - v;
}

/**
 * "Lost within 2 plies?", the most frequent question (the last ply of every deepening), without
 * the table or move ordering: probing and storing an entry and ranking every move by its threats
 * cost more than trying each move, whose answer is one `winAt(1)`. Every child is a node, as
 * before.
 */
function loseIn2(ply: i32): i32 {
  const m0 = me;
  const ms0 = mask;
  const r0 = redToMove;
  const poss = possible(mask);
  // The drops that may hold (only the one that blocks a win the opponent threatens at once, if
  // any), in centre order, then the pops: a move is its column, or 16 + column for a pop.
  const drops = dropsThatMayHold(poss);
  for (let i = 0; i < 2 * W; i++) {
    let move: i32;
    if (i < W) {
      move = order(i);
      if ((drops & colMask(move)) == 0) continue;
    } else {
      const c = order(i - W);
      if ((me & bottomBit(c)) == 0) continue;
      move = 16 + c;
    }
    const v = escapesIn2(move, ply);
    restore(m0, ms0, r0);
    if (v != 0) return v < 0 ? -1 : 0;
  }
  // No legal move: a draw, not a loss.
  return noLegalMove() ? 0 : 1;
}

function loseAt(depth: i32, ply: i32): i32 {
  if (spend()) return -1;
  if (depth <= 0 || isBlocked(ply)) return 0;
  // A side with a winning drop does not lose.
  if ((winningCells(me, mask) & possible(mask)) != 0) return 0;
  if (depth == 1) {
    // Lost at once only if every move completes the opponent's line alone: a drop never does,
    // so only on a full board, by pops.
    if (possible(mask) != 0) return 0;
    let pops = 0;
    for (let c = 0; c < W; c++) {
      if ((me & bottomBit(c)) == 0) continue;
      const m0 = me;
      const ms0 = mask;
      const r0 = redToMove;
      const r = pop(c);
      restore(m0, ms0, r0);
      if (r != 2) return 0;
      pops++;
    }
    return pops > 0 ? 1 : 0;
  }
  if (depth == 2) return loseIn2(ply);
  const k = key();
  let data = probe(k);
  const dLoss = i32((data >> 16) & 0xff);
  const dNoLoss = i32((data >> 24) & 0xff);
  if (dLoss <= depth) return 1;
  if (dNoLoss >= depth) return 0;
  const n = generate(ply, i32((data >> 32) & 0x1f));
  // No legal move: a draw (not lost). Legal moves none of which may hold: lost in 2.
  const good = n == 0 ? (noLegalMove() ? NO_MOVE : NO_GOOD) : firstGood(ply, n, depth, false);
  if (good < 0) return -1;
  data = probe(k);
  if (good == NO_GOOD) {
    data = (data & ~(u64(0xff) << 16)) | (u64(min<i32>(depth, i32((data >> 16) & 0xff))) << 16);
  } else {
    const old = i32((data >> 24) & 0xff);
    if (old < depth) data = (data & ~(u64(0xff) << 24)) | (u64(depth) << 24);
    data = (data & ~(u64(0x1f) << 32)) | (u64(good) << 32);
  }
  put(k, data);
  return good == NO_GOOD ? 1 : 0;
}

// The threads build's own exports (shared.ts).
export {
  attach,
  helperLoop,
  helperNodes,
  initShared,
  quitHelpers,
  resetHelperNodes,
  setParallel,
  settleHelpers,
  sharedBytes,
} from './shared';
