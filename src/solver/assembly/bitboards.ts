// Bitboard arithmetic of the variant: playable and winning cells, lines, the claimeven bound,
// mirror images, and the static judgements the search makes of a move.

import {
  H,
  H1,
  N,
  W,
  all4,
  boardMask,
  bottomMask,
  dirDiagonal,
  dirHorizontal,
  dirVertical,
  evenRows,
  scratch,
} from './variant';

@inline
export function possibleMoves(mask: u64): u64 {
  return (mask + bottomMask) & boardMask;
}

@inline
export function popcount(x: u64): i32 {
  return <i32>popcnt<u64>(x);
}

/** Empty cells (anywhere, not only playable) where a disc of `pos` would complete a line. */
@inline
export function winningCells(pos: u64, mask: u64): u64 {
  // Connect 4 in every direction (7x6, 9x5 ...): inlined, as the search's most frequent call.
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
  // up to H + 1 times a node.
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

/**
 * Whether the player whose opponent holds `theirs` has no line left that it could complete:
 * every line of the board holds a disc of the opponent. That player can then never win.
 */
@inline
export function noLineLeft(theirs: u64): bool {
  return !hasLineAny(boardMask & ~theirs);
}

export const NO_BOUND: i32 = 64;

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
export function claimevenBound(cur: u64, mask: u64, above: bool): i32 {
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

/** The key (`cur + mask`) of the mirror image: columns in reverse order, swapped in pairs. */
export function mirrorKey(key: u64): u64 {
  const column = (u64(1) << u64(H1)) - 1;
  let r: u64 = (W & 1) != 0 ? key & (column << u64((W >> 1) * H1)) : 0;
  for (let c = 0; c < W >> 1; c++) {
    const low = column << u64(c * H1);
    const d = u64((W - 1 - 2 * c) * H1);
    r |= ((key & low) << d) | ((key >> d) & low);
  }
  return r;
}

/** Whether the bitboard `x` is its own mirror image (column c the same as column W - 1 - c). */
export function isMirror(x: u64): bool {
  const column = (u64(1) << u64(H1)) - 1;
  for (let c = 0; c < W / 2; c++) {
    const a = (x >> u64(c * H1)) & column;
    const b = (x >> u64((W - 1 - c) * H1)) & column;
    if (a != b) return false;
  }
  return true;
}

/**
 * Whether the opponent, to move with `ours` our winning cells and `possible` its playable cells,
 * loses to our next disc whatever it plays: two of our cells playable, or one (it must block)
 * with another of ours right above it, or none but every move it has right under one of ours.
 * The same cases `negamax` returns a loss for on entry, decided here without the call.
 */
@inline
export function opponentLost(ours: u64, possible: u64): bool {
  const threats = possible & ours;
  if (threats != 0) return (threats & (threats - 1)) != 0 || (threats & (ours >> 1)) != 0;
  return (possible & ~(ours >> 1)) == 0;
}

/**
 * How promising a move looks (higher first; ties keep the centre-first order; the table's move
 * goes first): our winning cells after it, except those right above one of the opponent's
 * (worthless: the opponent wins there first, or we must not fill the cell below), counted twice,
 * and once more those right above a playable cell, which the opponent can no longer play under.
 * It beat the plain count of winning cells on Steininger's 7x6 sets (BENCHMARKS.md).
 */
@inline
export function moveScore(ours: u64, theirs: u64, mask: u64): i32 {
  const useful = ours & ~(theirs << 1);
  const above = (possibleMoves(mask) << 1) & boardMask;
  return 2 * popcount(useful) + popcount(useful & above);
}
