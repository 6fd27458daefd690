import { winScore } from '../../core/score.js';
import { drop, sameMove, type Move } from '../../core/family/move.js';
import type { GamePosition } from '../../core/family/position.js';
import { rulesetToString, type Ruleset } from '../../core/family/rules.js';
import { analyze } from '../solver.js';
import { SearchBoard, type MoveCode } from './board.js';
import { FAST_TABLE_BITS, FastPopOut, fastSupports } from './fast.js';
import type { PopOutSharedTable } from './fast-shared.js';
import { BudgetSpent, FamilySearch, FamilyTables, type SearchLimits } from './popout-search.js';

/** A PopOut win whose game ends d plies from now scores `POPOUT_WIN - d`. */
export const POPOUT_WIN = 1000;

export interface FamilySolveOptions {
  /** Total search nodes for the call. */
  readonly maxNodes?: number;
  /** Checked every thousand nodes or so; `aborted` stops the search. */
  readonly signal?: { readonly aborted: boolean };
  /** A `now()` time in ms after which the search stops. */
  readonly deadline?: number;
  /** The clock for `deadline`; `Date.now` by default. */
  readonly now?: () => number;
  /**
   * PopOut: false asks for the score alone (`best` comes back empty), which is what a solver
   * compared with another one that finds only the value should be timed on.
   */
  readonly best?: boolean;
  /**
   * PopOut's WebAssembly search: 2^tableBits entries of 16 bytes (`FAST_TABLE_BITS` by default).
   * A long proof wants more; the table is kept for later calls on the same board and size.
   * Unused with `shared`, whose table has its own size.
   */
  readonly tableBits?: number;
  /**
   * PopOut: a table shared with helper threads (fast-shared.ts; the shell runs the helpers),
   * used for the fast search's questions when it is of this board. Same scores as one thread;
   * `nodes` counts thread 0's only.
   */
  readonly shared?: PopOutSharedTable;
}

export interface FamilySolveResult {
  /** The score for the side to move; when not exact, only its sign (or 0: unknown) is known. */
  readonly score: number;
  readonly exact: boolean;
  readonly nodes: number;
  /** Every move with the best score (empty when the game is over or the score is not exact). */
  readonly best: Move[];
  /**
   * False when the budget ran out after the score was found but before every best move was:
   * `best` then holds the moves confirmed so far (perhaps none), each of them truly best.
   */
  readonly bestComplete?: false;
}

export interface FamilyMoveScore {
  readonly move: Move;
  /** The score after this move, for the side that plays it; null when the budget ran out. */
  readonly score: number | null;
}

export interface FamilyAnalysis {
  /** Every legal move, drops before pops, each left to right. */
  readonly moves: FamilyMoveScore[];
  readonly nodes: number;
}

const sign = (score: number): number => (score > 0 ? 1 : score < 0 ? -1 : 0);
/**
 * PopOut: the score of a move for the side playing it, from the score of the position it
 * leaves (for the other side): one ply further from the end.
 */
export const popoutMoveScore = (childScore: number): number =>
  childScore === 0 ? 0 : sign(childScore) - childScore;

/** PopOut: how many plies from now the game ends with best play (0 for a draw). */
export function familyPlies(score: number): number {
  return score === 0 ? 0 : POPOUT_WIN - Math.abs(score);
}

/** The score of every legal move of `position`. */
export function analyseFamily(
  position: GamePosition,
  options: FamilySolveOptions = {},
): FamilyAnalysis {
  if (position.isOver) return { moves: [], nodes: 0 };
  if (position.ruleset.pops) return analysePops(position, options);
  return analyseDrops(position, options);
}

/** The score of `position` and its best moves. */
export function solveFamily(
  position: GamePosition,
  options: FamilySolveOptions = {},
): FamilySolveResult {
  const outcome = position.outcome;
  if (outcome.kind !== 'ongoing') {
    let score = 0;
    if (outcome.kind === 'win') {
      const { width, height } = position.variant;
      // The classic score counts the discs before the winning one, set-up discs included.
      const setup = position.ruleset.setup.filter((cell) => cell !== 0).length;
      const magnitude = position.ruleset.pops
        ? POPOUT_WIN
        : winScore(width * height, setup + position.ply - 1);
      score = outcome.winner === position.turn ? magnitude : -magnitude;
    }
    return { score, exact: true, nodes: 0, best: [] };
  }
  if (position.ruleset.pops) return solvePops(position, options);
  const analysis = analyseFamily(position, options);
  return bestOf(analysis);
}

/** The score and best moves from every move's score. */
function bestOf(analysis: FamilyAnalysis): FamilySolveResult {
  const scores = analysis.moves.map((entry) => entry.score);
  if (scores.some((score) => score === null)) {
    const known = scores.filter((score): score is number => score !== null);
    const most = Math.max(...known.map(sign), known.length > 0 ? -1 : 0);
    // A known win is a win whatever the rest score; anything else is only a bound.
    return { score: most > 0 ? 1 : 0, exact: false, nodes: analysis.nodes, best: [] };
  }
  const score = Math.max(...(scores as number[]));
  const best = analysis.moves.filter((entry) => entry.score === score).map((entry) => entry.move);
  return { score, exact: true, nodes: analysis.nodes, best };
}

// --- PopOut (and any game with pops): the family search ---------------------------------------

interface TableCache {
  readonly id: string;
  readonly tables: FamilyTables;
}

/** Entries are facts about positions, so they serve later calls (a game analysed move by move). */
let cache: TableCache | undefined;
const MAX_CACHED_ENTRIES = 1 << 20;

/** A blocked set's id (its keys in order), for the tables that hold for that set alone. */
const blockedSetId = (blocked: ReadonlySet<number | string>): string =>
  [...blocked].map(String).sort().join(',');

function tablesFor(ruleset: Ruleset, blocked: ReadonlySet<number | string>): FamilyTables {
  const id = `${rulesetToString(ruleset)}|${blockedSetId(blocked)}`;
  if (cache === undefined || cache.id !== id || cache.tables.size > MAX_CACHED_ENTRIES) {
    cache = { id, tables: new FamilyTables(blocked) };
  }
  return cache.tables;
}

const moveCode = (move: Move, width: number): MoveCode =>
  move.kind === 'drop' ? move.column : width + move.column;

/**
 * A search board at `position`, the positions that have occurred twice in its game (`blocked`),
 * and the ply at which each of those first occurred.
 */
function boardAt(position: GamePosition): {
  board: SearchBoard;
  blocked: Set<number | string>;
  blockedPlies: number[];
} {
  const board = new SearchBoard(position.ruleset);
  const seen = new Map<number | string, { count: number; ply: number }>([
    [board.key(), { count: 1, ply: 0 }],
  ]);
  position.moves.forEach((move, index) => {
    board.play(moveCode(move, board.width));
    const key = board.key();
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { count: 1, ply: index + 1 });
  });
  const blocked = new Set<number | string>();
  const blockedPlies: number[] = [];
  if (position.ruleset.repetitionDraw > 0) {
    for (const [key, { count, ply }] of seen) {
      if (count >= position.ruleset.repetitionDraw - 1) {
        blocked.add(key);
        blockedPlies.push(ply);
      }
    }
  }
  return { board, blocked, blockedPlies };
}

interface RootScore {
  readonly score: number | null;
  readonly nodes: number;
}

/**
 * The fast search's engine of each board, created on first use (its table is kept). Asked for
 * another table size, the board's engine is replaced: one table per board is memory enough.
 */
const fastEngines = new Map<string, FastPopOut>();
/** The engine of the last blocked set (`blockedEngine`), and that set's id. */
let blockedFast: { readonly id: string; readonly engine: FastPopOut } | undefined;
/** Thread 0 of each shared table (its table is the shared one, kept too). */
const sharedEngines = new WeakMap<PopOutSharedTable, FastPopOut>();

/**
 * Forgets every fact the PopOut searches keep between calls, so that the next solve starts cold
 * (as a fresh process would): what a benchmark against another solver's fresh process needs.
 * Shared tables are their owner's to clear.
 */
export function forgetFamilyTables(): void {
  for (const engine of fastEngines.values()) engine.clear();
  blockedFast = undefined;
  cache = undefined;
}

/** What picks the fast search's engine: a shared table, or the size of this process's own. */
type FastTable = Pick<FamilySolveOptions, 'shared' | 'tableBits'>;

function fastEngine(width: number, height: number, table: FastTable): FastPopOut {
  const { shared, tableBits = FAST_TABLE_BITS } = table;
  if (shared !== undefined && shared.width === width && shared.height === height) {
    let engine = sharedEngines.get(shared);
    if (engine === undefined) {
      engine = new FastPopOut(width, height, shared.tableBits, shared);
      sharedEngines.set(shared, engine);
    }
    return engine;
  }
  const id = `${width}x${height}`;
  let engine = fastEngines.get(id);
  if (engine?.tableBits !== tableBits) {
    engine = new FastPopOut(width, height, tableBits);
    fastEngines.set(id, engine);
  }
  return engine;
}

/** The exact score of an ongoing position with a legal move, or null if the budget ran out. */
function solvePopRoot(position: GamePosition, limits: SearchLimits & FastTable): RootScore {
  const { width, height, connect } = position.variant;
  const { board, blocked, blockedPlies } = boardAt(position);
  let spent = 0;
  if (fastSupports(width, height, connect)) {
    if (blocked.size > 0 && limits.shared === undefined) {
      const engine = blockedEngine(position, blocked, blockedPlies, limits);
      if (engine !== undefined) return solveFast(position, board, limits, engine, blocked);
    }
    const fast = solveFast(position, board, limits);
    if (blocked.size === 0 || fast.score === null || fast.score === 0) return fast;
    const unseen = blockedOutOfReach(position, blockedPlies, fast.score, {
      ...limits,
      ...(limits.maxNodes === undefined
        ? {}
        : { maxNodes: Math.max(1, limits.maxNodes - fast.nodes) }),
    });
    if (unseen.value !== false) {
      const nodes = fast.nodes + unseen.nodes;
      return { score: unseen.value === null ? null : fast.score, nodes };
    }
    spent = fast.nodes + unseen.nodes;
  }
  const left =
    limits.maxNodes === undefined
      ? limits
      : { ...limits, maxNodes: Math.max(1, limits.maxNodes - spent) };
  const result = solveOnPath(position, blocked, left);
  return { score: result.score, nodes: spent + result.nodes };
}

/**
 * The fast search's engine that treats `blocked` (positions that occurred twice in the game) as
 * draws, for a position whose history has them: its answers hold for that set alone, so it has
 * a table of its own, cleared when the set changes. Undefined when the set is larger than the
 * search holds. Exact: the blocked set only gives the side that would lose more draws, and a
 * shortest win never repeats a position, so a win (loss) within d with them drawn is one in the
 * game, and the deepening's first true answer is the game's distance; the draw tests are the
 * path-aware search with the same set.
 */
function blockedEngine(
  position: GamePosition,
  blocked: ReadonlySet<number | string>,
  blockedPlies: readonly number[],
  table: FastTable,
): FastPopOut | undefined {
  const { width, height } = position.variant;
  const tableBits = table.tableBits ?? FAST_TABLE_BITS;
  const id = `${width}x${height}|${tableBits}|${blockedSetId(blocked)}`;
  if (blockedFast?.id === id) return blockedFast.engine;
  let engine = blockedFast?.engine;
  if (engine?.width !== width || engine.height !== height || engine.tableBits !== tableBits) {
    blockedFast = undefined; // one such table at a time
    engine = new FastPopOut(width, height, tableBits);
  } else {
    engine.clear();
  }
  const codes = position.moves.map((move) => moveCode(move, width));
  const positions = blockedPlies.map((ply) => codes.slice(0, ply));
  if (!engine.setBlocked(positions)) {
    blockedFast = undefined;
    return undefined;
  }
  blockedFast = { id, engine };
  return engine;
}

/**
 * Whether the fast search's score, found without the blocked set (positions that occurred twice
 * draw on their next occurrence, which it cannot see), is the game's. A blocked position only
 * helps the side that would lose to reach it for a draw: a draw without them is a draw with them,
 * and a win with them is a win without them. A win (loss) in d plies stands if no blocked
 * position is reached when the winner plays the shortest win: each position that play reaches
 * after k >= 1 plies is won for the winner within d - k <= d - 1 plies. So the score stands if the
 * fast search says of each blocked position that the winner cannot win from it within d - 1
 * (one question each; the one at the root is always no). Otherwise the answer is `false` and
 * the path-aware search decides; null: the budget ran out.
 */
function blockedOutOfReach(
  position: GamePosition,
  blockedPlies: readonly number[],
  score: number,
  limits: SearchLimits & FastTable,
): { value: boolean | null; nodes: number } {
  const { width, height } = position.variant;
  const engine = fastEngine(width, height, limits);
  const depth = familyPlies(score) - 1;
  const codes = position.moves.map((move) => moveCode(move, width));
  let nodes = 0;
  for (const ply of blockedPlies) {
    if (depth <= 0) break;
    // Turns alternate on every move, pops included.
    const winnerToMove = ((position.ply - ply) % 2 === 0) === score > 0;
    const left =
      limits.maxNodes === undefined
        ? limits
        : { ...limits, maxNodes: Math.max(1, limits.maxNodes - nodes) };
    const answer = engine.ask(codes.slice(0, ply), depth, winnerToMove ? 1 : -1, left);
    nodes += answer.nodes;
    if (answer.value === null) return { value: null, nodes };
    if (answer.value) return { value: false, nodes };
  }
  return { value: true, nodes };
}

/**
 * The path-aware search (popout-search.ts): boards the WebAssembly search does not take, and
 * positions whose blocked set the fast search's score may depend on.
 */
function solveOnPath(
  position: GamePosition,
  blocked: Set<number | string>,
  limits: SearchLimits,
): RootScore {
  const { board } = boardAt(position);
  const search = new FamilySearch(board, tablesFor(position.ruleset, blocked), limits);
  try {
    const value = search.wdl(-1, 1);
    if (value === 0) return { score: 0, nodes: search.nodes };
    for (let depth = 1; ; depth++) {
      if (search.distance(depth) === value) {
        return { score: value * (POPOUT_WIN - depth), nodes: search.nodes };
      }
    }
  } catch (error) {
    if (error instanceof BudgetSpent) return { score: null, nodes: search.nodes };
    throw error;
  }
}

/**
 * Nodes of the first draw test; each later one gets four times more, or `DRAW_TEST_SHARE` of the
 * nodes spent so far if that is more (a won or lost position pays little for its draw tests, and a
 * drawn one, whose fast search never ends, gets tests that grow with it).
 */
const FIRST_DRAW_TEST = 2_000;
/**
 * A draw test may spend this share of the nodes spent so far. A quarter cost a won position
 * proven in 28 plies 30% of its nodes in tests that could not succeed (a draw is rare in
 * PopOut); a sixteenth still lets a drawn position's tests grow with its search.
 */
const DRAW_TEST_SHARE = 1 / 16;
/**
 * Draw tests begin once the fast search has spent this many nodes, or at `LATE_DRAW_TEST_DEPTH`
 * however little: before, a won position pays nothing for them. A test from depth 8 cost small
 * wins and losses (under ~10,000 nodes of their own) one to four times their search.
 */
const DRAW_TESTS_AFTER_NODES = 50_000;
const LATE_DRAW_TEST_DEPTH = 24;

/**
 * The WebAssembly search deepens one ply at a time, asking one question per depth: "win within
 * d?" at odd d, "loss within d?" at even d. A win normally ends on the winner's own move (an
 * odd number of plies from the side to move) and a loss on the opponent's, so this asks each
 * question where its answer can first turn true, and half as many as asking both at every depth.
 * A game can also end the other way, but only by a pop that completes only the opponent's
 * line played on a full board (a drop never completes the opponent's line, and with a drop
 * left no side must pop). So when a question first comes true at d, the distance is d - 1 or
 * d (d - 2 was answered no, and a position won within some depth is lost within none), and it
 * is d unless the board can be full after d - 2 plies: only then is d - 1 asked too. Asking
 * it always cost as much as the question at d. The search cannot see a draw;
 * between depths the path-aware win/draw/loss search (above) is tried with a growing budget,
 * and its "draw" is final.
 */
function solveFast(
  position: GamePosition,
  board: SearchBoard,
  limits: SearchLimits & FastTable,
  engine = fastEngine(position.variant.width, position.variant.height, limits),
  blocked: ReadonlySet<number | string> = new Set(),
): RootScore {
  const { width, height } = position.variant;
  const moves = position.moves.map((move) => moveCode(move, width));
  const discs = moves.reduce((count, move) => count + (move < width ? 1 : -1), 0);
  let nodes = 0;
  let drawTest = FIRST_DRAW_TEST;
  const left = (): SearchLimits =>
    limits.maxNodes === undefined ? limits : { ...limits, maxNodes: limits.maxNodes - nodes };
  for (let depth = 1; depth < 250; depth++) {
    if (limits.maxNodes !== undefined && nodes >= limits.maxNodes) return { score: null, nodes };
    const side = depth % 2 === 1 ? 1 : -1;
    const result = engine.ask(moves, depth, side, left());
    nodes += result.nodes;
    if (result.value === null) return { score: null, nodes };
    if (result.value) {
      let plies = depth;
      if (depth > 1 && discs + depth - 2 >= width * height) {
        if (limits.maxNodes !== undefined && nodes >= limits.maxNodes) {
          return { score: null, nodes };
        }
        const sooner = engine.ask(moves, depth - 1, side, left());
        nodes += sooner.nodes;
        if (sooner.value === null) return { score: null, nodes };
        if (sooner.value) plies = depth - 1;
      }
      return { score: side * (POPOUT_WIN - plies), nodes };
    }
    if (
      depth >= 8 &&
      depth % 4 === 0 &&
      (nodes >= DRAW_TESTS_AFTER_NODES || depth >= LATE_DRAW_TEST_DEPTH)
    ) {
      const budget = left();
      const cap = Math.min(
        Math.max(drawTest, nodes * DRAW_TEST_SHARE),
        budget.maxNodes ?? Infinity,
      );
      const search = new FamilySearch(board, tablesFor(position.ruleset, blocked), {
        ...budget,
        maxNodes: cap,
      });
      try {
        const value = search.wdl(-1, 1);
        nodes += search.nodes;
        if (value === 0) return { score: 0, nodes };
      } catch (error) {
        if (!(error instanceof BudgetSpent)) throw error;
        nodes += search.nodes;
        // The board is left mid-search: start the next test from a fresh one.
        board = boardAt(position).board;
      }
      drawTest *= 4;
    }
  }
  return { score: null, nodes };
}

function analysePops(position: GamePosition, options: FamilySolveOptions): FamilyAnalysis {
  const moves: FamilyMoveScore[] = [];
  let nodes = 0;
  let spent = false;
  for (const move of position.legalMoves()) {
    const child = position.clone();
    child.play(move);
    const outcome = child.outcome;
    if (outcome.kind === 'win') {
      const won = outcome.winner === position.turn;
      moves.push({ move, score: won ? POPOUT_WIN - 1 : 1 - POPOUT_WIN });
      continue;
    }
    if (outcome.kind === 'draw') {
      moves.push({ move, score: 0 });
      continue;
    }
    if (spent) {
      moves.push({ move, score: null });
      continue;
    }
    const limits: SearchLimits & FastTable = {
      ...options,
      ...(options.maxNodes === undefined
        ? {}
        : { maxNodes: Math.max(1, options.maxNodes - nodes) }),
    };
    const result = solvePopRoot(child, limits);
    nodes += result.nodes;
    if (result.score === null) spent = true;
    moves.push({ move, score: result.score === null ? null : popoutMoveScore(result.score) });
  }
  return { moves, nodes };
}

/**
 * The root's score first (one search), then its best moves: for a win or a loss, the moves
 * whose child answers the one "within d plies" question the score implies (cheap: the table
 * holds the proof); for a draw, every move's score.
 */
function solvePops(position: GamePosition, options: FamilySolveOptions): FamilySolveResult {
  const root = solvePopRoot(position, options);
  if (root.score === null) return { score: 0, exact: false, nodes: root.nodes, best: [] };
  const score = root.score;
  if (options.best === false) return { score, exact: true, nodes: root.nodes, best: [] };
  const plies = familyPlies(score);
  const { width, height, connect } = position.variant;
  const fast = fastSupports(width, height, connect) && boardAt(position).blocked.size === 0;
  if (score === 0 || !fast) {
    const analysis = analysePops(
      position,
      options.maxNodes === undefined
        ? options
        : { ...options, maxNodes: Math.max(1, options.maxNodes - root.nodes) },
    );
    const best = analysis.moves.filter((m) => m.score === score).map((m) => m.move);
    const complete = analysis.moves.every((m) => m.score !== null);
    const nodes = root.nodes + analysis.nodes;
    return { score, exact: true, nodes, best, ...(complete ? {} : { bestComplete: false }) };
  }
  const engine = fastEngine(width, height, options);
  const best: Move[] = [];
  let nodes = root.nodes;
  const left = (): SearchLimits =>
    options.maxNodes === undefined
      ? options
      : { ...options, maxNodes: Math.max(1, options.maxNodes - nodes) };
  for (const move of position.legalMoves()) {
    const child = position.clone();
    child.play(move);
    const outcome = child.outcome;
    let good: boolean;
    if (outcome.kind === 'win')
      good = plies === 1 && (outcome.winner === position.turn) === score > 0;
    else if (outcome.kind === 'draw') good = false;
    else {
      const moves = child.moves.map((m) => moveCode(m, width));
      // A win in d: the child is lost within d - 1. A loss in d: the child wins no sooner.
      // Within 0 plies nothing is won or lost: no search.
      const depth = score > 0 ? plies - 1 : plies - 2;
      const answer =
        depth <= 0
          ? { value: false, nodes: 0 }
          : engine.ask(moves, depth, score > 0 ? -1 : 1, left());
      nodes += answer.nodes;
      // The budget ran out: the moves confirmed so far are best, the rest unknown.
      if (answer.value === null) return { score, exact: true, nodes, best, bestComplete: false };
      good = score > 0 ? answer.value : !answer.value;
    }
    if (good) best.push(move);
  }
  return { score, exact: true, nodes, best };
}

// --- Drop-only games: the classic solver ------------------------------------------------------

/**
 * The drops that build the ruleset's set-up, column by column (Five-in-a-Row: each outer column
 * filled bottom-up, which alternates colours from Red as the set-up does). Checked against the
 * set-up, so a ruleset whose set-up is not such a sequence fails loudly rather than mis-solving.
 */
function setupDrops(ruleset: Ruleset): number[] {
  const { width, height } = ruleset.variant;
  const drops: number[] = [];
  for (let column = 0; column < width; column++) {
    for (let row = 0; row < height && ruleset.setup[column * height + row] !== 0; row++) {
      drops.push(column);
    }
  }
  drops.forEach((column, ply) => {
    const row = drops.slice(0, ply).filter((c) => c === column).length;
    if (ruleset.setup[column * height + row] !== (ply % 2 === 0 ? 1 : 2)) {
      throw new Error(`the set-up of ${rulesetToString(ruleset)} is not a sequence of drops`);
    }
  });
  return drops;
}

function analyseDrops(position: GamePosition, options: FamilySolveOptions): FamilyAnalysis {
  const variant = position.variant;
  const moves = [...setupDrops(position.ruleset), ...position.moves.map((move) => move.column)];
  const now = options.now ?? Date.now;
  const result = analyze(
    { variant, moves },
    {
      ...(options.maxNodes === undefined ? {} : { maxNodes: options.maxNodes }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.deadline === undefined
        ? {}
        : { timeLimitMs: Math.max(0, options.deadline - now()), now }),
    },
  );
  if (!result.ok) throw result.error;
  const legal = position.legalMoves();
  const scored: FamilyMoveScore[] = [];
  result.value.columns.forEach((evaluation, column) => {
    const move = drop(column);
    if (evaluation === null || !legal.some((m) => sameMove(m, move))) return;
    scored.push({ move, score: evaluation.exact ? evaluation.score : null });
  });
  return { moves: scored, nodes: result.value.nodes };
}
