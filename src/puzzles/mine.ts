import { Board } from '../ai/engine/board.js';
import { searchRoot } from '../ai/engine/search.js';
import { pick, type RandomSource } from '../ai/random.js';
import { winningColumns } from '../ai/rules.js';
import { Position, columnToChar, variantToString, type Variant } from '../core/index.js';
import { openColumns, provenResult, solveColumn, winDistance } from '../review/index.js';
import type { Solver } from '../solver/index.js';
import { puzzleId } from './format.js';
import type { Puzzle, PuzzleStep } from './types.js';

export interface MineOptions {
  /** Node budget per solver call: node counts, unlike time, make runs repeatable. */
  readonly maxNodes: number;
  /** Positions with fewer discs are not mined (the solver needs too long there). */
  readonly minPly: number;
  /** The longest win a puzzle may ask for, in the solver side's moves. */
  readonly maxDistance: number;
  /** Steps (solver-side moves) at most. */
  readonly maxSteps: number;
  /** Breaks ties between equally good defences. */
  readonly random: RandomSource;
}

export const DEFAULT_MINE_OPTIONS: Omit<MineOptions, 'random'> = {
  maxNodes: 2_000_000,
  minPly: 8,
  maxDistance: 12,
  maxSteps: 6,
};

/**
 * Each column's result for the side to move (1 win, 0 draw, -1 loss), or null when the
 * budget did not settle every column.
 */
function results(solver: Solver, position: Position, maxNodes: number): number[] | null {
  const { columns, children } = openColumns(position);
  const out: number[] = [];
  for (let c = 0; c < columns.length; c++) {
    const current = columns[c];
    const child = children[c];
    if (current === null || current === undefined) {
      out.push(-2);
      continue;
    }
    let result = provenResult(current);
    if (result === null && child) {
      const solved = solveColumn(solver, position.variant, child, current, {
        weak: true,
        maxNodes,
      });
      result = provenResult(solved.evaluation);
    }
    if (result === null) return null;
    out.push(result);
  }
  return out;
}

/** Exact scores of every column (-Infinity for full ones), or null when not all settled. */
function scores(solver: Solver, position: Position, maxNodes: number): number[] | null {
  const analysed = solver.analyze(position, { maxNodes });
  if (!analysed.ok) throw analysed.error;
  if (analysed.value.score === null) return null;
  return analysed.value.columns.map((c) => (c === null ? -Infinity : c.lower));
}

const indicesOf = (values: readonly number[], keep: (v: number) => boolean): number[] =>
  values.flatMap((v, i) => (keep(v) ? [i] : []));

/**
 * How many wrong columns look at least as good as the solution to a shallow search of
 * `depth` plies: the wrong moves' naturalness.
 */
function tempting(position: Position, solution: number, depth: number): number {
  const board = Board.from(position);
  const result = searchRoot(board, {
    maxDepth: depth,
    deadline: Infinity,
    aborted: () => false,
    margin: 1 << 30,
  });
  const mine = result.scores.find((s) => s.column === solution)?.score ?? -Infinity;
  return result.scores.filter((s) => s.column !== solution && s.score >= mine).length;
}

/**
 * Difficulty on an Elo-like scale (600..2500): 800, plus 60 per move of the win (or per
 * step of a draw line, at most 12), plus 90 per wrong column a 2-ply search likes at least as
 * much as the solution and 120 per such column at 6 plies (how natural the wrong moves look).
 */
export function difficulty(length: number, tempting2: number, tempting6: number): number {
  const raw = 800 + 60 * Math.min(length, 12) + 90 * tempting2 + 120 * tempting6;
  return Math.min(2500, Math.max(600, Math.round(raw / 10) * 10));
}

/** The difficulty of finding `solution` at `position` in a line of `length` (see `difficulty`). */
function rate(position: Position, solution: number, length: number): number {
  return difficulty(length, tempting(position, solution, 2), tempting(position, solution, 6));
}

/**
 * A move is only a choice with two columns open or more: with one, the puzzle would ask for
 * the only legal move and say every other column loses.
 */
export const isChoice = (position: Position): boolean => position.legalColumns().length >= 2;

/**
 * The puzzle at `position` if the side to move has a real choice, exactly one winning column
 * (or no win and exactly one column that keeps the draw), and the move is not a forced block
 * or an immediate win; null otherwise or when the solver cannot settle it within the budget.
 * The line stops before a position with a single legal column.
 */
export function puzzleAt(solver: Solver, position: Position, options: MineOptions): Puzzle | null {
  if (position.isOver || !isChoice(position)) return null;
  const board = Board.from(position);
  const me = board.turn;
  if (winningColumns(board, me).length > 0 || winningColumns(board, 3 - me).length > 0) {
    return null;
  }
  const first = results(solver, position, options.maxNodes);
  if (first === null) return null;
  const wins = indicesOf(first, (r) => r === 1);
  const draws = indicesOf(first, (r) => r === 0);
  const goal = wins.length === 1 ? 'win' : wins.length === 0 && draws.length === 1 ? 'draw' : null;
  if (goal === null) return null;
  const solution = goal === 'win' ? wins[0]! : draws[0]!;
  let distance: number | null = null;
  if (goal === 'win') {
    const exact = scores(solver, position, options.maxNodes);
    if (exact === null) return null;
    distance = winDistance(position.variant, position.ply, exact[solution]!);
    if (distance > options.maxDistance) return null;
  }
  const target = goal === 'win' ? 1 : 0;
  const steps: PuzzleStep[] = [];
  const line = position.clone();
  let keepers = [solution];
  for (;;) {
    const accept = keepers.map(columnToChar).join('');
    const only = keepers.length === 1 ? keepers[0]! : null;
    if (only === null || steps.length + 1 >= options.maxSteps) {
      steps.push({ accept, reply: null });
      break;
    }
    const moved = line.play(only);
    if (!moved.ok) throw moved.error;
    if (moved.value.kind !== 'ongoing') {
      steps.push({ accept, reply: null });
      break;
    }
    // The opponent's best defence: its best exact score; ties by the seeded random source.
    const theirs = scores(solver, line, options.maxNodes);
    if (theirs === null) {
      steps.push({ accept, reply: null });
      break;
    }
    const top = Math.max(...theirs);
    const reply = pick(
      indicesOf(theirs, (s) => s === top),
      options.random,
    );
    const replied = line.play(reply);
    if (!replied.ok) throw replied.error;
    const next =
      replied.value.kind === 'ongoing' && isChoice(line)
        ? results(solver, line, options.maxNodes)
        : null;
    if (next === null) {
      // Nothing more to ask: the line ends with the player's move.
      steps.push({ accept, reply: null });
      break;
    }
    steps.push({ accept, reply: columnToChar(reply) });
    keepers = indicesOf(next, (r) => r >= target);
  }
  const length = goal === 'win' ? distance! : steps.length + 1;
  const variant = variantToString(position.variant);
  const start = position.moves.map(columnToChar).join('');
  return {
    id: puzzleId(variant, start),
    variant,
    start,
    goal,
    steps,
    distance,
    rating: rate(position, solution, length),
  };
}

/**
 * A puzzle mined before lines stopped at forced moves, cut the way `puzzleAt` now cuts it:
 * null when its start has one legal column, else its steps up to the first position with one
 * legal column (a draw's difficulty, which counts steps, re-rated). Every kept step is
 * unchanged, so the solver's verdicts on it still hold.
 */
export function trimToChoices(puzzle: Puzzle, variant: Variant): Puzzle | null {
  const moves = puzzle.start.split('').map((c) => parseInt(c, 36) - 1);
  const built = Position.fromMoves(variant, moves);
  if (!built.ok) throw built.error;
  const start = built.value;
  if (!isChoice(start)) return null;
  const line = start.clone();
  const steps: PuzzleStep[] = [];
  for (const step of puzzle.steps) {
    if (step.reply === null) {
      steps.push(step);
      break;
    }
    line.play(parseInt(step.accept, 36) - 1);
    line.play(parseInt(step.reply, 36) - 1);
    if (!isChoice(line)) {
      steps.push({ accept: step.accept, reply: null });
      break;
    }
    steps.push(step);
  }
  if (steps.length === puzzle.steps.length) return puzzle;
  const solution = parseInt(puzzle.steps[0]!.accept, 36) - 1;
  const rating = puzzle.goal === 'win' ? puzzle.rating : rate(start, solution, steps.length + 1);
  return { ...puzzle, steps, rating };
}

/** The position up to mirror symmetry, for any board size (a book key needs 53 bits). */
export function mirrorKey(position: Position): string {
  const { width, height } = position.variant;
  const column = (c: number): string => {
    let text = '';
    for (let row = 0; row < height; row++) text += String(position.cell(c, row));
    return text;
  };
  const columns = Array.from({ length: width }, (_, c) => column(c));
  const key = columns.join('/');
  const mirrored = [...columns].reverse().join('/');
  return key < mirrored ? key : mirrored;
}

/**
 * The puzzles of one game: every position from `minPly` on, skipping positions already seen
 * (up to mirror symmetry: `seen` is shared across games).
 */
export function minePuzzles(
  solver: Solver,
  variant: Variant,
  moves: readonly number[],
  options: MineOptions,
  seen: Set<string>,
): Puzzle[] {
  const found: Puzzle[] = [];
  for (let ply = options.minPly; ply < moves.length; ply++) {
    const position = Position.fromMoves(variant, moves.slice(0, ply));
    if (!position.ok) throw position.error;
    const key = mirrorKey(position.value);
    if (seen.has(key)) continue;
    seen.add(key);
    const puzzle = puzzleAt(solver, position.value, options);
    if (puzzle) found.push(puzzle);
  }
  return found;
}
