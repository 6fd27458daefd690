import type { GamePosition, Move } from '../../core/index.js';
import type { SearchLimits, SearchResult } from '../engine/search.js';
import { WIN, WIN_THRESHOLD, evaluateFor } from './evaluate.js';

/**
 * The classic search's limits (src/ai/engine/search.ts), with family moves for its columns.
 * Unlike the classic search, the budget can stop the first iteration too: each move is then
 * judged by the position it leaves.
 */
export interface FamilySearchLimits extends Omit<SearchLimits, 'columns'> {
  /** Only these root moves (default: every legal move). */
  readonly moves?: readonly Move[];
}

export interface RootScore {
  readonly move: Move;
  /** From the side to move: > 0 good; |score| >= WIN_THRESHOLD is a proven win or loss. */
  readonly score: number;
}

/** As the classic search's result, a score per root move. */
export interface FamilySearchResult extends Omit<SearchResult, 'scores'> {
  /** Best first. */
  readonly scores: readonly RootScore[];
}

class Stop extends Error {}

const code = (move: Move): number => (move.kind === 'pop' ? 64 : 0) + move.column;

/** Drops before pops, each from the centre outwards: the best-first guess without a table. */
function centreOrder(width: number): number[] {
  const order: number[] = [];
  const centre = (width - 1) / 2;
  const columns = [...Array(width).keys()].sort(
    (a, b) => Math.abs(a - centre) - Math.abs(b - centre) || a - b,
  );
  for (const column of columns) order.push(column);
  for (const column of columns) order.push(64 + column);
  return order;
}

/**
 * Iterative-deepening alpha-beta over the rules' own GamePosition, so every family member (and
 * PopOut's repetition draw, from the game's real history) is searched by the rules it is played
 * by. The table only remembers each position's best move, to try it first: its scores would be
 * unsound where the history decides a draw, its move order never is.
 */
export function searchFamily(root: GamePosition, limits: FamilySearchLimits): FamilySearchResult {
  const position = root.clone();
  const order = centreOrder(position.variant.width);
  const bestMoveOf = new Map<number | string, number>();
  let nodes = 0;

  const check = (): void => {
    if (limits.maxNodes !== undefined && nodes >= limits.maxNodes) throw new Stop();
    if ((nodes & 1023) === 0 && (Date.now() >= limits.deadline || limits.aborted())) {
      throw new Stop();
    }
  };

  const ordered = (): Move[] => {
    const legal = position.legalMoves();
    const hint = bestMoveOf.get(position.key());
    const ranked = legal
      .map((move) => {
        const id = code(move);
        return { move, rank: id === hint ? -1 : order.indexOf(id) };
      })
      .sort((a, b) => a.rank - b.rank);
    return ranked.map((entry) => entry.move);
  };

  const negamax = (depth: number, alpha: number, beta: number): number => {
    nodes++;
    check();
    const outcome = position.outcome;
    if (outcome.kind === 'win') {
      const value = WIN - position.ply;
      return outcome.winner === position.turn ? value : -value;
    }
    if (outcome.kind === 'draw') return 0;
    if (depth === 0) return evaluateFor(position, position.turn);
    let best = -Infinity;
    let bestMove = -1;
    const key = position.key();
    for (const move of ordered()) {
      position.play(move);
      let value: number;
      try {
        value = -negamax(depth - 1, -beta, -alpha);
      } finally {
        position.undo();
      }
      if (value > best) {
        best = value;
        bestMove = code(move);
      }
      if (value > alpha) alpha = value;
      if (alpha >= beta) break;
    }
    if (bestMove >= 0) bestMoveOf.set(key, bestMove);
    return best;
  };

  let rootMoves = limits.moves ? [...limits.moves] : position.legalMoves();
  const first = new Set(ordered().map(code));
  rootMoves = [...first]
    .map((id) => rootMoves.find((move) => code(move) === id))
    .filter((move): move is Move => move !== undefined);
  let scores: RootScore[] = rootMoves.map((move) => ({ move, score: 0 }));
  let depth = 0;
  let interrupted = false;
  for (let target = 1; target <= limits.maxDepth; target++) {
    const found: RootScore[] = [];
    try {
      let best = -Infinity;
      for (const move of scores.map((entry) => entry.move)) {
        position.play(move);
        let value: number;
        try {
          const floor = best === -Infinity ? -Infinity : best - floorMargin(best, limits.margin);
          value = -negamax(target - 1, -Infinity, -floor);
        } finally {
          position.undo();
        }
        found.push({ move, score: value });
        if (value > best) best = value;
      }
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      interrupted = true;
      break;
    }
    scores = found.sort((a, b) => b.score - a.score);
    depth = target;
    const top = scores[0]!.score;
    // A proven win needs no deeper look, nor does a position where every move is proven.
    if (top >= WIN_THRESHOLD || scores.every((entry) => Math.abs(entry.score) >= WIN_THRESHOLD)) {
      break;
    }
  }
  if (depth === 0) {
    // Not even one ply in budget: judge each move by the position it leaves.
    scores = rootMoves
      .map((move) => {
        position.play(move);
        const outcome = position.outcome;
        let score: number;
        if (outcome.kind === 'win') {
          score = outcome.winner === position.turn ? -WIN : WIN;
        } else if (outcome.kind === 'draw') score = 0;
        else score = -evaluateFor(position, position.turn);
        position.undo();
        return { move, score };
      })
      .sort((a, b) => b.score - a.score);
  }
  return { scores, depth, nodes, interrupted };
}

/** Proven results are never traded for variety, so a proven best needs no margin below it. */
function floorMargin(best: number, margin: number): number {
  return Math.abs(best) >= WIN_THRESHOLD ? 1 : margin + 1;
}
