// The search: alpha-beta negamax over a null window, its static pruning and move ordering, and
// (threads build) the marks that split the work between threads.

import { lossLater, lossNext, winLater, winLatest } from './common/scores';
import {
  FRAME,
  ORDER_PTR,
  SIZE,
  W,
  claimevenFloor,
  colMask,
  deadLines,
  evenRows,
  leftHalf,
  scratch,
} from './variant';
import { aborted, checkStop, etcMinEmpty, nodes, useEtc } from './common/state';
import {
  NO_MOVE,
  colFor,
  growAt,
  mirrorKeyPlies,
  probe,
  symmetryPlies,
  tableKey,
  ttStore,
} from './table';
import {
  claimevenBound,
  isMirror,
  mirrorKey,
  moveScore,
  noLineLeft,
  opponentLost,
  popcount,
  possibleMoves,
  winningCells,
} from './bitboards';
import { markAt, markBelow, markMinEmpty, parallel } from './common/layout';
import { slowPath } from './threads';

// The search's rules, each on in every build: only the test build's setters (knobs.ts) turn one
// off, to check or measure it on its own. Nothing writes them in the production build, whose
// optimiser then folds them away.
export let staticWins: bool = true; // a move the opponent cannot answer wins at once, unsearched
export let forcedThrough: bool = true; // a position with one move left is played through
export let childClaimeven: bool = true; // each move's claimeven bound against the reply
export let dominated: bool = true; // lines of ours above theirs do not spoil the claimeven bound
export let etcChains: bool = true; // enhanced cutoffs follow forced moves to the next entry
export let failSoft: bool = true; // the best upper bound, not alpha, where no move reaches alpha
export let symmetry: bool = true; // a mirror-image position searches only half its moves
export let lineBounds: bool = true; // a side with no line left to complete cannot win

// A position that is its own mirror image (the empty board, discs only in the centre column,
// mirrored pairs) has mirror-image children in columns c and W - 1 - c, of the same score: only
// the left half and the centre are searched. Such positions occur near the root, where an
// all-node would otherwise search every mirrored subtree again (the table keys do not fold
// mirrors); past `symmetryPlies` discs (table.ts) they are too rare to repay the check.

/**
 * Negamax, fail-soft (see `value`). Precondition: the side to move cannot win with its next
 * disc (callers only play non-losing moves, and the root checks for an immediate win). `oppWin`: the opponent's
 * winning cells, winningCells(cur ^ mask, mask), which the parent has already computed.
 */
export function negamax(cur: u64, mask: u64, moves: i32, alpha: i32, beta: i32, oppWin: u64): i32 {
  const possible = possibleMoves(mask);
  const forced = possible & oppWin;
  let next = possible;
  if (forced != 0) {
    // Two threats at once cannot both be blocked.
    if ((forced & (forced - 1)) != 0) return lossNext(SIZE, moves);
    next = forced;
  }
  // Never play right under an opponent's winning cell.
  next &= ~(oppWin >> 1);
  if (next == 0) return lossNext(SIZE, moves);
  if (moves >= SIZE - 2) return 0;
  if (moves < symmetryPlies && symmetry && isMirror(mask) && isMirror(cur)) next &= leftHalf;

  // We survive the opponent's reply, so the worst is losing on its following move.
  const min = lossLater(SIZE, moves);
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  // We cannot win with our next disc, so the best is winning on our following one.
  const max = winLater(SIZE, moves);
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }

  // Long lines (deadLines): a side whose every line is blocked by an opponent's disc cannot win,
  // so a window on that side of 0 is settled; both blocked: a draw, the board need not fill.
  if (deadLines && lineBounds) {
    if (beta > 0 && noLineLeft(cur ^ mask)) {
      beta = 0;
      if (alpha >= beta) return beta;
    }
    if (alpha < 0 && noLineLeft(cur)) {
      alpha = 0;
      if (alpha >= beta) return alpha;
    }
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
  // a table probe, a store or move ordering: the forced positions' entries were not worth their
  // slots (BENCHMARKS.md, "solver-nodes").
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
    // the test of the opponent's lines above ours (`linesDominated`): once per move, it cost
    // more time than the nodes it saved.
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
    const max5 = winLatest(SIZE, moves);
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
      const mark = markAt(childKey);
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

export function canWinNext(cur: u64, mask: u64): bool {
  return (winningCells(cur, mask) & possibleMoves(mask)) != 0;
}
