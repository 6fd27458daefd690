// `npx tsx experiments/solver-repr/bench-solver-repr.ts [--limit N]`: the same classic 7x6 search written three
// ways — BigInt bitboards, bitboards as two 32-bit Numbers (hi/lo halves), and the project's
// WebAssembly engine (AssemblyScript, native i64) — timed on the same positions, so the choice
// of representation rests on a measurement. The JS versions implement the Pons search with a
// transposition table of upper bounds only (the wasm engine does more: both bounds, best move).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { CLASSIC } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { loadPonsSet } from '../../test/support/pons-tests.js';

const W = 7;
const H = 6;
const SIZE = W * H;
const ORDER = [3, 2, 4, 1, 5, 0, 6];

// ---------- BigInt ----------
const B = (n: number): bigint => BigInt(n);
const BOTTOM = (() => {
  let b = 0n;
  for (let c = 0; c < W; c++) b |= 1n << B(c * (H + 1));
  return b;
})();
const BOARD = BOTTOM * ((1n << B(H)) - 1n);
const colMaskB = (c: number): bigint => ((1n << B(H)) - 1n) << B(c * (H + 1));
const M64 = (1n << 64n) - 1n;

function winB(pos: bigint, mask: bigint): bigint {
  let r = (pos << 1n) & (pos << 2n) & (pos << 3n);
  for (const d of [B(H + 1), B(H), B(H + 2)]) {
    let p = (pos << d) & (pos << (2n * d));
    r |= p & (pos << (3n * d));
    r |= p & (pos >> d);
    p = (pos >> d) & (pos >> (2n * d));
    r |= p & (pos << d);
    r |= p & (pos >> (3n * d));
  }
  return r & (BOARD ^ mask) & M64;
}
const popB = (x: bigint): number => {
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
};

class BigIntSolver {
  nodes = 0;
  private readonly table = new Map<bigint, number>();
  reset(): void {
    this.table.clear();
  }
  private negamax(cur: bigint, mask: bigint, moves: number, alpha: number, beta: number): number {
    this.nodes++;
    const possible = (mask + BOTTOM) & BOARD;
    const oppWin = winB(cur ^ mask, mask);
    const forced = possible & oppWin;
    let next = possible;
    if (forced) {
      if (forced & (forced - 1n)) return -Math.floor((SIZE - moves) / 2);
      next = forced;
    }
    next &= ~(oppWin >> 1n);
    if (!next) return -Math.floor((SIZE - moves) / 2);
    if (moves >= SIZE - 2) return 0;
    const min = -Math.floor((SIZE - 2 - moves) / 2);
    if (alpha < min && (alpha = min) >= beta) return alpha;
    let max = Math.floor((SIZE - 1 - moves) / 2);
    const key = cur + mask;
    const stored = this.table.get(key);
    if (stored !== undefined) max = stored;
    if (beta > max && alpha >= (beta = max)) return beta;
    const cand: [number, bigint][] = [];
    for (const c of ORDER) {
      const m = next & colMaskB(c);
      if (m) cand.push([popB(winB(cur | m, mask)), m]);
    }
    cand.sort((a, b) => b[0] - a[0]);
    for (const [, m] of cand) {
      const s = -this.negamax(cur ^ mask, mask | m, moves + 1, -beta, -alpha);
      if (s >= beta) return s;
      if (s > alpha) alpha = s;
    }
    this.table.set(key, alpha);
    return alpha;
  }
  solve(movesList: readonly number[]): number {
    let cur = 0n;
    let mask = 0n;
    for (const c of movesList) {
      cur ^= mask;
      mask |= mask + (1n << B(c * (H + 1)));
    }
    const moves = movesList.length;
    if (winB(cur, mask) & ((mask + BOTTOM) & BOARD)) return Math.floor((SIZE + 1 - moves) / 2);
    let min = -Math.floor((SIZE - moves) / 2);
    let max = Math.floor((SIZE + 1 - moves) / 2);
    while (min < max) {
      let med = min + Math.trunc((max - min) / 2);
      if (med <= 0 && Math.trunc(min / 2) < med) med = Math.trunc(min / 2);
      else if (med >= 0 && Math.trunc(max / 2) > med) med = Math.trunc(max / 2);
      const r = this.negamax(cur, mask, moves, med, med + 1);
      if (r <= med) max = r;
      else min = r;
    }
    return min;
  }
}

// ---------- two 32-bit halves ----------
// A 64-bit value is (hi, lo), both uint32 in Numbers; helpers return the high half through `HI`.
let HI = 0;
function shl(h: number, l: number, n: number): number {
  if (n === 0) {
    HI = h;
    return l;
  }
  if (n >= 32) {
    HI = (l << (n - 32)) >>> 0;
    return 0;
  }
  HI = ((h << n) | (l >>> (32 - n))) >>> 0;
  return (l << n) >>> 0;
}
function shr(h: number, l: number, n: number): number {
  if (n === 0) {
    HI = h;
    return l;
  }
  if (n >= 32) {
    HI = 0;
    return h >>> (n - 32);
  }
  HI = h >>> n;
  return ((l >>> n) | (h << (32 - n))) >>> 0;
}
function pop32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
const BOTTOM_H = Number(BOTTOM >> 32n);
const BOTTOM_L = Number(BOTTOM & 0xffffffffn);
const BOARD_H = Number(BOARD >> 32n);
const BOARD_L = Number(BOARD & 0xffffffffn);
const COL_H = ORDER.map((_, c) => Number(colMaskB(c) >> 32n));
const COL_L = ORDER.map((_, c) => Number(colMaskB(c) & 0xffffffffn));

function winPair(ph: number, pl: number, mh: number, ml: number): number {
  let rl = shl(ph, pl, 1);
  let rh = HI;
  rl &= shl(ph, pl, 2);
  rh &= HI;
  rl &= shl(ph, pl, 3);
  rh &= HI;
  for (const d of [H + 1, H, H + 2]) {
    let pL = shl(ph, pl, d);
    let pH = HI;
    pL &= shl(ph, pl, 2 * d);
    pH &= HI;
    let tL = shl(ph, pl, 3 * d);
    rl |= pL & tL;
    rh |= pH & HI;
    tL = shr(ph, pl, d);
    rl |= pL & tL;
    rh |= pH & HI;
    pL = shr(ph, pl, d);
    pH = HI;
    pL &= shr(ph, pl, 2 * d);
    pH &= HI;
    tL = shl(ph, pl, d);
    rl |= pL & tL;
    rh |= pH & HI;
    tL = shr(ph, pl, 3 * d);
    rl |= pL & tL;
    rh |= pH & HI;
  }
  HI = (rh & (BOARD_H ^ mh)) >>> 0;
  return (rl & (BOARD_L ^ ml)) >>> 0;
}
function add(h1: number, l1: number, h2: number, l2: number): number {
  const l = l1 + l2;
  HI = (h1 + h2 + (l > 0xffffffff ? 1 : 0)) >>> 0;
  return l >>> 0;
}

class PairSolver {
  nodes = 0;
  private readonly table = new Map<number, number>();
  reset(): void {
    this.table.clear();
  }
  private negamax(
    ch: number,
    cl: number,
    mh: number,
    ml: number,
    moves: number,
    alpha: number,
    beta: number,
  ): number {
    this.nodes++;
    let pl = add(mh, ml, BOTTOM_H, BOTTOM_L);
    let ph = HI & BOARD_H;
    pl &= BOARD_L;
    const wl = winPair((ch ^ mh) >>> 0, (cl ^ ml) >>> 0, mh, ml);
    const wh = HI;
    const fl = (pl & wl) >>> 0;
    const fh = (ph & wh) >>> 0;
    if (fl || fh) {
      if (pop32(fl) + pop32(fh) > 1) return -Math.floor((SIZE - moves) / 2);
      pl = fl;
      ph = fh;
    }
    const bl = shr(wh, wl, 1);
    pl = (pl & ~bl) >>> 0;
    ph = (ph & ~HI) >>> 0;
    if (!pl && !ph) return -Math.floor((SIZE - moves) / 2);
    if (moves >= SIZE - 2) return 0;
    const min = -Math.floor((SIZE - 2 - moves) / 2);
    if (alpha < min && (alpha = min) >= beta) return alpha;
    let max = Math.floor((SIZE - 1 - moves) / 2);
    const kl = add(ch, cl, mh, ml);
    const key = HI * 4294967296 + kl;
    const stored = this.table.get(key);
    if (stored !== undefined) max = stored;
    if (beta > max && alpha >= (beta = max)) return beta;
    const cand: number[] = [];
    for (const c of ORDER) {
      const mvl = (pl & COL_L[c]!) >>> 0;
      const mvh = (ph & COL_H[c]!) >>> 0;
      if (!mvl && !mvh) continue;
      const w = winPair((ch | mvh) >>> 0, (cl | mvl) >>> 0, mh, ml);
      cand.push(((pop32(w) + pop32(HI)) << 4) | c);
    }
    // stable: higher score first, then centre-first order as pushed
    const sorted = cand
      .map((v, i) => [v >> 4, i, v & 15] as const)
      .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, , c] of sorted) {
      const mvl = (pl & COL_L[c]!) >>> 0;
      const mvh = (ph & COL_H[c]!) >>> 0;
      const s = -this.negamax(
        (ch ^ mh) >>> 0,
        (cl ^ ml) >>> 0,
        (mh | mvh) >>> 0,
        (ml | mvl) >>> 0,
        moves + 1,
        -beta,
        -alpha,
      );
      if (s >= beta) return s;
      if (s > alpha) alpha = s;
    }
    this.table.set(key, alpha);
    return alpha;
  }
  solve(movesList: readonly number[]): number {
    let ch = 0;
    let cl = 0;
    let mh = 0;
    let ml = 0;
    for (const c of movesList) {
      ch = (ch ^ mh) >>> 0;
      cl = (cl ^ ml) >>> 0;
      const bl = shl(0, 1, c * (H + 1));
      const l = add(mh, ml, HI, bl);
      mh = (mh | HI) >>> 0;
      ml = (ml | l) >>> 0;
    }
    const moves = movesList.length;
    const wl = winPair(ch, cl, mh, ml);
    const wh = HI;
    const pl = add(mh, ml, BOTTOM_H, BOTTOM_L);
    if (wl & pl & BOARD_L || wh & HI & BOARD_H) return Math.floor((SIZE + 1 - moves) / 2);
    let min = -Math.floor((SIZE - moves) / 2);
    let max = Math.floor((SIZE + 1 - moves) / 2);
    while (min < max) {
      let med = min + Math.trunc((max - min) / 2);
      if (med <= 0 && Math.trunc(min / 2) < med) med = Math.trunc(min / 2);
      else if (med >= 0 && Math.trunc(max / 2) > med) med = Math.trunc(max / 2);
      const r = this.negamax(ch, cl, mh, ml, moves, med, med + 1);
      if (r <= med) max = r;
      else min = r;
    }
    return min;
  }
}

// ---------- run ----------
const { values } = parseArgs({ options: { limit: { type: 'string' }, set: { type: 'string' } } });
const set = loadPonsSet(values.set ?? 'Test_L2_R1');
if ('missing' in set) {
  console.log(`skipped: ${set.missing}`);
  process.exit(0);
}
const cases = set.cases.slice(0, Number(values.limit ?? 200));
const wasm = new Solver({ tableBits: 22 });
const engines: [
  string,
  { reset(): void; solve(m: readonly number[]): number; nodes: () => number },
][] = [
  [
    'BigInt',
    (() => {
      const s = new BigIntSolver();
      return {
        reset: () => {
          s.reset();
        },
        solve: (m) => s.solve(m),
        nodes: () => s.nodes,
      };
    })(),
  ],
  [
    'two 32-bit Numbers',
    (() => {
      const s = new PairSolver();
      return {
        reset: () => {
          s.reset();
        },
        solve: (m) => s.solve(m),
        nodes: () => s.nodes,
      };
    })(),
  ],
  [
    'wasm (AssemblyScript i64)',
    (() => {
      let n = 0;
      return {
        reset: () => {
          wasm.reset();
        },
        solve: (m) => {
          const r = wasm.solve({ variant: CLASSIC, moves: m });
          if (!r.ok) throw r.error;
          n += r.value.nodes;
          return r.value.score!;
        },
        nodes: () => n,
      };
    })(),
  ],
];
console.log(
  `| representation | positions (${values.set ?? 'Test_L2_R1'}) | all correct | mean time | nodes/s |`,
);
console.log('|---|---|---|---|---|');
for (const [name, engine] of engines) {
  for (const c of cases.slice(0, 50)) engine.solve(c.moves); // warm-up
  const before = engine.nodes();
  let wrong = 0;
  const start = performance.now();
  for (const c of cases) {
    engine.reset();
    if (engine.solve(c.moves) !== c.score) wrong++;
  }
  const ms = performance.now() - start;
  const nodes = engine.nodes() - before;
  console.log(
    `| ${name} | ${cases.length} | ${wrong === 0 ? 'yes' : `no (${wrong})`} | ${((ms / cases.length) * 1000).toFixed(0)} µs | ${(nodes / ms / 1000).toFixed(2)} M |`,
  );
}
