import type { SearchBoard, MoveCode } from './board.js';

/** Thrown inside a search when its budget runs out; the board is then discarded, not unwound. */
export class BudgetSpent extends Error {
  constructor() {
    super('the search budget ran out');
  }
}

/**
 * The longest search path `wdl` walks before it gives up as if its budget ran out. Its path
 * holds only distinct positions, and a PopOut game can go a very long way without repeating
 * one, so without a cap a long search recursed until the engine's stack ran out: a browser
 * worker's stack is far smaller than Node's, and the review of an opening failed with "Maximum
 * call stack size exceeded". Giving up is sound: the answer is "unknown", never a wrong value.
 */
export const MAX_SEARCH_PATH = 160;

export interface SearchLimits {
  readonly maxNodes?: number;
  readonly signal?: { readonly aborted: boolean };
  /** A `now()` time (ms) after which the search stops. */
  readonly deadline?: number;
  readonly now?: () => number;
}

type Key = number | string;

/**
 * What the distance search knows of a position: a win (loss) for the side to move proven within
 * `win` (`loss`) plies, and no result within `none` plies. Each is true of the position alone.
 */
interface DistanceEntry {
  win: number;
  loss: number;
  none: number;
}

/**
 * The tables of one "blocked set" (below): every entry is a fact about a position alone (given
 * that set), so the tables outlive a search and serve the next call with the same set.
 */
export class FamilyTables {
  /** Win/draw/loss bounds, packed as (lower + 1) * 3 + (upper + 1). */
  readonly bounds = new Map<Key, number>();
  readonly distances = new Map<Key, DistanceEntry>();
  constructor(readonly blocked: ReadonlySet<Key>) {}

  get size(): number {
    return this.bounds.size + this.distances.size;
  }
}

/**
 * The exact search for PopOut (and any drop/pop game of the family) on a `SearchBoard`.
 *
 * Repetition makes the game a graph. The rule is "the third occurrence of a position draws",
 * counted over the whole game, so a position's value can depend on the path to it (the
 * graph-history-interaction problem). The search computes the value soundly in two steps
 * (docs/family.md, "The solver", has the argument):
 *
 * 1. `wdl`: win/draw/loss, where a position repeated on the current search path scores a draw
 *    and a position that has already occurred twice in the real game (the "blocked" set) is a
 *    draw. At the root this is the game's true value. Inside the tree a result may lean on a
 *    repetition of an ancestor: such a result holds only for this path, so it is not stored.
 *    A result is stored only when every repetition its subtree met was of the position itself
 *    or of a position below it (then the proof is a closed strategy from the position, valid
 *    on any path), which the search tracks like Tarjan's low-link.
 * 2. `distance`: for a won or lost root, the exact number of plies to the end with best play,
 *    by iterative deepening on "win (loss) within d plies". Those are facts of a position and
 *    d alone (no path), so all of them are stored. The shortest win never repeats a position
 *    (each step is strictly closer), so repetition cannot change it.
 */
export class FamilySearch {
  nodes = 0;
  private readonly path = new Map<Key, number>();
  private minHit = Infinity;
  private readonly order: MoveCode[];
  private readonly now: () => number;

  constructor(
    private readonly board: SearchBoard,
    private readonly tables: FamilyTables,
    private readonly limits: SearchLimits = {},
  ) {
    this.now = limits.now ?? Date.now;
    const { width } = board;
    const centre: number[] = [];
    for (let column = 0; column < width; column++) centre.push(column);
    centre.sort((a, b) => Math.abs(2 * a - width + 1) - Math.abs(2 * b - width + 1) || a - b);
    this.order = [...centre, ...centre.map((column) => width + column)];
  }

  private tick(): void {
    this.nodes++;
    if ((this.nodes & 1023) !== 0) return;
    const { maxNodes, signal, deadline } = this.limits;
    if (maxNodes !== undefined && this.nodes >= maxNodes) throw new BudgetSpent();
    if (signal?.aborted === true) throw new BudgetSpent();
    if (deadline !== undefined && this.now() >= deadline) throw new BudgetSpent();
  }

  /** The value of a move already played that did not end the game: the caller's `-child`. */
  private child(alpha: number, beta: number): number {
    const key = this.board.key();
    const hit = this.path.get(key);
    if (hit !== undefined) {
      if (hit < this.minHit) this.minHit = hit;
      return 0;
    }
    if (this.tables.blocked.has(key)) return 0;
    return this.wdl(alpha, beta);
  }

  /**
   * Win (1), draw (0) or loss (-1) for the side to move, fail-soft within (alpha, beta); the
   * position is not over and has a legal move.
   */
  wdl(alpha: number, beta: number): number {
    this.tick();
    const board = this.board;
    const key = board.key();
    const packed = this.tables.bounds.get(key);
    if (packed !== undefined) {
      const lower = Math.floor(packed / 3) - 1;
      const upper = (packed % 3) - 1;
      if (lower >= beta || lower === upper) return lower;
      if (upper <= alpha) return upper;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
    }
    for (let column = 0; column < board.width; column++) {
      if (board.dropWins(column)) {
        this.tables.bounds.set(key, 8);
        return 1;
      }
    }
    const index = this.path.size;
    if (index >= MAX_SEARCH_PATH) throw new BudgetSpent();
    this.path.set(key, index);
    const outerHit = this.minHit;
    this.minHit = Infinity;
    const alphaIn = alpha;
    const mover = board.turn;
    let best = -1;
    for (const move of this.order) {
      if (!board.canPlay(move)) continue;
      const winner = board.play(move);
      let value: number;
      if (winner === mover) value = 1;
      else if (winner !== 0) value = -1;
      else if (!board.hasMove()) value = 0;
      else value = -this.child(-beta, -alpha);
      board.unplay(move);
      if (value > best) {
        best = value;
        if (value > alpha) alpha = value;
        if (alpha >= beta) break;
      }
    }
    this.path.delete(key);
    const hit = this.minHit;
    if (hit >= index) {
      this.minHit = outerHit;
      const old = this.tables.bounds.get(key);
      let lower = old === undefined ? -1 : Math.floor(old / 3) - 1;
      let upper = old === undefined ? 1 : (old % 3) - 1;
      if (best <= alphaIn) upper = Math.min(upper, best);
      else if (best >= beta) lower = Math.max(lower, best);
      else lower = upper = best;
      this.tables.bounds.set(key, (lower + 1) * 3 + upper + 1);
    } else {
      this.minHit = Math.min(outerHit, hit);
    }
    return best;
  }

  /**
   * 1: the side to move can force a win within `depth` plies; -1: the opponent can; 0: neither.
   * Positions in the blocked set are draws; nothing else about the path matters (see above).
   */
  distance(depth: number): number {
    this.tick();
    if (depth <= 0) return 0;
    const board = this.board;
    const key = board.key();
    let entry = this.tables.distances.get(key);
    if (entry !== undefined) {
      if (entry.win <= depth) return 1;
      if (entry.loss <= depth) return -1;
      if (entry.none >= depth) return 0;
    } else {
      entry = { win: Infinity, loss: Infinity, none: 0 };
      this.tables.distances.set(key, entry);
    }
    for (let column = 0; column < board.width; column++) {
      if (board.dropWins(column)) {
        entry.win = 1;
        return 1;
      }
    }
    const mover = board.turn;
    let allLose = true;
    let wins = false;
    for (const move of this.order) {
      if (!board.canPlay(move)) continue;
      const winner = board.play(move);
      let value: number;
      if (winner === mover) value = 1;
      else if (winner !== 0) value = -1;
      else if (!board.hasMove() || this.tables.blocked.has(board.key())) value = 0;
      else value = -this.distance(depth - 1);
      board.unplay(move);
      if (value === 1) {
        wins = true;
        break;
      }
      if (value !== -1) allLose = false;
    }
    if (wins) {
      entry.win = Math.min(entry.win, depth);
      return 1;
    }
    if (allLose) {
      entry.loss = Math.min(entry.loss, depth);
      return -1;
    }
    entry.none = Math.max(entry.none, depth);
    return 0;
  }
}
