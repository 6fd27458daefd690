import {
  C4Error,
  ErrorCode,
  err,
  ok,
  sameVariant,
  winScore,
  type Result,
  type Variant,
} from '../core/index.js';
import type { Book } from './book/book.js';
import { needsWideKey, solverSupports, unsupportedVariant } from './support.js';
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
import { engineForThread } from './shared.js';
import {
  MOVES_CAPACITY,
  PLAY_WINS,
  checkWhole,
  instantiateEngine,
  instantiateWideEngine,
  type SharedWasmEngine,
  type WasmEngine,
} from './wasm.js';

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
 *
 * With `{ shared: table }` it is thread 0 of a shared table (src/solver/shared.ts; one such
 * solver per table): a search that runs long wakes the table's helper threads, which search the
 * same position with it; the call returns as soon as the score is known (the helpers stop on
 * their own). Scores are the single-threaded ones. Thread 0 never waits on the helpers, so it
 * may run on a browser's main thread; the helpers block and must run in workers.
 */
export class Solver {
  // The engine of the current variant: `narrowEngine` (64-bit bitboards, shared table if any)
  // or, for boards past 64 bits, `wideEngine`, created on first use with the same table bytes.
  private engine: WasmEngine;
  private readonly narrowEngine: WasmEngine;
  private wideEngine: WasmEngine | undefined;
  private readonly wideTableBits: number;
  private readonly forceWide: boolean;
  private readonly sharedEngine: SharedWasmEngine | undefined;
  private variant: Variant | undefined;
  // The budget of the running call. Kept in fields rather than closures made per call: a call
  // that needs no search should cost next to nothing.
  private budget: SearchBudget = {};
  private deadline = Infinity;
  private stopReason: StopReason = 'nodes';
  private readonly book: Book | undefined;
  // A view of the engine's move buffer: a position is loaded with one call into the wasm
  // rather than one per move (the per-call cost dominates positions near the end).
  private movesView: Uint8Array = new Uint8Array(0);

  constructor(options: SolverOptions = {}) {
    const bits = options.tableBits ?? DEFAULT_TABLE_BITS;
    let sharedWide = false;
    if (options.shared !== undefined) {
      this.sharedEngine = engineForThread(options.shared, 0, () => this.budgetSpent());
      this.engine = this.sharedEngine;
      // A wide table serves every board (narrow ones at the wide build's speed).
      sharedWide = options.shared.wide;
      if (sharedWide) this.wideEngine = this.sharedEngine;
    } else {
      checkWhole('tableBits', bits, 10, 28);
      this.engine = instantiateEngine(() => this.budgetSpent());
      if (this.engine.setTableBits(bits) !== 1) {
        throw new RangeError(`could not allocate 2^${bits} table entries`);
      }
    }
    this.narrowEngine = this.engine;
    // Wide entries are twice the size: half as many in the same memory.
    this.wideTableBits = Math.min(26, Math.max(10, bits - 1));
    this.forceWide = sharedWide || (options.wideKeys ?? false);
    this.book = options.book;
    this.mapMoves();
  }

  /** (Re)creates the move-buffer view; wasm memory growth detaches the old one. */
  private mapMoves(): Uint8Array {
    this.movesView = new Uint8Array(
      this.engine.memory.buffer,
      this.engine.movesBuffer(),
      MOVES_CAPACITY,
    );
    return this.movesView;
  }

  /** Forgets every transposition-table entry. */
  reset(): void {
    this.narrowEngine.newGeneration();
    if (this.wideEngine !== this.narrowEngine) this.wideEngine?.newGeneration();
  }

  /** Switches to the engine `variant` needs (the wide one is created on first use). */
  private selectEngine(variant: Variant): void {
    let engine = this.narrowEngine;
    if (this.forceWide || needsWideKey(variant)) {
      if (this.wideEngine === undefined) {
        const wide = instantiateWideEngine(() => this.budgetSpent());
        if (wide.setTableBits(this.wideTableBits) !== 1) {
          throw new RangeError(`could not allocate 2^${this.wideTableBits} wide table entries`);
        }
        this.wideEngine = wide;
      }
      engine = this.wideEngine;
    }
    if (engine === this.engine) return;
    this.engine = engine;
    this.variant = undefined;
    this.mapMoves();
  }

  /**
   * Nodes each thread of a shared table searched since `resetThreadNodes` (thread 0 first);
   * empty for a solver of its own.
   */
  threadNodes(): number[] {
    const engine = this.sharedEngine;
    if (engine === undefined) return [];
    const threads = engine.threadCount();
    return Array.from({ length: threads }, (_, i) => engine.threadNodes(i));
  }

  resetThreadNodes(): void {
    this.sharedEngine?.resetThreadNodes();
  }

  /**
   * Waits until no helper is still in the last search (a search returns without waiting for
   * them; each counts its nodes as it leaves), so that `threadNodes` is complete. Blocks
   * (Atomics.wait): not on a browser's main thread. For statistics.
   */
  settleHelpers(): void {
    this.sharedEngine?.settleHelpers();
  }

  /**
   * Shared table: helpers join a search once thread 0 has visited `nodes` nodes (default 16384:
   * shorter searches do not repay waking them), and threads mark the positions they are
   * searching within `markPlies` plies of the root (default 8) and from `markMinEmpty` empty
   * cells up (default 12). For tests and measurements.
   */
  setParallel(nodes: number, markMinEmpty = 12, markPlies = 8): void {
    this.sharedEngine?.setParallel(nodes, markMinEmpty, markPlies);
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
    const window = weak ? undefined : options.window;
    if (window !== undefined && !options.noBook) {
      const answered = this.bookAnswers(input, window.lower);
      if (answered !== undefined) return ok(answered);
    }
    this.startBudget(options);
    const done =
      (window === undefined
        ? this.engine.solve(weak ? 1 : 0)
        : this.engine.solveWithin(window.lower, window.upper)) === 1;
    const lower = this.engine.lower();
    const upper = this.engine.upper();
    this.budget = {};
    // One object literal: this runs once per position, and near the end of the game a solve
    // costs only a few microseconds, so spreads and intermediate objects show.
    return ok({
      exact: lower === upper,
      score: lower === upper ? lower : null,
      lower,
      upper,
      weak,
      nodes: this.engine.nodeCount(),
      stopped: done ? null : this.stopReason,
      fromBook: false,
    });
  }

  /** The score of every column (what the side to move gets by dropping its disc there). */
  analyze(input: SolverInput, options: SolveOptions = {}): Result<AnalyzeResult, C4Error> {
    const weak = options.weak ?? false;
    const loaded = this.load(input);
    if (!loaded.ok) return loaded;
    const { width, height } = input.variant;
    const immediateWin = winScore(width * height, input.moves.length);
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
        columns.push(exact(weak ? 1 : immediateWin));
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
        const most = weak ? 1 : winScore(width * height, child.length + 1);
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

  /** The position's exact score if the opening book holds it (no search). */
  bookValue(input: SolverInput): number | undefined {
    return this.bookScore(input);
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

  /**
   * A window's answer from the book's strategy bounds (a proven loss, or no win), when that
   * bound is already at or below the window's floor: true bounds, no search.
   */
  private bookAnswers(input: SolverInput, floor: number): SolveResult | undefined {
    const book = this.bookFor(input);
    if (book === undefined) return undefined;
    const ceiling = book.ceiling(input.moves);
    if (ceiling > 0 || ceiling > floor) return undefined;
    const { width, height } = input.variant;
    const lower = neg(winScore(width * height, input.moves.length + 1));
    return { ...bounds(lower, ceiling), weak: false, nodes: 0, stopped: null, fromBook: true };
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

  /** Plays `moves` again after a successful `load` of them (the buffer still holds them). */
  private replay(moves: readonly number[]): void {
    if (moves.length <= MOVES_CAPACITY) {
      this.engine.loadMoves(moves.length);
    } else {
      this.engine.resetPosition();
      for (const column of moves) this.engine.play(column);
    }
    this.engine.resetNodes();
  }

  /** Configures the engine for the variant and plays the moves, checking each. */
  private load(input: SolverInput): Result<void, C4Error> {
    const { variant, moves } = input;
    if (!solverSupports(variant)) return err(unsupportedVariant(variant));
    if (this.variant !== variant) {
      this.selectEngine(variant);
      const same =
        this.variant?.width === variant.width &&
        this.variant.height === variant.height &&
        this.variant.connect === variant.connect;
      if (!same) this.engine.configure(variant.width, variant.height, variant.connect);
      this.variant = variant;
    }
    const count = moves.length;
    if (count > MOVES_CAPACITY) return this.loadOneByOne(variant, moves);
    let view = this.movesView;
    if (view.byteLength === 0) view = this.mapMoves();
    // Columns are checked here, in order; the engine then reports the first refused or
    // winning move, so errors name the same move as playing them one by one would.
    let valid = 0;
    while (valid < count) {
      const column = moves[valid]!;
      if (!Number.isInteger(column) || column < 0 || column >= variant.width) break;
      view[valid++] = column;
    }
    const code = this.engine.loadMoves(valid);
    if (code >= 0) return err(moveError(code >> 2, code & 3, moves));
    if (valid < count) return err(outOfRange(valid, moves[valid]!, variant.width));
    return ok(undefined);
  }

  private loadOneByOne(variant: Variant, moves: readonly number[]): Result<void, C4Error> {
    this.engine.resetPosition();
    for (let i = 0; i < moves.length; i++) {
      const column = moves[i]!;
      if (!Number.isInteger(column) || column < 0 || column >= variant.width) {
        return err(outOfRange(i, column, variant.width));
      }
      const played = this.engine.play(column);
      if (played !== 0) return err(moveError(i, played, moves));
    }
    return ok(undefined);
  }
}

const outOfRange = (index: number, column: number, width: number): C4Error =>
  new C4Error(
    ErrorCode.ColumnOutOfRange,
    `move ${index + 1}: column ${column} is not on a board ${width} wide`,
  );

/** The error for move `index` (0-based) that the engine refused or that ended the game. */
function moveError(index: number, code: number, moves: readonly number[]): C4Error {
  if (code === PLAY_WINS) {
    return index === moves.length - 1
      ? new C4Error(ErrorCode.GameOver, `the game is over: move ${index + 1} wins`)
      : new C4Error(
          ErrorCode.IllegalMove,
          `move ${index + 2}: the game ended at move ${index + 1}`,
        );
  }
  return new C4Error(
    ErrorCode.ColumnFull,
    `move ${index + 1}: column ${(moves[index] ?? 0) + 1} is full`,
  );
}

let shared: Solver | undefined;

/** A lazily created solver with the default table, shared by the module-level functions. */
function sharedSolver(): Solver {
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
