import type { C4Error, Result } from '../core/index.js';
import type { Solver } from './solver.js';
import type { AnalyzeResult, Evaluation, SolveResult, SolverInput } from './types.js';

/**
 * Solves one position somewhere else (another thread, another process). `analyzeInParallel`
 * hands it one child position per column and runs as many at once as it accepts.
 */
export type SolveElsewhere = (
  input: SolverInput,
  options: ParallelOptions,
) => Promise<Result<SolveResult, C4Error>>;

/** What a split analysis passes on: budgets stay per call, so they are not offered here. */
export interface ParallelOptions {
  readonly weak?: boolean;
  readonly noBook?: boolean;
}

const neg = (score: number): number => 0 - score;

/**
 * The same answer as `local.analyze(input, options)`, with each column that needs a search
 * solved by `solveChild` (all at once: the caller's pool decides how many run together).
 * `local` does the cheap part first — checking the moves, full columns, immediate wins and
 * book hits — with a one-node budget, so errors and those columns are exactly the
 * single-threaded ones; a column it could not finish within that node is solved remotely.
 * Each column then has its own table rather than the one the single-threaded analysis shares,
 * so the nodes add up to more, but the scores are the same: an exact score is unique.
 */
export async function analyzeInParallel(
  local: Solver,
  input: SolverInput,
  options: ParallelOptions,
  solveChild: SolveElsewhere,
): Promise<Result<AnalyzeResult, C4Error>> {
  const weak = options.weak ?? false;
  const quick = local.analyze(input, { weak, noBook: options.noBook ?? false, maxNodes: 1 });
  if (!quick.ok) return quick;
  let nodes = quick.value.nodes;
  let failure: C4Error | undefined;
  const columns = await Promise.all(
    quick.value.columns.map(async (known, column): Promise<Evaluation | null> => {
      if (known === null || known.exact) return known;
      const child = await solveChild(
        { variant: input.variant, moves: [...input.moves, column] },
        options,
      );
      if (!child.ok) {
        failure ??= child.error;
        return known;
      }
      nodes += child.value.nodes;
      const lower = neg(child.value.upper);
      const upper = neg(child.value.lower);
      return lower === upper
        ? { exact: true, score: lower, lower, upper }
        : { exact: false, score: null, lower, upper };
    }),
  );
  if (failure !== undefined) return { ok: false, error: failure };
  const playable = columns.filter((c): c is Evaluation => c !== null);
  const score =
    playable.length > 0 && playable.every((c) => c.exact)
      ? Math.max(...playable.map((c) => c.lower))
      : null;
  return { ok: true, value: { weak, columns, score, nodes, stopped: null } };
}
