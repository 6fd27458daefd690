import { centreFirstColumns, ok, type C4Error, type Result } from '../../src/core/index.js';
import type { Solver } from '../../src/solver/solver.js';
import type { Evaluation, SolverInput } from '../../src/solver/types.js';
import { proveNoWin, rulesApply, type KnowledgeOptions } from './index.js';

/**
 * Win/draw/loss with the rules as a cut in front of the search, from the TypeScript side (the
 * wasm search is not touched). A weak solve is two null-window searches: "is it a win?", then,
 * if not, "is it at least a draw?". When the rules prove the side to move cannot win, the
 * first is answered, and the second is asked of the children instead: the position is a draw
 * as soon as one move leads to a position the opponent does not win, a loss otherwise.
 */
export interface AssistedOptions extends KnowledgeOptions {
  readonly noBook?: boolean;
}

export interface AssistedSolve {
  /** -1, 0 or 1 for the side to move. */
  readonly score: number;
  readonly nodes: number;
  /** The rules proved the side to move cannot win. */
  readonly ruled: boolean;
}

export function weakSolveAssisted(
  solver: Solver,
  input: SolverInput,
  options: AssistedOptions = {},
): Result<AssistedSolve, C4Error> {
  const noBook = options.noBook ?? false;
  const plain = (): Result<AssistedSolve, C4Error> => {
    const solved = solver.solve(input, { weak: true, noBook });
    if (!solved.ok) return solved;
    return ok({ score: solved.value.score ?? 0, nodes: solved.value.nodes, ruled: false });
  };
  // The solver checks the moves and answers immediate wins and book hits without a search.
  const quick = solver.solve(input, { weak: true, noBook, maxNodes: 1 });
  if (!quick.ok) return quick;
  if (quick.value.exact) {
    return ok({ score: quick.value.score ?? 0, nodes: quick.value.nodes, ruled: false });
  }
  if (!rulesApply(input) || !proveNoWin(input, options).proved) return plain();
  const { width, height } = input.variant;
  const filled = new Int8Array(width);
  for (const column of input.moves) filled[column]!++;
  let nodes = quick.value.nodes;
  for (const column of centreFirstColumns(width)) {
    if (filled[column]! >= height) continue;
    const child = solver.solve(
      { variant: input.variant, moves: [...input.moves, column] },
      {
        weak: true,
        noBook,
      },
    );
    // A move that wins at once contradicts the proof: never trust the rules over the solver.
    if (!child.ok || child.value.score === null) return plain();
    nodes += child.value.nodes;
    if (child.value.score <= 0) return ok({ score: 0, nodes, ruled: true });
  }
  return ok({ score: -1, nodes, ruled: true });
}

export interface AssistedAnalysis {
  /** Per column the win/draw/loss of dropping a disc there, null for a full column. */
  readonly columns: readonly (number | null)[];
  readonly nodes: number;
  /** Columns whose child position the rules proved. */
  readonly ruled: number;
}

/** `solver.analyze(input, { weak: true })` with `weakSolveAssisted` on each column's child. */
export function analyzeAssisted(
  solver: Solver,
  input: SolverInput,
  options: AssistedOptions = {},
): Result<AssistedAnalysis, C4Error> {
  const noBook = options.noBook ?? false;
  // One node: checks the moves and settles full columns, immediate wins and book hits.
  const quick = solver.analyze(input, { weak: true, noBook, maxNodes: 1 });
  if (!quick.ok) return quick;
  let nodes = quick.value.nodes;
  let ruled = 0;
  const columns: (number | null)[] = [];
  for (let column = 0; column < input.variant.width; column++) {
    const known: Evaluation | null = quick.value.columns[column] ?? null;
    if (known === null || known.exact) {
      columns.push(known?.score ?? null);
      continue;
    }
    const child = weakSolveAssisted(
      solver,
      { variant: input.variant, moves: [...input.moves, column] },
      options,
    );
    if (!child.ok) return child;
    nodes += child.value.nodes;
    if (child.value.ruled) ruled++;
    columns.push(0 - child.value.score);
  }
  return ok({ columns, nodes, ruled });
}
