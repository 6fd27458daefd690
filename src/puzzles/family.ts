import { searchFamily } from '../ai/family/search.js';
import { pick, type RandomSource } from '../ai/random.js';
import {
  GamePosition,
  familyMovesToString,
  moveToString,
  parseFamilyMoves,
  parseRuleset,
  sameMove,
  variantToString,
  type C4Error,
  type Move,
  type Result,
} from '../core/index.js';
import { familyMovesToEnd } from '../review/index.js';
import { POPOUT_WIN } from '../solver/family/index.js';
import { puzzleId } from './format.js';
import { difficulty } from './mine.js';
import type { FamilyPuzzleGame, Puzzle, PuzzleStep } from './types.js';

/**
 * PopOut and Five-in-a-Row puzzles, mined and checked as the classic ones (src/puzzles/mine.ts):
 * a position of a real game where exactly one move wins (or, with no win, exactly one keeps the
 * draw), then the opponent's best defences while the answer stays unique. PopOut adds "a pop that
 * wins": a pop that wins at once is a puzzle (no drop does), where a drop that wins at once is not.
 * The analyser is the family solver's `analyseFamily` with the caller's budget.
 */
export type FamilyPuzzleAnalyser = (position: GamePosition) => {
  readonly moves: readonly { readonly move: Move; readonly score: number | null }[];
};

export interface FamilyMineOptions {
  /** Positions with fewer moves are not mined (the solver needs too long there). */
  readonly minPly: number;
  /** The longest win a puzzle may ask for, in the solver side's moves. */
  readonly maxDistance: number;
  /** Steps (solver-side moves) at most. */
  readonly maxSteps: number;
  /** Breaks ties between equally good defences. */
  readonly random: RandomSource;
  /**
   * Keep only puzzles answered by a pop (PopOut's "a pop that wins"): the other positions are
   * dropped as soon as their answer is known, before the line and the rating are worked out.
   */
  readonly popsOnly?: boolean;
}

export const DEFAULT_FAMILY_MINE_OPTIONS: Omit<FamilyMineOptions, 'random'> = {
  minPly: 8,
  maxDistance: 8,
  maxSteps: 4,
};

/** Every legal move's exact score for the side to move, or null when one is not known. */
function exactScores(
  analyse: FamilyPuzzleAnalyser,
  position: GamePosition,
): { move: Move; score: number }[] | null {
  const moves = analyse(position).moves;
  if (moves.some((m) => m.score === null)) return null;
  return moves.map((m) => ({ move: m.move, score: m.score! }));
}

/** Read through a call: a check of `isOver` before a play would otherwise narrow it for good. */
const ended = (position: GamePosition): boolean => position.isOver;

const winsAtOnce = (position: GamePosition, move: Move): boolean => {
  const mover = position.turn;
  position.play(move);
  const outcome = position.outcome;
  position.undo();
  return outcome.kind === 'win' && outcome.winner === mover;
};

/** How many wrong moves a shallow search likes at least as much as the solution. */
function tempting(position: GamePosition, solution: Move, depth: number): number {
  const result = searchFamily(position, {
    maxDepth: depth,
    maxNodes: 200_000,
    deadline: Infinity,
    aborted: () => false,
    margin: 1 << 30,
  });
  const mine = result.scores.find((s) => sameMove(s.move, solution))?.score ?? -Infinity;
  return result.scores.filter((s) => !sameMove(s.move, solution) && s.score >= mine).length;
}

function gameOf(position: GamePosition): FamilyPuzzleGame {
  const { game } = position.ruleset;
  if (game === 'classic') throw new RangeError('classic puzzles are mined by minePuzzles');
  return game;
}

/**
 * The puzzle at `position`, or null: no real choice, a drop that wins at once, no unique winning
 * (or saving) move, a win longer than `maxDistance`, or scores the analyser did not settle.
 */
export function familyPuzzleAt(
  position: GamePosition,
  analyse: FamilyPuzzleAnalyser,
  options: FamilyMineOptions,
): Puzzle | null {
  if (position.isOver || position.legalMoves().length < 2) return null;
  const game = gameOf(position);
  const atOnce = position.legalMoves().filter((move) => winsAtOnce(position, move));
  if (atOnce.some((move) => move.kind === 'drop')) return null;
  const first = exactScores(analyse, position);
  if (first === null) return null;
  const wins = first.filter((m) => m.score > 0);
  const draws = first.filter((m) => m.score === 0);
  const goal = wins.length === 1 ? 'win' : wins.length === 0 && draws.length === 1 ? 'draw' : null;
  if (goal === null) return null;
  const solution = (goal === 'win' ? wins[0] : draws[0])!;
  if (options.popsOnly === true && solution.move.kind !== 'pop') return null;
  let distance: number | null = null;
  if (goal === 'win') {
    distance = familyMovesToEnd(position, solution.score, POPOUT_WIN);
    if (distance > options.maxDistance) return null;
  }
  const keeps = (score: number): boolean => (goal === 'win' ? score > 0 : score >= 0);
  const steps: PuzzleStep[] = [];
  const line = position.clone();
  let keepers = [solution.move];
  for (;;) {
    const accept = familyMovesToString(keepers);
    const only = keepers.length === 1 ? keepers[0]! : null;
    if (only === null || steps.length + 1 >= options.maxSteps) {
      steps.push({ accept, reply: null });
      break;
    }
    line.play(only);
    const theirs = line.isOver ? null : exactScores(analyse, line);
    if (theirs === null) {
      steps.push({ accept, reply: null });
      break;
    }
    const top = Math.max(...theirs.map((m) => m.score));
    const reply = pick(
      theirs.filter((m) => m.score === top),
      options.random,
    ).move;
    line.play(reply);
    const next = !line.isOver && line.legalMoves().length >= 2 ? exactScores(analyse, line) : null;
    if (next === null) {
      steps.push({ accept, reply: null });
      break;
    }
    steps.push({ accept, reply: moveToString(reply) });
    keepers = next.filter((m) => keeps(m.score)).map((m) => m.move);
  }
  const length = goal === 'win' ? distance! : steps.length + 1;
  const variant = variantToString(position.variant);
  const start = familyMovesToString(position.moves);
  return {
    id: puzzleId(`${game}-${variant}`, start),
    game,
    variant,
    start,
    goal,
    steps,
    distance,
    rating: difficulty(
      length,
      tempting(position, solution.move, 2),
      tempting(position, solution.move, 4),
    ),
  };
}

/** The puzzles of one game from `minPly` on, skipping boards already seen (`seen` spans games). */
export function mineFamilyPuzzles(
  game: GamePosition,
  analyse: FamilyPuzzleAnalyser,
  options: FamilyMineOptions,
  seen: Set<string>,
): Puzzle[] {
  const found: Puzzle[] = [];
  const moves = game.moves;
  const position = GamePosition.start(game.ruleset);
  for (const [ply, move] of moves.entries()) {
    if (ply >= options.minPly) {
      const key = `${gameOf(position)}/${String(position.key())}`;
      if (!seen.has(key)) {
        seen.add(key);
        const puzzle = familyPuzzleAt(position, analyse, options);
        if (puzzle) found.push(puzzle);
      }
    }
    position.play(move);
  }
  return found;
}

/** A family puzzle's start position, for the page that shows it. */
export function familyPuzzlePosition(puzzle: Puzzle): Result<GamePosition, C4Error> {
  const ruleset = parseRuleset(`${puzzle.game ?? 'classic'}-${puzzle.variant}`);
  if (!ruleset.ok) return ruleset;
  const moves = parseFamilyMoves(puzzle.start, ruleset.value);
  if (!moves.ok) return moves;
  return GamePosition.fromMoves(ruleset.value, moves.value);
}

/** The moves a step accepts (`p43`: pop 4, drop 3), in the puzzle's game. */
export function familyStepMoves(puzzle: Puzzle, text: string): Move[] {
  const ruleset = parseRuleset(`${puzzle.game ?? 'classic'}-${puzzle.variant}`);
  if (!ruleset.ok) throw ruleset.error;
  const moves = parseFamilyMoves(text, ruleset.value);
  if (!moves.ok) throw moves.error;
  return moves.value;
}

/**
 * Re-checks a family puzzle with an analyser that settles every position (no budget): the
 * first step has exactly one move keeping the goal, each step accepts exactly the moves that
 * keep it, each reply is a best defence, a win's distance is right. The first problem, or null.
 */
export function verifyFamilyPuzzle(puzzle: Puzzle, analyse: FamilyPuzzleAnalyser): string | null {
  const built = familyPuzzlePosition(puzzle);
  if (!built.ok) return built.error.message;
  const position = built.value;
  if (position.isOver) return 'the start position is already over';
  const target = puzzle.goal === 'win' ? 1 : 0;
  const keeps = (score: number): boolean => Math.sign(score) >= target;
  let scores = exactScores(analyse, position);
  if (scores === null) return 'the start position is not solved';
  if (scores.some((m) => Math.sign(m.score) > target)) return 'a draw puzzle whose position is won';
  if (puzzle.goal === 'win' && puzzle.distance !== null) {
    const best = Math.max(...scores.map((m) => m.score));
    const distance = familyMovesToEnd(position, best, POPOUT_WIN);
    if (distance !== puzzle.distance) return `win in ${distance}, not ${puzzle.distance}`;
  }
  for (const [i, step] of puzzle.steps.entries()) {
    if (scores.length < 2) return `step ${i + 1}: one legal move`;
    const keepers = familyMovesToString(scores.filter((m) => keeps(m.score)).map((m) => m.move));
    if (keepers !== step.accept) {
      return `step ${i + 1}: accepts ${step.accept}, but ${keepers || 'none'} keep the ${puzzle.goal}`;
    }
    const accepted = familyStepMoves(puzzle, step.accept);
    if (i === 0 && accepted.length !== 1) return 'more than one solution';
    if (step.reply === null) {
      return i === puzzle.steps.length - 1 ? null : `step ${i + 1}: no reply`;
    }
    if (accepted.length !== 1) return `step ${i + 1}: a reply after several accepted moves`;
    position.play(accepted[0]!);
    if (ended(position)) return `step ${i + 1}: the game ends`;
    const theirs = exactScores(analyse, position);
    if (theirs === null) return `step ${i + 1}: the defence is not solved`;
    const reply = familyStepMoves(puzzle, step.reply)[0]!;
    const top = Math.max(...theirs.map((m) => m.score));
    if (theirs.find((m) => sameMove(m.move, reply))?.score !== top) {
      return `step ${i + 1}: ${step.reply} is not a best defence`;
    }
    position.play(reply);
    if (ended(position)) return `step ${i + 1}: the reply ends the game`;
    scores = exactScores(analyse, position);
    if (scores === null) return `step ${i + 2}: not solved`;
  }
  return 'the puzzle has no last step';
}
