import type { Position } from '../core/index.js';
import { Board } from './engine/board.js';
import { WIN, WIN_THRESHOLD } from './engine/evaluate.js';
import { searchRoot, type RootScore } from './engine/search.js';
import { pick, type RandomSource } from './random.js';
import { winningColumns } from './rules.js';
import type { AbortSignalLike, MoveChoice } from './types.js';

export interface SearchStyle {
  readonly maxDepth: number;
  /** Root moves within this many evaluation points of the best are picked at random. */
  readonly margin: number;
  /** Up to this ply the margin is doubled, so openings vary more. */
  readonly openingPlies: number;
}

export interface SearchRequest {
  readonly position: Position;
  readonly style: SearchStyle;
  readonly timeMs: number;
  /** Positions to search at most (the level's budget, src/ai/budgets.ts); null: time only. */
  readonly nodes: number | null;
  readonly random: RandomSource;
  readonly signal: AbortSignalLike | undefined;
  readonly columns?: readonly number[];
}

/** Moves until the proven result, from a search score at `ply` (positive: we win). */
function movesToResult(score: number, ply: number): number {
  const disc = WIN - Math.abs(score);
  return Math.ceil((disc - ply) / 2);
}

function describe(best: RootScore, ply: number, depth: number): string {
  if (best.score >= WIN_THRESHOLD) {
    const moves = movesToResult(best.score, ply);
    return moves <= 1 ? 'Wins now' : `Sees a forced win in ${moves} moves`;
  }
  if (best.score <= -WIN_THRESHOLD) {
    return `Sees a forced loss in ${movesToResult(best.score, ply)} moves and holds out longest`;
  }
  return `Looked ${depth} moves ahead`;
}

/** Alpha-beta with the positional evaluation, time-bounded; wins and blocks are never missed. */
export function searchMove(request: SearchRequest): MoveChoice {
  const { position, style, random } = request;
  const board = Board.from(position);
  const me = board.turn;
  const allowed = request.columns;
  const wins = winningColumns(board, me).filter((c) => allowed?.includes(c) ?? true);
  if (wins.length > 0) {
    return {
      column: pick(wins, random),
      score: WIN - board.ply - 1,
      scoreKind: 'heuristic',
      explanation: { summary: 'Wins now', columns: [], depth: 1, nodes: 0, interrupted: false },
    };
  }
  const deadline = Date.now() + Math.max(0, request.timeMs);
  const signal = request.signal;
  // Margins are in four-in-a-row points; longer lines score on a larger scale, so scale with them.
  const scale = Math.max(1, board.g.weights[board.g.connect - 1]! / 16);
  const margin = (board.ply < style.openingPlies ? style.margin * 2 : style.margin) * scale;
  const result = searchRoot(board, {
    maxDepth: style.maxDepth,
    deadline,
    ...(request.nodes !== null ? { maxNodes: request.nodes } : {}),
    aborted: () => signal?.aborted === true,
    margin,
    ...(allowed ? { columns: allowed } : {}),
  });
  const best = result.scores[0]!;
  // Proven results are never traded for variety: only heuristic scores get the margin.
  const slack = Math.abs(best.score) >= WIN_THRESHOLD ? 0 : margin;
  const candidates = result.scores.filter((entry) => entry.score >= best.score - slack);
  const chosen = pick(candidates, random);
  return {
    column: chosen.column,
    score: chosen.score,
    scoreKind: 'heuristic',
    explanation: {
      summary: describe(chosen, board.ply, result.depth),
      columns: result.scores.map((entry) => ({ ...entry, kind: 'heuristic' as const })),
      depth: result.depth,
      nodes: result.nodes,
      interrupted: result.interrupted,
    },
  };
}
