import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode, createVariant, unwrap, type Variant } from '../../src/core/index.js';
import { Solver, needsWideKey, solverSupports } from '../../src/solver/index.js';
import { boardFromMoves, minimax, wins } from './minimax.js';

// The wide build (src/solver/assembly/wide: 192-bit bitboards) against three references: the
// 64-bit build on boards both can hold, a plain minimax near the end of big boards, and the
// published outcomes of whole small boards.

const variant = (width: number, height: number, connect = 4): Variant =>
  unwrap(createVariant({ width, height, connect }));

const narrow = new Solver({ tableBits: 18 });
const wide = new Solver({ tableBits: 18, wideKeys: true });

/**
 * A legal, unfinished position reached by playing `picks` (indices into the columns that do not
 * win, so that games rarely end early).
 */
function positionFrom(
  v: Variant,
  picks: readonly number[],
  start: readonly number[] = [],
): number[] {
  const moves: number[] = [...start];
  for (const pick of picks) {
    const board = boardFromMoves(v, moves)!;
    const legal = [...Array(v.width).keys()].filter(
      (c) => board.heights[c]! < v.height && !wins(board, c),
    );
    if (legal.length === 0) break;
    moves.push(legal[pick % legal.length]!);
  }
  return moves;
}

/**
 * First-player outcomes of the empty board with perfect play, and the move on which the game
 * ends: John Tromp's results (w + h <= 15) as tabulated in Christophe Steininger's c4 README
 * ("Outcome" and "Last Move"). A win on move M (the M-th disc) scores floor((W*H + 2 - M) / 2).
 */
const OUTCOMES: [width: number, height: number, winner: '1st' | '2nd' | 'draw', last: number][] = [
  [4, 4, 'draw', 16],
  [5, 4, 'draw', 20],
  [6, 4, '2nd', 24],
  [7, 4, 'draw', 28],
  [4, 5, 'draw', 20],
  [5, 5, 'draw', 25],
  [6, 5, 'draw', 30],
  [4, 6, 'draw', 24],
  [5, 6, 'draw', 30],
  [4, 7, 'draw', 28],
];

function publishedScore(width: number, height: number, winner: string, last: number): number {
  if (winner === 'draw') return 0;
  const score = Math.floor((width * height + 2 - last) / 2);
  return winner === '1st' ? score : -score;
}

describe('whole small boards against the published outcomes', () => {
  it.each(OUTCOMES)('%ix%i: %s, ending on move %i, on both builds', (w, h, winner, last) => {
    const v = variant(w, h);
    const want = publishedScore(w, h, winner, last);
    expect(unwrap(narrow.solve({ variant: v, moves: [] })).score).toBe(want);
    expect(unwrap(wide.solve({ variant: v, moves: [] })).score).toBe(want);
  });
});

describe('the wide build against the 64-bit one where both apply', () => {
  const boards: [string, Variant, number][] = [
    ['7x6', variant(7, 6), 16],
    ['8x7', variant(8, 7), 36],
    ['6x5c3', variant(6, 5, 3), 12],
    ['5x6c5', variant(5, 6, 5), 10],
    ['9x6', variant(9, 6), 32],
  ];
  it.each(boards)('%s: same scores for solve, weak solve and analyze', (_name, v, discs) => {
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(20), { minLength: discs, maxLength: discs + 6 }), (picks) => {
        const moves = positionFrom(v, picks);
        if (moves.length < discs) return;
        checked++;
        const input = { variant: v, moves };
        expect(unwrap(wide.solve(input)).score).toBe(unwrap(narrow.solve(input)).score);
        const weak = { weak: true } as const;
        expect(unwrap(wide.solve(input, weak)).score).toBe(unwrap(narrow.solve(input, weak)).score);
        const a = unwrap(wide.analyze(input)).columns.map((c) => c?.score);
        expect(a).toEqual(unwrap(narrow.analyze(input)).columns.map((c) => c?.score));
      }),
      { numRuns: 25 },
    );
    expect(checked).toBeGreaterThan(5);
  });
});

const DRAWN_12X12 =
  '10040800112202020022020222021233131113331311133343434466464644664646664656557757575577575755775787aa8a888aaa8a888aaa8a8abb9b999bbb9b999bbb9b999b';

describe('boards past 64 bits against a plain minimax', () => {
  // connect 6 on 12x10 and connect 5 on 11x11 take the general line code (shifts past a word);
  // the others the connect-4 fast path.
  const boards: [string, Variant, number][] = [
    ['10x6', variant(10, 6), 12],
    ['8x8', variant(8, 8), 12],
    ['9x7', variant(9, 7), 12],
    ['12x12', variant(12, 12), 11],
    ['11x11c5', variant(11, 11, 5), 12],
    ['12x10c6', variant(12, 10, 6), 12],
  ];
  it.each(boards)('%s: solve and analyze agree near the end', (_name, v, empty) => {
    expect(needsWideKey(v)).toBe(true);
    const size = v.width * v.height;
    // A random game on 12x12 seldom fills 133 cells without a line: start those from a full
    // 12x12 game without one (columns filled in pairs, found by a search), 20 discs short.
    const start =
      size === 144
        ? Array.from(DRAWN_12X12.slice(0, size - empty - 20), (c) => parseInt(c, 16))
        : [];
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(30), { minLength: size, maxLength: size }), (picks) => {
        const moves = positionFrom(v, picks.slice(0, size - empty - start.length), start);
        if (moves.length < size - empty) return;
        const board = boardFromMoves(v, moves)!;
        const want = minimax(board);
        checked++;
        expect(unwrap(wide.solve({ variant: v, moves })).score).toBe(want);
        // the default solver picks the wide build by itself
        const analysis = unwrap(narrow.analyze({ variant: v, moves }));
        expect(analysis.score).toBe(want);
      }),
      { numRuns: 40 },
    );
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the wide build through the API', () => {
  const big = variant(10, 6);
  it('supports every board the game offers, up to 12x12', () => {
    for (let w = 3; w <= 12; w++) {
      for (let h = 3; h <= 12; h++) {
        expect(solverSupports(variant(w, h, Math.min(4, Math.max(w, h))))).toBe(true);
      }
    }
  });

  it('names the bad move as the 64-bit build does', () => {
    const code = (moves: number[]): string => {
      const r = narrow.solve({ variant: big, moves });
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code([10])).toBe(ErrorCode.ColumnOutOfRange);
    expect(code([0, 0, 0, 0, 0, 0, 0])).toBe(ErrorCode.ColumnFull);
    expect(code([0, 1, 0, 1, 0, 1, 0])).toBe(ErrorCode.GameOver);
    expect(code([0, 1, 0, 1, 0, 1, 0, 1])).toBe(ErrorCode.IllegalMove);
  });

  it('switches builds per board without mixing their tables', () => {
    const classic = variant(7, 6);
    // line 1 of Steininger's 10x6 endgame_L1 (0-based columns) and of Pons' Test_L2_R1
    const endgame = '09194010048180864819489472487170925197366'.split('').map(Number);
    const middle = '5554224333234511764415115'.split('').map((c) => Number(c) - 1);
    for (let i = 0; i < 2; i++) {
      expect(unwrap(narrow.solve({ variant: big, moves: endgame })).score).toBe(8);
      expect(unwrap(narrow.solve({ variant: classic, moves: middle })).score).toBe(4);
    }
  });

  it('says when the budget ran out instead of guessing (empty 12x12)', () => {
    const r = unwrap(narrow.analyze({ variant: variant(12, 12), moves: [] }, { maxNodes: 5000 }));
    expect(r.stopped).toBe('nodes');
    expect(r.score).toBeNull();
    expect(r.columns.some((c) => c !== null && !c.exact)).toBe(true);
    for (const c of r.columns) expect(c!.lower).toBeLessThanOrEqual(c!.upper);
  });
});
