import { Position, parseMoves, parseVariant } from '../core/index.js';
import { openColumns, provenResult, solveColumn, winDistance } from '../review/index.js';
import type { Solver } from '../solver/index.js';
import type { Puzzle } from './types.js';

/** Each column's result for the side to move (1, 0, -1; -2 for a full column), solved fully. */
function resultsOf(solver: Solver, position: Position): number[] {
  const { columns, children } = openColumns(position);
  return columns.map((current, c) => {
    if (current === null) return -2;
    const known = provenResult(current);
    if (known !== null) return known;
    const solved = solveColumn(solver, position.variant, children[c]!, current, { weak: true });
    return provenResult(solved.evaluation)!;
  });
}

const charsOf = (columns: readonly number[]): string =>
  columns.map((c) => (c + 1).toString(36)).join('');

/**
 * Re-checks a puzzle with the solver, without budget: every step offers two legal columns or
 * more, the first step has exactly one column keeping the goal, every step accepts exactly the columns that keep it, every reply is one
 * of the opponent's best defences, and a win's distance is right. Returns the first problem,
 * or null when the puzzle holds.
 */
export function verifyPuzzle(solver: Solver, puzzle: Puzzle): string | null {
  const variant = parseVariant(puzzle.variant);
  if (!variant.ok) return variant.error.message;
  const moves = parseMoves(puzzle.start, variant.value);
  if (!moves.ok) return moves.error.message;
  const built = Position.fromMoves(variant.value, moves.value);
  if (!built.ok) return built.error.message;
  const position = built.value;
  if (position.isOver) return 'the start position is already over';
  const target = puzzle.goal === 'win' ? 1 : 0;
  const first = resultsOf(solver, position);
  if (first.some((r) => r > target)) return 'a draw puzzle whose position is won';
  if (puzzle.goal === 'win' && puzzle.distance !== null) {
    const analysed = solver.analyze(position);
    if (!analysed.ok) return analysed.error.message;
    const best = analysed.value.score!;
    const distance = winDistance(position.variant, position.ply, best);
    if (distance !== puzzle.distance) return `win in ${distance}, not ${puzzle.distance}`;
  }
  let results = first;
  for (const [i, step] of puzzle.steps.entries()) {
    if (results.filter((r) => r !== -2).length < 2) return `step ${i + 1}: one legal column`;
    const keepers = results.flatMap((r, c) => (r >= target ? [c] : []));
    if (charsOf(keepers) !== step.accept) {
      return `step ${i + 1}: accepts ${step.accept}, but ${charsOf(keepers) || 'none'} keep the ${puzzle.goal}`;
    }
    if (i === 0 && keepers.length !== 1) return 'more than one solution';
    if (step.reply === null)
      return i === puzzle.steps.length - 1 ? null : `step ${i + 1}: no reply`;
    if (keepers.length !== 1) return `step ${i + 1}: a reply after several accepted columns`;
    const played = position.play(keepers[0]!);
    if (!played.ok || played.value.kind !== 'ongoing') return `step ${i + 1}: the game ends`;
    const theirs = solver.analyze(position);
    if (!theirs.ok) return theirs.error.message;
    const reply = parseInt(step.reply, 36) - 1;
    const score = theirs.value.columns[reply];
    if (score?.lower !== theirs.value.score)
      return `step ${i + 1}: ${step.reply} is not a best defence`;
    const replied = position.play(reply);
    if (!replied.ok || replied.value.kind !== 'ongoing')
      return `step ${i + 1}: the reply ends the game`;
    results = resultsOf(solver, position);
  }
  return 'the puzzle has no last step';
}
