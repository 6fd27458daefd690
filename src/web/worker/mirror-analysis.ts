import { ok, winScore, type Position } from '../../core/index.js';
import type {
  AnalyzeResult,
  Evaluation,
  Solver,
  SolveOptions,
  StopReason,
} from '../../solver/index.js';
import { isMirrorSymmetric, mirrorColumn } from '../state/symmetry.js';

/**
 * `Solver.analyze` for a position equal to its mirror image: only one column of each mirror
 * pair is searched (dropping in a column or in its mirror gives mirrored positions, hence the
 * same score), so the time limit goes to half the columns and mirror columns always show the
 * same answer. Other positions go to `Solver.analyze` unchanged.
 *
 * The columns are solved one by one with `Solver.solve` on the position after the drop, the
 * opening book included, under one deadline for the whole call, like `analyze`: once the time
 * is spent, the remaining columns get the widest bounds. Unlike `analyze` (left to right), the
 * middle column comes first: a cut-short analysis then knows the columns that matter most.
 */
export function analyzeWithMirror(
  solver: Pick<Solver, 'analyze' | 'solve'>,
  position: Position,
  options: SolveOptions = {},
): ReturnType<Solver['analyze']> {
  const variant = position.variant;
  const moves = position.moves;
  if (!isMirrorSymmetric(position) || position.isOver) {
    return solver.analyze({ variant, moves }, options);
  }
  const weak = options.weak ?? false;
  const cells = variant.width * variant.height;
  const now = options.now ?? Date.now;
  const deadline = options.timeLimitMs === undefined ? Infinity : now() + options.timeLimitMs;
  const columns: (Evaluation | null)[] = new Array<Evaluation | null>(variant.width).fill(null);
  let nodes = 0;
  let stopped: StopReason | null = null;
  // The middle first, then outwards: under a time limit the columns most often best are solved
  // first (the order does not change any score). Each mirror pair is searched once, left side.
  const half = Math.ceil(variant.width / 2);
  for (let column = half - 1; column >= 0; column--) {
    if (!position.canPlay(column)) continue;
    const child = position.clone();
    const outcome = child.play(column);
    if (!outcome.ok) return outcome;
    if (outcome.value.kind === 'win') {
      columns[column] = exact(weak ? 1 : winScore(cells, position.ply));
      continue;
    }
    if (stopped !== null) {
      const most = weak ? 1 : winScore(cells, position.ply + 2);
      columns[column] = { exact: false, score: null, lower: neg(most), upper: most };
      continue;
    }
    const remaining = deadline === Infinity ? undefined : Math.max(0, deadline - now());
    const maxNodes = options.maxNodes === undefined ? undefined : options.maxNodes - nodes;
    const solved = solver.solve(
      { variant, moves: child.moves },
      {
        ...options,
        ...(remaining === undefined ? {} : { timeLimitMs: remaining }),
        ...(maxNodes === undefined ? {} : { maxNodes: Math.max(1, maxNodes) }),
      },
    );
    if (!solved.ok) return solved;
    const result = solved.value;
    nodes += result.nodes;
    if (result.stopped !== null) stopped = result.stopped;
    const lower = neg(result.upper);
    const upper = neg(result.lower);
    columns[column] = lower === upper ? exact(lower) : { exact: false, score: null, lower, upper };
  }
  for (let column = half; column < variant.width; column++) {
    columns[column] = columns[mirrorColumn(variant.width, column)]!;
  }
  const playable = columns.filter((c): c is Evaluation => c !== null);
  const score =
    playable.length > 0 && playable.every((c) => c.exact)
      ? Math.max(...playable.map((c) => c.lower))
      : null;
  const analysis: AnalyzeResult = { weak, columns, score, nodes, stopped };
  return ok(analysis);
}

const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });
// `0 - x` rather than `-x`: scores must never be -0 (Object.is and JSON tell them apart).
const neg = (score: number): number => 0 - score;
