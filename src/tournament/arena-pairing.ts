/** A player free to be paired in an arena right now (joined, present, not playing). */
export interface ArenaCandidate {
  readonly id: string;
  readonly score: number;
  readonly rating: number;
  /** The opponent of this player's last game, if any. */
  readonly lastOpponent: string | null;
  /** When this player became free (epoch ms): with an odd count the latest one waits. */
  readonly freeSince: number;
}

export interface ArenaPair {
  /** Moves first. */
  readonly first: string;
  readonly second: string;
}

/** Search steps before the pairing gives up avoiding rematches (never reached in practice). */
const STEP_BUDGET = 200_000;

const byRank = (a: ArenaCandidate, b: ArenaCandidate): number =>
  b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Pairs the free players of an arena: from the top of the standings down, each with the free
 * player nearest in score, then in rating; never the opponent of either's last game unless those
 * two are the only players free. With an odd count the player who became free last waits (the
 * others have waited longer). Deterministic: the same candidates give the same pairs. The
 * higher-ranked player of a pair moves first on even boards, the lower-ranked one on odd boards.
 * Scores and ratings are finite numbers.
 *
 * The search is depth-first with backtracking (a bad choice high up must not strand two who
 * just met at the bottom), but each player's partners are walked lazily in order of nearness
 * instead of being filtered and sorted up front: the first acceptable one is almost always
 * taken, so a whole arena pairs in about linear time.
 */
export function pairArena(candidates: readonly ArenaCandidate[]): ArenaPair[] {
  const unique = dedupe(candidates);
  if (unique.length < 2) return [];
  if (unique.length === 2) return [orient(unique[0]!, unique[1]!, 0)];
  const ranked = [...unique].sort(byRank);
  const field = new Field(ranked);
  const toPairs = (found: readonly number[] | null): ArenaPair[] => {
    const out: ArenaPair[] = [];
    for (let k = 0; found !== null && k < found.length; k += 2) {
      out.push(orient(ranked[found[k]!]!, ranked[found[k + 1]!]!, k / 2));
    }
    return out;
  };
  if (ranked.length % 2 === 0) return toPairs(field.match(-1, true) ?? field.match(-1, false));
  // Who waits when the count is odd: the most recently freed first, then the lowest ranked.
  const index = new Map(ranked.map((c, i) => [c, i]));
  const waitOrder = [...ranked].sort((a, b) => b.freeSince - a.freeSince || byRank(b, a));
  for (const waiting of waitOrder) {
    const strict = field.match(index.get(waiting)!, true);
    if (strict) return toPairs(strict);
  }
  return toPairs(field.match(index.get(waitOrder[0]!)!, false));
}

function dedupe(candidates: readonly ArenaCandidate[]): ArenaCandidate[] {
  const seen = new Map<string, ArenaCandidate>();
  for (const c of candidates) if (!seen.has(c.id)) seen.set(c.id, c);
  return [...seen.values()];
}

const orient = (a: ArenaCandidate, b: ArenaCandidate, board: number): ArenaPair =>
  board % 2 === 0 ? { first: a.id, second: b.id } : { first: b.id, second: a.id };

/**
 * The ranked candidates as flat arrays. Ranked order (score down, then rating down) is what
 * makes the lazy walk possible: for the player at `u`, everyone after it scores at most as much,
 * so the score gap grows with the index; inside one score group the ratings fall, so the
 * rating gap shrinks towards the point where they cross `u`'s rating and grows on both sides.
 */
class Field {
  readonly n: number;
  private readonly score: Float64Array;
  private readonly rating: Float64Array;
  /** Index of the last opponent among the candidates, or -1. */
  private readonly last: Int32Array;
  /** End (exclusive) of the group of equal score each index belongs to. */
  private readonly groupEnd: Int32Array;

  constructor(ranked: readonly ArenaCandidate[]) {
    const n = ranked.length;
    this.n = n;
    this.score = Float64Array.from(ranked, (c) => c.score);
    this.rating = Float64Array.from(ranked, (c) => c.rating);
    const at = new Map(ranked.map((c, i) => [c.id, i]));
    this.last = Int32Array.from(ranked, (c) =>
      c.lastOpponent === null ? -1 : (at.get(c.lastOpponent) ?? -1),
    );
    this.groupEnd = new Int32Array(n);
    for (let i = n - 1; i >= 0; i--) {
      this.groupEnd[i] =
        i + 1 < n && this.score[i + 1] === this.score[i] ? this.groupEnd[i + 1]! : i + 1;
    }
  }

  /**
   * A perfect matching of everyone but `skip` (-1: nobody), as index pairs in the order found:
   * the top unpaired player takes the nearest acceptable partner first, backtracking when the
   * rest cannot be paired. `strict` forbids rematches; null when none is found within the budget.
   */
  match(skip: number, strict: boolean): number[] | null {
    const { n } = this;
    const paired = new Uint8Array(n);
    if (skip >= 0) paired[skip] = 1;
    const out: number[] = [];
    const options: Generator<number, void>[] = [];
    let steps = 0;
    let from = 0;
    for (;;) {
      while (from < n && paired[from]) from++;
      if (from >= n) return out;
      paired[from] = 1;
      out.push(from, -1);
      options.push(this.options(from, paired, strict));
      // The deepest player's next partner, going back up while a player has none left.
      for (;;) {
        const depth = options.length - 1;
        if (depth < 0) return null;
        const previous = out[2 * depth + 1]!;
        if (previous >= 0) paired[previous] = 0;
        const next = options[depth]!.next();
        if (!next.done) {
          if (++steps > STEP_BUDGET) return null;
          out[2 * depth + 1] = next.value;
          paired[next.value] = 1;
          from = out[2 * depth]! + 1;
          break;
        }
        paired[out[2 * depth]!] = 0;
        out.length -= 2;
        options.pop();
      }
    }
  }

  /**
   * The acceptable partners of `u` below it, nearest in score, then in rating, then higher
   * ranked first. `paired` is the same at every step of the walk (the search undoes a deeper
   * try before asking for the next partner), so checking it lazily sees what a list made up
   * front would have held.
   */
  private *options(u: number, paired: Uint8Array, strict: boolean): Generator<number, void> {
    const { n, score, groupEnd } = this;
    const su = score[u]!;
    const ok = (j: number): boolean =>
      paired[j] === 0 && !(strict && (this.last[u] === j || this.last[j] === u));
    for (let start = u + 1; start < n;) {
      const gap = Math.abs(score[start]! - su);
      let end = groupEnd[start]!;
      if (end < n && Math.abs(score[end]! - su) === gap) {
        // Rounding made two different scores equally far from `u`'s: one run, sorted.
        while (end < n && Math.abs(score[end]! - su) === gap) end = groupEnd[end]!;
        yield* this.sortedRun(u, [start, end], ok);
      } else {
        yield* this.byRating(u, start, end, ok);
      }
      start = end;
    }
  }

  /** Indices `lo..hi-1` (one score group, ratings falling) by rating gap to `u`, then index. */
  private *byRating(
    u: number,
    lo: number,
    hi: number,
    ok: (j: number) => boolean,
  ): Generator<number, void> {
    const { rating } = this;
    const ru = rating[u]!;
    // The first index rated at most `ru`: above it the gap shrinks, from it on it grows.
    let a = lo;
    let b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (rating[mid]! <= ru) b = mid;
      else a = mid + 1;
    }
    let left = a - 1;
    let right = a;
    while (left >= lo || right < hi) {
      const gapLeft = left >= lo ? rating[left]! - ru : Infinity;
      const gapRight = right < hi ? ru - rating[right]! : Infinity;
      if (right >= hi || gapLeft <= gapRight) {
        // Equal gaps go by index: the whole run of equal ratings on the left, lowest index first.
        let first = left;
        while (first > lo && rating[first - 1]! - ru === gapLeft) first--;
        for (let j = first; j <= left; j++) if (ok(j)) yield j;
        left = first - 1;
      } else {
        if (ok(right)) yield right;
        right++;
      }
    }
  }

  /** Indices `lo..hi-1` by rating gap to `u`, then index, sorted outright (a rare case). */
  private sortedRun(u: number, range: readonly [number, number], ok: (j: number) => boolean) {
    const gap = (j: number): number => Math.abs(this.rating[j]! - this.rating[u]!);
    const run: number[] = [];
    for (let j = range[0]; j < range[1]; j++) if (ok(j)) run.push(j);
    return run.sort((x, y) => gap(x) - gap(y) || x - y);
  }
}
