/**
 * Static proofs with Allis' strategic rules (claimeven, baseinverse, vertical, aftereven,
 * lowinverse, highinverse, baseclaim, before): on a board of even height, with an even number of
 * empty squares, the side NOT to move controls the zugzwang, and if a set of compatible rule
 * applications refutes every group the side to move could still complete, the side to move
 * cannot win. Pure; no search of the game tree. Measured against the exact solver in
 * bench-knowledge.ts and knowledge.test.ts (this folder; see ../README.md).
 */
import type { SolverInput } from '../../src/solver/types.js';
import { knowledgeBoard, type KnowledgeBoard } from './board.js';
import { findCover } from './cover.js';
import {
  RULES,
  findSolutions,
  moverAndControllerGroups,
  unsolvable,
  type RuleSet,
  type Solution,
} from './rules.js';
import { isEmpty } from './sets.js';

export { RULES, type RuleName, type RuleSet, type Solution } from './rules.js';

export interface KnowledgeOptions {
  /** The rules to use; all by default. */
  readonly rules?: RuleSet;
  /** Steps of the chosen-set search before giving up (default 20,000). */
  readonly maxSteps?: number;
}

export type NoWinProof =
  | {
      readonly proved: true;
      /** The rule applications that together refute every group of the side to move. */
      readonly solutions: readonly Solution[];
      readonly steps: number;
    }
  | {
      readonly proved: false;
      /**
       * `parity`: the rules do not apply (odd height, or the side to move is the controller);
       * `uncovered`: some group is refuted by no rule at all; `no-cover`: no compatible set
       * refutes them all; `budget`: the search gave up.
       */
      readonly reason: 'parity' | 'uncovered' | 'no-cover' | 'budget';
      readonly steps: number;
    };

const ALL_RULES: RuleSet = new Set(RULES);
const DEFAULT_MAX_STEPS = 20_000;

/** Whether the rules can speak about this position: even height, even number of empty cells. */
export function rulesApply(input: SolverInput): boolean {
  const { width, height } = input.variant;
  return height % 2 === 0 && (width * height - input.moves.length) % 2 === 0;
}

/**
 * Proves, when it can, that the side to move cannot win (its score is <= 0). The position must
 * be legal and unfinished (as `Solver.solve` checks); a `proved: false` says nothing about it.
 */
export function proveNoWin(input: SolverInput, options: KnowledgeOptions = {}): NoWinProof {
  if (!rulesApply(input)) return { proved: false, reason: 'parity', steps: 0 };
  return proveOnBoard(knowledgeBoard(input.variant, input.moves), options);
}

function proveOnBoard(board: KnowledgeBoard, options: KnowledgeOptions): NoWinProof {
  const [moverGroups, controllerGroups] = moverAndControllerGroups(board);
  if (isEmpty(moverGroups)) return { proved: true, solutions: [], steps: 0 };
  const solutions = findSolutions(board, moverGroups, controllerGroups, options.rules ?? ALL_RULES);
  if (!isEmpty(unsolvable(moverGroups, solutions))) {
    return { proved: false, reason: 'uncovered', steps: 0 };
  }
  const cover = findCover(
    moverGroups,
    board.geometry.groupCount,
    solutions,
    options.maxSteps ?? DEFAULT_MAX_STEPS,
  );
  if (cover.chosen) {
    return { proved: true, solutions: cover.chosen.map((i) => solutions[i]!), steps: cover.steps };
  }
  return { proved: false, reason: cover.exhausted ? 'budget' : 'no-cover', steps: cover.steps };
}

export type DrawProof =
  | {
      readonly proved: true;
      /** a column into a position `proveNoWin` proves */ readonly column: number;
      readonly steps: number;
    }
  | { readonly proved: false; readonly steps: number };

/**
 * Proves, when it can, that the side to move can at least draw (its score is >= 0): some column
 * leads to a position where the opponent, now to move, provably cannot win. Columns are tried
 * centre first; a column that wins at once is not looked for (the solver sees those).
 */
export function proveAtLeastDraw(input: SolverInput, options: KnowledgeOptions = {}): DrawProof {
  const { width, height } = input.variant;
  if (height % 2 !== 0 || (width * height - input.moves.length) % 2 !== 1) {
    return { proved: false, steps: 0 };
  }
  const filled = new Int8Array(width);
  for (const column of input.moves) filled[column]!++;
  let steps = 0;
  for (const column of centreOut(width)) {
    if (filled[column]! >= height) continue;
    const proof = proveNoWin({ variant: input.variant, moves: [...input.moves, column] }, options);
    steps += proof.steps;
    if (proof.proved) return { proved: true, column, steps };
  }
  return { proved: false, steps };
}

function centreOut(width: number): number[] {
  return Array.from({ length: width }, (_, c) => c).sort(
    (a, b) => Math.abs(2 * a - (width - 1)) - Math.abs(2 * b - (width - 1)) || a - b,
  );
}

/** "claimeven c1 c2": a rule application in the thesis' notation (columns a.., rows from 1). */
export function describeSolution(solution: Solution, height: number): string {
  const squares = solution.cells.map(
    (cell) => `${String.fromCharCode(97 + Math.floor(cell / height))}${(cell % height) + 1}`,
  );
  return `${solution.rule} ${squares.join(' ')}`;
}
