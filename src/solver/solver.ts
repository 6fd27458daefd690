import {
  C4Error,
  ErrorCode,
  err,
  ok,
  sameVariant,
  type Result,
  type Variant,
} from '../core/index.js';
import type { Book } from './book/book.js';
import { solverSupports, unsupportedVariant } from './support.js';
import type {
  AnalyzeResult,
  Evaluation,
  SearchBudget,
  SolveOptions,
  SolveResult,
  SolverInput,
  SolverOptions,
  StopReason,
} from './types.js';
import { PLAY_ILLEGAL, PLAY_WINS, instantiateEngine, type WasmEngine } from './wasm.js';

export const DEFAULT_TABLE_BITS = 22;

const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });
const bounds = (lower: number, upper: number): Evaluation =>
  lower === upper ? exact(lower) : { exact: false, score: null, lower, upper };
const sign = (score: number): number => Math.sign(score) + 0;
// `0 - x` rather than `-x`: scores must never be -0 (Object.is and JSON tell them apart).
const neg = (score: number): number => 0 - score;

/**
 * A solver with its own WebAssembly instance and transposition table. The table survives
 * between calls (entries are exact per position), which speeds up analysing a game move after
 * move; `reset()` forgets it. Not re-entrant: one search at a time per instance.
 */
export class Solver {
  private readonly engine: WasmEngine;
  private variant: Variant | undefined;
  // The budget of the running call. Kept in fields rather than closures made per call: a call
  // that needs no search should cost next to nothing.
  private budget: SearchBudget = {};
  private deadline = Infinity;
  private stopReason: StopReason = 'nodes';
  private readonly book: Book | undefined;

  constructor(options: SolverOptions = {}) {
    const bits = options.tableBits ?? DEFAULT_TABLE_BITS;
    if (!Number.isInteger(bits) || bits < 10 || bits > 28) {
      throw new RangeError(`tableBits must be a whole number from 10 to 28, got ${bits}`);
    }
    this.engine = instantiateEngine(() => this.budgetSpent());
    if (this.engine.setTableBits(bits) !== 1) {
      throw new RangeError(`could not allocate 2^${bits} table entries`);
    }
    this.book = options.book;
  }

  /** Forgets every transposition-table entry. */
  reset(): void {
    this.engine.newGeneration();
  }

  /**
   * Enhanced transposition cutoffs (probe every child's table entry before searching): on or
   * off, and from how many empty cells up. For measurements.
   */
  setEnhancedCutoffs(on: boolean, minEmpty = 0): void {
    this.engine.setUseEtc(on ? 1 : 0, minEmpty);
  }

  /** The exact score of the position for the side to move (or bounds if the budget ran out). */
  solve(input: SolverInput, options: SolveOptions = {}): Result<SolveResult, C4Error> {
    const weak = options.weak ?? false;
    const loaded = this.load(input);
    if (!loaded.ok) return loaded;
    const fromBook = options.noBook ? undefined : this.bookScore(input);
    if (fromBook !== undefined) {
      const score = weak ? sign(fromBook) : fromBook;
      return ok({ ...exact(score), weak, nodes: 0, stopped: null, fromBook: true });
    }
    if (weak && !options.noBook && this.bookProvesLoss(input)) {
      return ok({ ...exact(-1), weak, nodes: 0, stopped: null, fromBook: true });
    }
    this.startBudget(options);
    const done = this.engine.solve(weak ? 1 : 0) === 1;
    const nodes = this.engine.nodeCount();
    const stopped = done ? null : this.stopReason;
    this.budget = {};
    return ok({
      ...bounds(this.engine.lower(), this.engine.upper()),
      weak,
      nodes,
      stopped,
      fromBook: false,
    });
  }

  /** The score of every column (what the side to move gets by dropping its disc there). */
  analyze(input: SolverInput, options: SolveOptions = {}): Result<AnalyzeResult, C4Error> {
    const weak = options.weak ?? false;
    const loaded = this.load(input);
    if (!loaded.ok) return loaded;
    const { width, height } = input.variant;
    const winScore = Math.floor((width * height + 1 - input.moves.length) / 2);
    this.startBudget(options);
    const columns: (Evaluation | null)[] = [];
    let nodes = 0;
    let stopped: StopReason | null = null;
    for (let column = 0; column < width; column++) {
      this.replay(input.moves);
      if (this.engine.canPlay(column) !== 1) {
        columns.push(null);
        continue;
      }
      if (this.engine.isWinningMove(column) === 1) {
        columns.push(exact(weak ? 1 : winScore));
        continue;
      }
      this.engine.play(column);
      const child = [...input.moves, column];
      const fromBook = options.noBook ? undefined : this.bookScore({ ...input, moves: child });
      if (fromBook !== undefined) {
        columns.push(exact(neg(weak ? sign(fromBook) : fromBook)));
        continue;
      }
      if (weak && !options.noBook && this.bookProvesLoss({ ...input, moves: child })) {
        columns.push(exact(1));
        continue;
      }
      if (stopped !== null) {
        const most = weak ? 1 : Math.floor((width * height - child.length) / 2);
        columns.push(bounds(neg(most), most));
        continue;
      }
      if (options.maxNodes !== undefined) {
        this.engine.setLimits(Math.max(1, options.maxNodes - nodes), this.hostChecks(options));
      }
      const done = this.engine.solve(weak ? 1 : 0) === 1;
      nodes += this.engine.nodeCount();
      if (!done) stopped = this.stopReason;
      columns.push(bounds(neg(this.engine.upper()), neg(this.engine.lower())));
    }
    this.budget = {};
    const playable = columns.filter((c): c is Evaluation => c !== null);
    const score =
      playable.length > 0 && playable.every((c) => c.exact)
        ? Math.max(...playable.map((c) => c.lower))
        : null;
    return ok({ weak, columns, score, nodes, stopped });
  }

  private bookFor(input: SolverInput): Book | undefined {
    const book = this.book;
    return book && sameVariant(book.variant, input.variant) ? book : undefined;
  }

  private bookScore(input: SolverInput): number | undefined {
    return this.bookFor(input)?.lookup(input.moves);
  }

  private bookProvesLoss(input: SolverInput): boolean {
    return this.bookFor(input)?.provesLoss(input.moves) ?? false;
  }

  private hostChecks(options: SearchBudget): number {
    const asks = options.shouldStop ?? options.signal ?? options.timeLimitMs;
    return asks === undefined ? 0 : 1;
  }

  /** Arms the engine's node limit and host check; `stopReason` tells afterwards why it stopped. */
  private startBudget(options: SearchBudget): void {
    this.budget = options;
    this.deadline =
      options.timeLimitMs === undefined
        ? Infinity
        : (options.now ?? Date.now)() + options.timeLimitMs;
    this.stopReason = 'nodes';
    this.engine.setLimits(options.maxNodes ?? 0, this.hostChecks(options));
    this.engine.resetNodes();
  }

  /** Asked by the engine every few thousand nodes while a host check is armed. */
  private budgetSpent(): boolean {
    const options = this.budget;
    if (options.signal?.aborted === true || options.shouldStop?.() === true) {
      this.stopReason = 'stopped';
      return true;
    }
    if (this.deadline !== Infinity && (options.now ?? Date.now)() >= this.deadline) {
      this.stopReason = 'time';
      return true;
    }
    return false;
  }

  private replay(moves: readonly number[]): void {
    this.engine.resetPosition();
    for (const column of moves) this.engine.play(column);
    this.engine.resetNodes();
  }

  /** Configures the engine for the variant and plays the moves, checking each. */
  private load(input: SolverInput): Result<void, C4Error> {
    const { variant, moves } = input;
    if (!solverSupports(variant)) return err(unsupportedVariant(variant));
    if (this.variant !== variant) {
      const same =
        this.variant?.width === variant.width &&
        this.variant.height === variant.height &&
        this.variant.connect === variant.connect;
      if (!same) this.engine.configure(variant.width, variant.height, variant.connect);
      this.variant = variant;
    }
    this.engine.resetPosition();
    for (let i = 0; i < moves.length; i++) {
      const column = moves[i]!;
      if (!Number.isInteger(column) || column < 0 || column >= variant.width) {
        return err(
          new C4Error(
            ErrorCode.ColumnOutOfRange,
            `move ${i + 1}: column ${column} is not on a board ${variant.width} wide`,
          ),
        );
      }
      const played = this.engine.play(column);
      if (played === PLAY_ILLEGAL) {
        return err(
          new C4Error(ErrorCode.ColumnFull, `move ${i + 1}: column ${column + 1} is full`),
        );
      }
      if (played === PLAY_WINS) {
        return err(
          i === moves.length - 1
            ? new C4Error(ErrorCode.GameOver, `the game is over: move ${i + 1} wins`)
            : new C4Error(ErrorCode.IllegalMove, `move ${i + 2}: the game ended at move ${i + 1}`),
        );
      }
    }
    return ok(undefined);
  }
}

let shared: Solver | undefined;

/** A lazily created solver with the default table, shared by the module-level functions. */
export function sharedSolver(): Solver {
  shared ??= new Solver();
  return shared;
}

/** `sharedSolver().solve(...)`. */
export function solve(input: SolverInput, options?: SolveOptions): Result<SolveResult, C4Error> {
  return sharedSolver().solve(input, options);
}

/** `sharedSolver().analyze(...)`. */
export function analyze(
  input: SolverInput,
  options?: SolveOptions,
): Result<AnalyzeResult, C4Error> {
  return sharedSolver().analyze(input, options);
}
