// Allis' rules (experiments/knowledge) against the exact solver: a proof that is ever wrong is
// worse than none, so every proof made here is checked, on random positions of several boards
// of even height and on positions from real 7x6 games.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC, createVariant, parseMoves, unwrap, type Variant } from '../../src/core/index.js';
import { Solver, parseBook } from '../../src/solver/index.js';
import {
  describeSolution,
  proveAtLeastDraw,
  proveNoWin,
  RULES,
  rulesApply,
  type RuleSet,
  type Solution,
} from './index.js';
import { analyzeAssisted, weakSolveAssisted } from './assisted.js';
import { compatible } from './combine.js';
import { boardFromMoves, wins } from '../../test/solver/minimax.js';
import { PONS_SETS, loadPonsSet } from '../../test/support/pons-tests.js';
import { describeIf } from '../../test/support/skips.js';

const root = join(import.meta.dirname, '..', '..');
const solver = new Solver({ tableBits: 20 });
const moves = (s: string): number[] => unwrap(parseMoves(s, CLASSIC));

/** The exact win/draw/loss of the side to move. */
const weak = (variant: Variant, m: readonly number[]): number =>
  unwrap(solver.solve({ variant, moves: m }, { weak: true, noBook: true })).score!;

describe("Allis' published result: Black draws unless White starts in the centre", () => {
  const book = unwrap(parseBook(readFileSync(join(root, 'src/solver/book/7x6.book'))));

  it('after a first disc outside the centre column a Black reply is proved', () => {
    for (const first of ['1', '2', '3', '5', '6', '7']) {
      const proof = proveAtLeastDraw({ variant: CLASSIC, moves: moves(first) });
      expect(proof.proved, first).toBe(true);
      if (!proof.proved) continue;
      // the opening book's exact scores (complete to ply 1) agree: Black draws or wins
      expect(book.lookup(moves(first))).toBeGreaterThanOrEqual(0);
      const reply = [...moves(first), proof.column];
      expect(proveNoWin({ variant: CLASSIC, moves: reply }).proved).toBe(true);
      const score = book.lookup(reply);
      if (score !== undefined) expect(score).toBeLessThanOrEqual(0);
    }
  });

  it('proves nothing where White wins: the empty board and a first disc in the centre', () => {
    expect(proveNoWin({ variant: CLASSIC, moves: [] }).proved).toBe(false);
    expect(proveAtLeastDraw({ variant: CLASSIC, moves: moves('4') }).proved).toBe(false);
  });

  it('names the rules it used', () => {
    const proof = proveNoWin({ variant: CLASSIC, moves: moves('14') });
    expect(proof.proved).toBe(true);
    if (!proof.proved) return;
    const described = proof.solutions.map((s) => describeSolution(s, CLASSIC.height));
    expect(described.some((d) => /^claimeven [a-g][135] [a-g][246]$/.test(d))).toBe(true);
  });
});

describe('the rules apply only where the side not to move controls the zugzwang', () => {
  it('needs an even height and an even number of empty cells', () => {
    expect(rulesApply({ variant: CLASSIC, moves: moves('44') })).toBe(true);
    expect(rulesApply({ variant: CLASSIC, moves: moves('4') })).toBe(false);
    const odd = unwrap(createVariant({ width: 6, height: 5, connect: 4 }));
    expect(rulesApply({ variant: odd, moves: [] })).toBe(false);
    expect(proveNoWin({ variant: CLASSIC, moves: moves('4') })).toMatchObject({
      proved: false,
      reason: 'parity',
    });
  });
});

/** A seeded generator, so a failure names a position that can be replayed. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

/** A random unfinished position of `plies` discs (no move that would win is ever played). */
function randomPosition(variant: Variant, plies: number, rand: () => number): number[] | null {
  const m: number[] = [];
  while (m.length < plies) {
    const board = boardFromMoves(variant, m)!;
    const legal = [...Array(variant.width).keys()].filter(
      (c) => board.heights[c]! < variant.height && !wins(board, c),
    );
    if (legal.length === 0) return null;
    m.push(legal[Math.floor(rand() * legal.length)]!);
  }
  return m;
}

/**
 * Checks every proof the rules make on `m`, with all the rules and with two random subsets of
 * them (a subset is as sound as the whole, and forces other combinations of rules); returns how
 * many proofs were made.
 */
function checkPosition(variant: Variant, m: readonly number[], rand?: () => number): number {
  const input = { variant, moves: m };
  const name = m.map((c) => c + 1).join('');
  let truth: number | undefined;
  let proofs = 0;
  const ruleSets: RuleSet[] = [new Set(RULES)];
  if (rand) for (let i = 0; i < 2; i++) ruleSets.push(new Set(RULES.filter(() => rand() < 0.6)));
  for (const rules of ruleSets) {
    if (rulesApply(input)) {
      const proof = proveNoWin(input, { rules });
      if (!proof.proved) continue;
      const why = proof.solutions.map((s) => describeSolution(s, variant.height)).join(', ');
      truth ??= weak(variant, m);
      expect(truth, `${name}: ${why}`).toBeLessThanOrEqual(0);
    } else {
      const proof = proveAtLeastDraw(input, { rules });
      if (!proof.proved) continue;
      truth ??= weak(variant, m);
      expect(truth, name).toBeGreaterThanOrEqual(0);
    }
    proofs++;
  }
  return proofs;
}

describe('every proof agrees with the exact solver', () => {
  // board, random positions, plies from..to (7x6 starts late: early weak solves cost seconds)
  const cases: [string, number, number, number][] = [
    ['5x4c4', 300, 2, 16],
    ['6x4c4', 300, 2, 20],
    ['7x4c4', 200, 4, 24],
    ['4x6c4', 300, 2, 20],
    ['5x6c4', 200, 4, 26],
    ['6x6c4', 150, 8, 30],
    ['7x6c4', 150, 16, 36],
  ];
  it.each(cases)('%s: %i random positions', (name, count, from, to) => {
    const [width, height, connect] = name.split(/[xc]/).map(Number) as [number, number, number];
    const variant = unwrap(createVariant({ width, height, connect }));
    const rand = lcg(width * 1000 + height * 10 + connect);
    let proofs = 0;
    for (let i = 0; i < count; i++) {
      const m = randomPosition(variant, from + Math.floor(rand() * (to - from + 1)), rand);
      if (m) proofs += checkPosition(variant, m, rand);
    }
    // the check is only worth something if the rules proved a fair share of them
    expect(proofs).toBeGreaterThan(count / 20);
  });

  it('7x6: positions from real games, plies 9 to 16, and every column after them', () => {
    const games = readFileSync(join(root, 'scripts/bench/analysis-games.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map(moves);
    let proofs = 0;
    for (const game of games) {
      for (let ply = 9; ply <= 16 && ply < game.length; ply++) {
        const position = game.slice(0, ply);
        proofs += checkPosition(CLASSIC, position);
        const board = boardFromMoves(CLASSIC, position)!;
        for (let c = 0; c < CLASSIC.width; c++) {
          if (board.heights[c]! < CLASSIC.height && !wins(board, c)) {
            proofs += checkPosition(CLASSIC, [...position, c]);
          }
        }
      }
    }
    expect(proofs).toBeGreaterThan(20);
  });
});

const ponsSets = PONS_SETS.map((set) => ({ set, loaded: loadPonsSet(set.file) }));
const ponsMissing = ponsSets
  .map(({ loaded }) => ('missing' in loaded ? loaded.missing : undefined))
  .find((m) => m !== undefined);

describeIf('every proof agrees with the scores of the Pons test sets', ponsMissing, () => {
  it.each(ponsSets.map(({ set, loaded }) => [set.file, loaded] as const))('%s', (_file, loaded) => {
    if (!('cases' in loaded)) return;
    let proofs = 0;
    for (const { moves: m, score, text } of loaded.cases) {
      const input = { variant: CLASSIC, moves: m };
      if (rulesApply(input)) {
        if (!proveNoWin(input).proved) continue;
        expect(score, text).toBeLessThanOrEqual(0);
      } else {
        if (!proveAtLeastDraw(input).proved) continue;
        expect(score, text).toBeGreaterThanOrEqual(0);
      }
      proofs++;
    }
    expect(proofs).toBeGreaterThan(loaded.cases.length / 20);
  });
});

describe('the rules in front of the search give the solver’s answers', () => {
  const positions = [
    '514644524554', // a draw the rules prove "cannot win" for the side to move
    '51464452455452',
    '2362224433573411',
    '23222635455543',
    '46624277661444',
  ];
  it.each(positions)('weak solve and weak analysis of %s', (s) => {
    const input = { variant: CLASSIC, moves: moves(s) };
    solver.reset();
    const plain = unwrap(solver.solve(input, { weak: true, noBook: true }));
    solver.reset();
    const assisted = unwrap(weakSolveAssisted(solver, input, { noBook: true }));
    expect(assisted.score).toBe(plain.score);
    solver.reset();
    const plainAnalysis = unwrap(solver.analyze(input, { weak: true, noBook: true }));
    solver.reset();
    const assistedAnalysis = unwrap(analyzeAssisted(solver, input, { noBook: true }));
    expect(assistedAnalysis.columns).toEqual(plainAnalysis.columns.map((c) => c?.score ?? null));
  });

  it('a ruled position costs fewer nodes than the plain weak solve', () => {
    const input = { variant: CLASSIC, moves: moves('514644524554') };
    solver.reset();
    const plain = unwrap(solver.solve(input, { weak: true, noBook: true }));
    solver.reset();
    const assisted = unwrap(weakSolveAssisted(solver, input, { noBook: true }));
    expect(assisted.ruled).toBe(true);
    expect(assisted.nodes).toBeLessThan(plain.nodes);
  });
});

describe('combining rules (Allis, section 7.1)', () => {
  // 7 columns; squares as per-column masks of rows (row 0 at the bottom)
  const sol = (
    rule: Solution['rule'],
    squares: [number, number][],
    claimevenLowers: [number, number][] = [],
  ): Solution => {
    const columns = new Uint16Array(7);
    const lowers = new Uint16Array(7);
    for (const [c, r] of squares) columns[c]! |= 1 << r;
    for (const [c, r] of claimevenLowers) lowers[c]! |= 1 << r;
    return { rule, columns, claimevenLowers: lowers, groups: new Uint32Array(3), cells: [] };
  };
  const ce = (c: number, lower: number) =>
    sol(
      'claimeven',
      [
        [c, lower],
        [c, lower + 1],
      ],
      [[c, lower]],
    );
  // a2 a3 and c2 c3 (rows 1 and 2 from 0)
  const low = sol('lowinverse', [
    [0, 1],
    [0, 2],
    [2, 1],
    [2, 2],
  ]);

  it('claimevens in different squares combine; sharing a square they do not', () => {
    expect(compatible(ce(0, 0), ce(0, 2))).toBe(true);
    expect(compatible(ce(0, 0), ce(1, 0))).toBe(true);
    expect(compatible(ce(0, 0), ce(0, 0))).toBe(false);
  });

  it('no Claimeven below a Lowinverse in its columns; above it is fine', () => {
    expect(compatible(ce(0, 0), low)).toBe(false); // a1 a2: below (and sharing a2)
    expect(compatible(low, ce(2, 0))).toBe(false);
    expect(compatible(ce(0, 2), low)).toBe(false); // a3 a4: sharing a3
    expect(compatible(ce(0, 4), low)).toBe(true); // a5 a6: above
    expect(compatible(ce(1, 0), low)).toBe(true); // another column
    const high = sol('lowinverse', [
      [0, 3],
      [0, 4],
      [2, 3],
      [2, 4],
    ]);
    expect(compatible(ce(0, 0), high)).toBe(false); // a1 a2 under a4 a5, no square shared
  });

  it('Afterevens may share whole Claimevens, not parts of a column', () => {
    const a = sol(
      'aftereven',
      [
        [1, 0],
        [1, 1],
        [2, 0],
        [2, 1],
      ],
      [
        [1, 0],
        [2, 0],
      ],
    );
    const b = sol(
      'aftereven',
      [
        [2, 0],
        [2, 1],
        [3, 0],
        [3, 1],
      ],
      [
        [2, 0],
        [3, 0],
      ],
    );
    const c = sol('aftereven', [
      [2, 1],
      [2, 2],
    ]);
    expect(compatible(a, b)).toBe(true);
    expect(compatible(a, c)).toBe(false);
  });
});
