// `npx tsx experiments/shared-search/sim-shared-search.ts [--set Test_L2_R2] [--limit N]
// 1 2 2:20 4:20 8:20`: how well threads sharing one table split a search, free of the machine's load. A small
// JavaScript model of the solver (null-window bisection on a shared interval, a shared table of
// bounds, threat-count move order) runs N searches as generators interleaved one node at a
// time, as N equally fast cores would; the time is the number of such rounds until the interval
// closes. `T` is T threads searching one window in one order (Lazy SMP); `T:D` adds the marks of
// the threads build (a child another thread is in waits for a second pass) from D empty cells
// up. Prints, per configuration, the rounds, the speed-up over the first configuration and the
// nodes all threads visited relative to it. A model: no cache or memory contention, no
// enhanced transposition cutoffs, so it bounds what the real threads can reach; BENCHMARKS.md
// ("solver threads") has both.
import { parseArgs } from 'node:util';
import { loadPonsSet } from '../../test/support/pons-tests.js';

const W = 7;
const H = 6;
const SIZE = W * H;
const ORDER = [3, 2, 4, 1, 5, 0, 6];
const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

// Zobrist keys as doubles below 2^52, summed (exact in doubles: a key is a sum of < 43 of them).
let seed = 12345;
const random = (): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed;
};
const ZOBRIST = [0, 1].map(() =>
  Array.from({ length: SIZE }, () => (random() % 0x100000) * 0x80000000 + random()),
);

class Board {
  readonly cells = new Int8Array(SIZE);
  readonly heights = new Int8Array(W);
  moves = 0;
  key = 0;

  copyFrom(other: Board): void {
    this.cells.set(other.cells);
    this.heights.set(other.heights);
    this.moves = other.moves;
    this.key = other.key;
  }
  height(c: number): number {
    return this.heights[c] ?? H;
  }
  canPlay(c: number): boolean {
    return this.height(c) < H;
  }
  play(c: number): void {
    const r = this.height(c);
    const side = this.moves & 1;
    this.cells[c * H + r] = side + 1;
    this.heights[c] = r + 1;
    this.moves++;
    this.key += ZOBRIST[side]?.[c * H + r] ?? 0;
  }
  undo(c: number): void {
    const r = this.height(c) - 1;
    this.moves--;
    const side = this.moves & 1;
    this.cells[c * H + r] = 0;
    this.heights[c] = r;
    this.key -= ZOBRIST[side]?.[c * H + r] ?? 0;
  }
  at(c: number, r: number): number {
    return c >= 0 && c < W && r >= 0 && r < H ? (this.cells[c * H + r] ?? -1) : -1;
  }
  completes(c: number, r: number, who: number): boolean {
    return DIRECTIONS.some(([dc, dr]) => {
      let run = 1;
      for (let k = 1; this.at(c + k * dc, r + k * dr) === who; k++) run++;
      for (let k = 1; this.at(c - k * dc, r - k * dr) === who; k++) run++;
      return run >= 4;
    });
  }
  wins(c: number): boolean {
    return this.canPlay(c) && this.completes(c, this.height(c), (this.moves & 1) + 1);
  }
  threats(who: number): number {
    let n = 0;
    for (let c = 0; c < W; c++) {
      for (let r = this.height(c); r < H; r++) if (this.completes(c, r, who)) n++;
    }
    return n;
  }
}

interface Entry {
  readonly lower: number;
  readonly upper: number;
  readonly best: number;
}
interface Shared {
  readonly table: Map<number, Entry>;
  readonly marks: Set<number>;
  min: number;
  max: number;
  /** Bumped whenever the interval moves: every probe then ends. */
  epoch: number;
}
interface Thread {
  nodes: number;
  aborted: boolean;
  epoch: number;
}

type Search = Generator<undefined, number, undefined>;

function* negamax(
  b: Board,
  alphaIn: number,
  betaIn: number,
  shared: Shared,
  me: Thread,
  markMinEmpty: number,
): Search {
  let alpha = alphaIn;
  let beta = betaIn;
  yield undefined;
  me.nodes++;
  if (shared.epoch !== me.epoch) {
    me.aborted = true;
    return alpha;
  }
  if (b.moves >= SIZE - 1) return 0;
  for (let c = 0; c < W; c++) if (b.wins(c)) return Math.floor((SIZE + 1 - b.moves) / 2);
  const opponent = ((b.moves + 1) & 1) + 1;
  const forced = ORDER.filter((c) => b.canPlay(c) && b.completes(c, b.height(c), opponent));
  if (forced.length > 1) return -Math.floor((SIZE - b.moves) / 2);
  const candidates = (forced.length === 1 ? forced : ORDER.filter((c) => b.canPlay(c))).filter(
    (c) => !(b.height(c) + 1 < H && b.completes(c, b.height(c) + 1, opponent)),
  );
  if (candidates.length === 0) return -Math.floor((SIZE - b.moves) / 2);
  beta = Math.min(beta, Math.floor((SIZE - 1 - b.moves) / 2));
  if (alpha >= beta) return beta;
  alpha = Math.max(alpha, -Math.floor((SIZE - 2 - b.moves) / 2));
  if (alpha >= beta) return alpha;
  const entry = shared.table.get(b.key);
  if (entry !== undefined) {
    beta = Math.min(beta, entry.upper);
    if (alpha >= beta) return beta;
    alpha = Math.max(alpha, entry.lower);
    if (alpha >= beta) return alpha;
  }
  const side = (b.moves & 1) + 1;
  const ordered = candidates
    .map((c) => {
      b.play(c);
      const score = c === entry?.best ? 1000 : b.threats(side);
      b.undo(c);
      return { c, score };
    })
    .sort((x, y) => y.score - x.score)
    .map((x) => x.c);
  const store = (lower: number, upper: number, best: number): void => {
    const old = shared.table.get(b.key);
    shared.table.set(b.key, {
      lower: Math.max(lower, old?.lower ?? -63),
      upper: Math.min(upper, old?.upper ?? 63),
      best: best >= 0 ? best : (old?.best ?? -1),
    });
  };
  const start = alpha;
  let best = -1;
  const mark = SIZE - b.moves >= markMinEmpty;
  const later: number[] = [];
  for (const pass of [ordered, later]) {
    for (const c of pass) {
      b.play(c);
      const child = b.key;
      if (mark && pass === ordered && shared.marks.has(child)) {
        b.undo(c);
        later.push(c);
        continue;
      }
      if (mark) shared.marks.add(child);
      const score = -(yield* negamax(b, -beta, -alpha, shared, me, markMinEmpty));
      if (mark) shared.marks.delete(child);
      b.undo(c);
      if (me.aborted) return alpha;
      if (score >= beta) {
        store(score, 63, c);
        return score;
      }
      if (score > alpha) {
        alpha = score;
        best = c;
      }
    }
  }
  if (alpha > start) store(alpha, alpha, best);
  else store(-63, alpha, -1);
  return alpha;
}

function probeAt(min: number, max: number): number {
  const med = min + Math.trunc((max - min) / 2);
  if (med <= 0 && Math.trunc(min / 2) < med) return Math.trunc(min / 2);
  if (med >= 0 && Math.trunc(max / 2) > med) return Math.trunc(max / 2);
  return med;
}

function* thread(root: Board, shared: Shared, me: Thread, markMinEmpty: number): Search {
  const b = new Board();
  while (shared.min < shared.max) {
    b.copyFrom(root);
    const med = probeAt(shared.min, shared.max);
    Object.assign(me, { epoch: shared.epoch, aborted: false });
    const r = yield* negamax(b, med, med + 1, shared, me, markMinEmpty);
    if (me.aborted) continue;
    if (r <= med) shared.max = Math.min(shared.max, Math.max(r, shared.min));
    else shared.min = Math.max(shared.min, Math.min(r, shared.max));
    shared.epoch++;
  }
  return shared.min;
}

/** Rounds until the interval closes, the score, and the nodes of all threads. */
function simulate(root: Board, threads: number, markMinEmpty: number) {
  const shared: Shared = {
    table: new Map(),
    marks: new Set(),
    min: -Math.floor((SIZE - root.moves) / 2),
    max: Math.floor((SIZE + 1 - root.moves) / 2),
    epoch: 0,
  };
  const states: Thread[] = Array.from({ length: threads }, () => ({
    nodes: 0,
    aborted: false,
    epoch: 0,
  }));
  const searches = states.map((me) => thread(root, shared, me, markMinEmpty));
  let rounds = 0;
  // The generators move the interval: a function keeps the compiler from assuming it fixed.
  const open = (): boolean => shared.min < shared.max;
  while (open()) {
    rounds++;
    for (const search of searches) search.next();
  }
  return { rounds, score: shared.min, nodes: states.reduce((n, s) => n + s.nodes, 0) };
}

const { values, positionals } = parseArgs({
  options: { set: { type: 'string' }, limit: { type: 'string' } },
  allowPositionals: true,
});
const loaded = loadPonsSet(values.set ?? 'Test_L2_R2');
if ('missing' in loaded) throw new Error(loaded.missing);
const cases = loaded.cases.slice(0, Number(values.limit ?? 6));
const configs = positionals.length > 0 ? positionals : ['1', '2', '2:20', '4:20', '8:20'];
const totals = configs.map(() => ({ rounds: 0, nodes: 0 }));
for (const c of cases) {
  const root = new Board();
  for (const m of c.moves) root.play(m);
  if (ORDER.some((col) => root.wins(col))) continue;
  configs.forEach((config, i) => {
    const [threads = 1, markMinEmpty = 99] = config.split(':').map(Number);
    const run = simulate(root, threads, markMinEmpty);
    if (run.score !== c.score)
      throw new Error(`${config} line ${c.line}: ${run.score} != ${c.score}`);
    totals[i]!.rounds += run.rounds;
    totals[i]!.nodes += run.nodes;
  });
}
console.log(`| threads:marks | rounds per position | speed-up | nodes, all threads |`);
console.log('|---|---|---|---|');
const base = totals[0]!;
configs.forEach((config, i) => {
  const t = totals[i]!;
  console.log(
    `| ${config} | ${Math.round(t.rounds / cases.length).toLocaleString('en-US')} | ${(base.rounds / t.rounds).toFixed(2)}x | ${(t.nodes / base.nodes).toFixed(2)}x |`,
  );
});
