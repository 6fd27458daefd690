import type { Position } from '../core/index.js';
import { Solver, type Book, type Evaluation } from '../solver/index.js';
import { Board } from './engine/board.js';
import { pick, type RandomSource } from './random.js';
import type { AbortSignalLike, ColumnAssessment, MoveChoice } from './types.js';

/**
 * The AI's own solver instance (adapter over src/solver): its transposition table survives from
 * move to move, so later moves of a game are solved from a warm table; the opening book, when the
 * host has loaded one, answers the early moves.
 */
let solver: Solver | undefined;
let book: Book | undefined;

/** Hands the solver an opening book (loaded by the shell: file, fetch, bundled bytes). */
export function setOpeningBook(next: Book | undefined): void {
  book = next;
  solver = undefined;
}

function aiSolver(): Solver {
  solver ??= new Solver(book ? { book } : {});
  return solver;
}

export interface ExactAnalysis {
  /** Per column: the mover's score for dropping there (null for a full column). */
  readonly columns: readonly (Evaluation | null)[];
  readonly nodes: number;
  readonly interrupted: boolean;
}

const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });

/**
 * Exact column scores within a budget, centre columns first, each child getting an even share of
 * the remaining time so one hard column cannot starve the rest of an answer.
 */
export function analyzeExactly(
  position: Position,
  timeMs: number,
  signal: AbortSignalLike | undefined,
): ExactAnalysis {
  const { variant, moves } = position;
  const board = Board.from(position);
  const instance = aiSolver();
  const winScore = Math.floor((variant.width * variant.height + 1 - moves.length) / 2);
  const most = Math.floor((variant.width * variant.height - moves.length - 1) / 2);
  const columns: (Evaluation | null)[] = Array.from({ length: variant.width }, () => null);
  const deadline = Date.now() + timeMs;
  let nodes = 0;
  let interrupted = false;
  const pending: number[] = [];
  for (const column of board.g.centreOrder) {
    if (!board.canPlay(column)) continue;
    if (board.winsAt(board.turn, column)) columns[column] = exact(winScore);
    else pending.push(column);
  }
  pending.forEach((column, index) => {
    const left = deadline - Date.now();
    if (left <= 0 || signal?.aborted === true) {
      interrupted = true;
      columns[column] = { exact: false, score: null, lower: -most, upper: most };
      return;
    }
    const share = Math.max(1, Math.floor(left / (pending.length - index)));
    const solved = instance.solve(
      { variant, moves: [...moves, column] },
      { timeLimitMs: share, ...(signal ? { signal } : {}) },
    );
    if (!solved.ok) throw solved.error;
    nodes += solved.value.nodes;
    if (!solved.value.exact) interrupted = true;
    const { lower, upper } = solved.value;
    columns[column] =
      lower === upper
        ? exact(0 - lower)
        : { exact: false, score: null, lower: -upper, upper: -lower };
  });
  return { columns, nodes, interrupted };
}

function describeExact(score: number, ply: number, variant: Position['variant']): string {
  if (score === 0) return 'Holds the draw (best possible here)';
  // A score s means the game ends with the disc dropped after W*H + 1 - 2s discs (or one more).
  const lastDisc = variant.width * variant.height + 1 - 2 * Math.abs(score);
  const moves = Math.floor((lastDisc - ply) / 2) + 1;
  if (score > 0) return moves <= 1 ? 'Wins now' : `Wins by force in ${moves} moves`;
  return `Loses by force in ${moves} moves at best: holds out longest`;
}

/**
 * Best exact score when every column is known; otherwise the columns the partial result cannot
 * rule out (upper bound at least the best proven lower bound), for the heuristic search to pick
 * from.
 */
export function perfectMove(
  position: Position,
  timeMs: number,
  random: RandomSource,
  signal: AbortSignalLike | undefined,
): MoveChoice | { readonly candidates: readonly number[]; readonly analysis: ExactAnalysis } {
  const analysis = analyzeExactly(position, timeMs, signal);
  const playable: { column: number; value: Evaluation }[] = [];
  analysis.columns.forEach((value, column) => {
    if (value) playable.push({ column, value });
  });
  const bestLower = Math.max(...playable.map((entry) => entry.value.lower));
  const candidates = playable.filter((entry) => entry.value.upper >= bestLower);
  const settled = candidates.every((entry) => entry.value.exact && entry.value.lower === bestLower);
  if (!settled) {
    return { candidates: candidates.map((entry) => entry.column), analysis };
  }
  const chosen = pick(candidates, random);
  const columns: ColumnAssessment[] = playable
    .filter((entry) => entry.value.exact)
    .map((entry) => ({ column: entry.column, score: entry.value.lower, kind: 'exact' as const }))
    .sort((a, b) => b.score - a.score);
  return {
    column: chosen.column,
    score: bestLower,
    scoreKind: 'exact',
    explanation: {
      summary: describeExact(bestLower, position.ply, position.variant),
      columns,
      depth: position.variant.width * position.variant.height - position.ply,
      nodes: analysis.nodes,
      interrupted: analysis.interrupted,
    },
  };
}
