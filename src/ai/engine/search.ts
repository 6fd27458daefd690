import type { Board } from './board.js';
import { evaluate, WIN, WIN_THRESHOLD } from './evaluate.js';

/** Thrown inside the recursion to unwind it when the budget runs out; never escapes `searchRoot`. */
class OutOfTime extends Error {}

export interface SearchLimits {
  readonly maxDepth: number;
  /** Absolute deadline (Date.now() milliseconds); iterations after the first stop at it. */
  readonly deadline: number;
  /**
   * Positions to visit at most (iterations after the first stop there): the level's strength,
   * the same on any machine. Absent: bounded by the deadline only.
   */
  readonly maxNodes?: number;
  readonly aborted: () => boolean;
  /**
   * Root moves scoring within this of the best count as equally good (0 = exact ties only), so
   * weaker levels vary their play among near-best moves.
   */
  readonly margin: number;
  /** Root columns to consider (default: every legal column). */
  readonly columns?: readonly number[];
}

export interface RootScore {
  readonly column: number;
  /** Exact for moves within `margin` of the best; an upper bound for the rest. */
  readonly score: number;
}

export interface SearchResult {
  /** Root moves from the last completed iteration, best first. */
  readonly scores: readonly RootScore[];
  readonly depth: number;
  readonly nodes: number;
  readonly interrupted: boolean;
}

const TT_BITS = 18;
const TT_SIZE = 1 << TT_BITS;
const TT_MASK = TT_SIZE - 1;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/**
 * A transposition table shared by all searches in this thread; a new generation per search makes
 * old entries invisible without clearing, so every search starts from the same state
 * (seeded games repeat exactly).
 */
const table = {
  check: new Int32Array(TT_SIZE),
  score: new Int32Array(TT_SIZE),
  depth: new Int8Array(TT_SIZE),
  flag: new Uint8Array(TT_SIZE),
  move: new Int8Array(TT_SIZE),
  generation: new Uint16Array(TT_SIZE),
};
let generation = 0;

/**
 * Iterative-deepening alpha-beta (negamax) with a transposition table, immediate-win and
 * forced-block shortcuts, and a history heuristic for move order.
 */
export function searchRoot(board: Board, limits: SearchLimits): SearchResult {
  generation = (generation + 1) & 0xffff || 1;
  const width = board.g.width;
  const history = new Int32Array(width * board.g.cellCount + width);
  let nodes = 0;
  let checkClock = false;
  const maxNodes = limits.maxNodes ?? Number.POSITIVE_INFINITY;

  const keys = new Int32Array(width);
  const order = (ttMove: number, out: Int32Array): number => {
    let n = 0;
    const g = board.g;
    const centre = g.centreOrder;
    const me = board.turn;
    const base = board.ply * width;
    for (let i = 0; i < width; i++) {
      const column = centre[i]!;
      const row = board.heights[column]!;
      if (row >= g.height) continue;
      // The transposition move first; then moves that make the most new threats (the solver's
      // ordering trick), then history; centre-first breaks the remaining ties (stable sort).
      const key =
        column === ttMove
          ? 0x7fffffff
          : board.threatsMade(me, column * g.height + row) * (1 << 24) +
            Math.min(history[base + column]!, (1 << 24) - 1);
      let j = n - 1;
      while (j >= 0 && keys[j]! < key) {
        out[j + 1] = out[j]!;
        keys[j + 1] = keys[j]!;
        j--;
      }
      out[j + 1] = column;
      keys[j + 1] = key;
      n++;
    }
    return n;
  };

  const moveBuffers = Array.from({ length: board.g.cellCount + 2 }, () => new Int32Array(width));

  const negamax = (depth: number, alpha: number, beta: number): number => {
    nodes++;
    if (checkClock) {
      // The node budget is checked on every node so that where a search stops never depends on
      // the clock; the clock and the signal, which cost more, every 256.
      if (nodes > maxNodes) throw new OutOfTime();
      if ((nodes & 255) === 0 && (Date.now() >= limits.deadline || limits.aborted())) {
        throw new OutOfTime();
      }
    }
    const g = board.g;
    if (board.full) return 0;
    const me = board.turn;
    const them = 3 - me;
    // A win now ends the game: nothing else needs searching. The opponent's playable wins must
    // be blocked; two at once cannot be.
    let forced = -1;
    let theirWins = 0;
    for (let column = 0; column < width; column++) {
      const row = board.heights[column]!;
      if (row >= g.height) continue;
      const who = board.completers(column * g.height + row);
      if (who === 0) continue;
      if ((who & me) !== 0) return WIN - board.ply - 1;
      theirWins++;
      forced = column;
    }
    if (theirWins > 1) return -(WIN - board.ply - 2);
    if (depth <= 0 && forced < 0) return evaluate(board);
    // Scores are bounded by the soonest possible win or loss from here.
    const best = WIN - board.ply - 1;
    if (beta > best) {
      beta = best;
      if (alpha >= beta) return beta;
    }
    const index = board.hashLo & TT_MASK;
    let ttMove = -1;
    if (table.generation[index] === generation && table.check[index] === board.hashHi) {
      ttMove = table.move[index]!;
      if (table.depth[index]! >= depth) {
        const score = table.score[index]!;
        const flag = table.flag[index]!;
        if (flag === EXACT) return score;
        if (flag === LOWER && score >= beta) return score;
        if (flag === UPPER && score <= alpha) return score;
      }
    }
    const moves = moveBuffers[board.ply]!;
    let count: number;
    if (forced >= 0) {
      moves[0] = forced;
      count = 1;
    } else {
      count = order(ttMove, moves);
    }
    const alphaStart = alpha;
    let bestScore = -WIN;
    let bestMove = moves[0]!;
    for (let i = 0; i < count; i++) {
      const column = moves[i]!;
      board.play(column);
      let score: number;
      // Playing under the opponent's winning cell lets them win at once.
      const above = column * g.height + board.heights[column]!;
      if (board.heights[column]! < g.height && board.completes(them, above)) {
        score = -(WIN - board.ply - 1);
      } else {
        score = -negamax(forced >= 0 ? depth : depth - 1, -beta, -alpha);
      }
      board.undo();
      if (score > bestScore) {
        bestScore = score;
        bestMove = column;
      }
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) {
          history[board.ply * width + column]! += depth * depth;
          break;
        }
      }
    }
    table.generation[index] = generation;
    table.check[index] = board.hashHi;
    table.score[index] = bestScore;
    table.depth[index] = Math.min(depth, 127);
    table.move[index] = bestMove;
    table.flag[index] = bestScore <= alphaStart ? UPPER : bestScore >= beta ? LOWER : EXACT;
    return bestScore;
  };

  const startPly = board.ply;
  const started = Date.now();
  const rootMoves: number[] = [];
  for (const column of board.g.centreOrder) {
    if (board.canPlay(column) && (limits.columns?.includes(column) ?? true)) rootMoves.push(column);
  }
  let completed: RootScore[] = rootMoves.map((column) => ({ column, score: 0 }));
  let completedDepth = 0;
  let interrupted = false;
  const maxDepth = Math.min(limits.maxDepth, board.g.cellCount - board.ply);
  for (let depth = 1; depth <= maxDepth; depth++) {
    // The first iteration always finishes, so there is always an informed answer.
    checkClock = depth > 1;
    try {
      const scores: RootScore[] = [];
      let best = -WIN;
      // Previous best first, so the window narrows early.
      const ordered = completed.map((entry) => entry.column);
      for (const column of ordered) {
        board.play(column);
        let score: number;
        if (board.winner !== 0) score = WIN - board.ply;
        else {
          const alpha = best === -WIN ? -WIN : best - limits.margin - 1;
          score = -negamax(depth - 1, -WIN, -alpha);
        }
        board.undo();
        scores.push({ column, score });
        if (score > best) best = score;
      }
      scores.sort((a, b) => b.score - a.score);
      completed = scores;
      completedDepth = depth;
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      while (board.ply > startPly) board.undo();
      interrupted = true;
      break;
    }
    const top = completed[0]!.score;
    // A proven result cannot change with depth.
    if (Math.abs(top) >= WIN_THRESHOLD) break;
    // The next iteration costs a few times this one: started past half the budget (of time or
    // of nodes), it would almost surely be cut off and thrown away, so stop now and answer sooner.
    const now = Date.now();
    if (
      nodes > maxNodes / 2 ||
      now >= limits.deadline ||
      now - started > (limits.deadline - started) / 2 ||
      limits.aborted()
    ) {
      interrupted = depth < maxDepth;
      break;
    }
  }
  return { scores: completed, depth: completedDepth, nodes, interrupted };
}
