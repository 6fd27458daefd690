import type { Book, Solver } from '../solver/index.js';
import type { ThinkingBudget } from './budgets.js';
import type { RandomSource } from './random.js';

/** The part of AbortSignal the search reads; structural so the pure core needs no DOM types. */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

/**
 * What Perfect plays with: a solver whose transposition table survives from move to move (later
 * moves of a game are solved from a warm table) and the opening book, when the host has loaded
 * one (file, fetch, bundled bytes), which answers the early moves. Passed in by the caller, so
 * two games, tests or hosts need not share one.
 */
export interface PerfectContext {
  readonly solver: Solver;
  readonly book: Book | undefined;
}

export interface ChooseMoveOptions {
  /** When it becomes aborted, the search stops and the best move found so far is returned. */
  readonly signal?: AbortSignalLike;
  /**
   * A ceiling on thinking time in milliseconds. Each level plays with its own budget
   * (`thinkingBudget`, src/ai/budgets.ts: Strong 60,000 positions, Perfect 0.9 s on 7x6…); a
   * larger value does not make it think longer, a smaller one (a server under load) cuts it short.
   */
  readonly timeMs?: number;
  /**
   * Replaces the level's budget, for analysis tools that want a deeper look than the level plays
   * with (the web's estimates on boards the solver cannot handle). Never for play: a computer
   * opponent plays with its level's budget, which its rating was measured with.
   */
  readonly analysisBudget?: ThinkingBudget;
  /** Ties and slips are decided by this; pass `createRandom(seed)` for repeatable games. */
  readonly random?: RandomSource;
  /** Perfect's solver and book (`createPerfectContext(book)`); default: one shared context. */
  readonly perfect?: PerfectContext;
}

/** How sure a score is: `exact` comes from a solved position, `heuristic` from a depth-limited search. */
export type ScoreKind = 'exact' | 'heuristic';

/** One column as the computer saw it, for the analysis view. */
export interface ColumnAssessment {
  readonly column: number;
  /**
   * Exact: the solver's score for the side to move after this column is played by it (positive =
   * a win for the mover, larger = sooner; 0 = draw). Heuristic: the search value (positive = good).
   */
  readonly score: number;
  readonly kind: ScoreKind;
}

export interface MoveExplanation {
  /** One sentence a player can read, e.g. "Blocks your four in column 3". */
  readonly summary: string;
  /** Columns it looked at, best first (absent for rule-based choices). */
  readonly columns: readonly ColumnAssessment[];
  /** Search depth reached in plies (0 for rule-based choices). */
  readonly depth: number;
  readonly nodes: number;
  /** True when the search was cut short by `signal` or `timeMs`. */
  readonly interrupted: boolean;
}

export interface MoveChoice {
  /** 0-based column, always legal in the position it was chosen for. */
  readonly column: number;
  /** The chosen column's score, when the level computed one (see ColumnAssessment.score). */
  readonly score?: number;
  readonly scoreKind?: ScoreKind;
  readonly explanation: MoveExplanation;
}
