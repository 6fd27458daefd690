import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  ErrorCode,
  Position,
  createVariant,
  unwrap,
  type Variant,
} from '../../src/core/index.js';
import { Solver, solverSupports } from '../../src/solver/index.js';

const solver = new Solver({ tableBits: 18 });
const variant = (w: number, h: number, n: number) =>
  unwrap(createVariant({ width: w, height: h, connect: n }));
// The first 20 moves of a Test_L3_R1 line: a middle-game position that takes thousands of nodes.
const HARD = '2252576253462244111563365343671351441'
  .split('')
  .map((c) => Number(c) - 1)
  .slice(0, 20);

describe('solverSupports', () => {
  it('accepts every board whose bitboard fits in 64 bits, and no other', () => {
    expect(solverSupports(CLASSIC)).toBe(true);
    expect(solverSupports(variant(8, 7, 4))).toBe(true); // 8 * 8 = 64
    expect(solverSupports(variant(9, 6, 4))).toBe(true);
    expect(solverSupports(variant(5, 10, 4))).toBe(true);
    expect(solverSupports(variant(4, 11, 4))).toBe(true);
    expect(solverSupports(variant(6, 7, 5))).toBe(true);
    // past 64 bits: the wide build
    expect(solverSupports(variant(8, 8, 4))).toBe(true);
    expect(solverSupports(variant(12, 12, 4))).toBe(true);
  });

  it('refuses boards past 192 bits with a typed error, never an answer', () => {
    // No board the game offers is that large: forged past createVariant's limits.
    const huge = { width: 16, height: 12, connect: 4 } as Variant;
    expect(solverSupports(huge)).toBe(false);
    const result = solver.solve({ variant: huge, moves: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(ErrorCode.SolverUnsupported);
    const analysis = solver.analyze({ variant: { ...huge, width: 15 }, moves: [] });
    expect(analysis.ok ? 'ok' : analysis.error.code).toBe(ErrorCode.SolverUnsupported);
  });
});

describe('input checks', () => {
  it('names the bad move', () => {
    const codes = [
      { moves: [7] },
      { moves: [0, 0, 0, 0, 0, 0, 0] },
      { moves: [0, 1, 0, 1, 0, 1, 0] },
      { moves: [0, 1, 0, 1, 0, 1, 0, 1] },
      { moves: [1.5] },
    ].map(({ moves }) => {
      const r = solver.solve({ variant: CLASSIC, moves });
      return r.ok ? 'ok' : r.error.code;
    });
    expect(codes).toEqual([
      ErrorCode.ColumnOutOfRange,
      ErrorCode.ColumnFull,
      ErrorCode.GameOver,
      ErrorCode.IllegalMove,
      ErrorCode.ColumnOutOfRange,
    ]);
  });

  it('reports the first bad move, in order, however long the move list', () => {
    const message = (moves: number[]): string => {
      const r = solver.solve({ variant: CLASSIC, moves });
      return r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`;
    };
    // a full column before an off-board column: the full column is named
    expect(message([0, 0, 0, 0, 0, 0, 0, 9])).toBe(
      `${ErrorCode.ColumnFull}: move 7: column 1 is full`,
    );
    expect(message([0, 1, 9, 0])).toBe(
      `${ErrorCode.ColumnOutOfRange}: move 3: column 9 is not on a board 7 wide`,
    );
    expect(message([0, 1, 0, 1, 0, 1, 0, 1])).toBe(
      `${ErrorCode.IllegalMove}: move 8: the game ended at move 7`,
    );
    // longer than the engine's move buffer: played one by one, same answer
    const long = Array.from({ length: 300 }, (_, i) => [0, 0, 1, 1, 2, 2][i % 6]!);
    expect(message(long)).toBe(`${ErrorCode.ColumnFull}: move 19: column 1 is full`);
    // and a good position still loads afterwards
    expect(unwrap(solver.solve({ variant: CLASSIC, moves: [3, 3, 4, 4, 5] })).score).toBe(-18);
  });

  it('accepts a core Position as input', () => {
    const position = unwrap(Position.fromMoves(CLASSIC, [3, 3, 4, 4, 5]));
    // the side to move cannot stop both ends of 3 in a row: loses to the next disc
    expect(unwrap(solver.solve(position)).score).toBe(-18);
  });

  it('scores a full board as a draw', () => {
    const tiny = variant(4, 3, 4);
    // fill 4x3 (connect 4: only rows can win) so that no row is one colour
    const moves = [0, 0, 0, 1, 1, 1, 3, 2, 2, 2, 3, 3];
    expect(unwrap(Position.fromMoves(tiny, moves)).outcome.kind).toBe('draw');
    expect(unwrap(solver.solve({ variant: tiny, moves })).score).toBe(0);
    expect(unwrap(solver.solve({ variant: tiny, moves: moves.slice(0, 11) })).score).toBe(0);
  });
});

describe('transposition table', () => {
  // The table region grows during a search and never shrinks within a generation: whatever
  // the table size and whatever was solved before without a reset, the scores are the same.
  it('gives the same scores for every table size, cleared or kept between positions', () => {
    const positions = [HARD, HARD.slice(0, 12), HARD.slice(0, 16), [3, 3, 4, 4, 5]];
    const reference = positions.map((moves) => {
      solver.reset();
      return unwrap(solver.solve({ variant: CLASSIC, moves })).score;
    });
    for (const tableBits of [10, 12, 16, 20]) {
      const small = new Solver({ tableBits });
      const kept = positions.map((moves) => unwrap(small.solve({ variant: CLASSIC, moves })).score);
      expect(kept, `2^${tableBits}, kept`).toEqual(reference);
      const analysis = unwrap(small.analyze({ variant: CLASSIC, moves: HARD.slice(0, 14) }));
      small.reset();
      const fresh = unwrap(small.analyze({ variant: CLASSIC, moves: HARD.slice(0, 14) }));
      expect(analysis.columns, `2^${tableBits}, analysis`).toEqual(fresh.columns);
    }
  });
});

describe('budgets', () => {
  it('returns proven bounds that contain the exact score when the node budget runs out', () => {
    solver.reset();
    const exact = unwrap(solver.solve({ variant: CLASSIC, moves: HARD }));
    expect(exact.exact).toBe(true);
    expect(exact.nodes).toBeGreaterThan(1000);
    solver.reset();
    const cut = unwrap(solver.solve({ variant: CLASSIC, moves: HARD }, { maxNodes: 500 }));
    expect(cut.exact).toBe(false);
    expect(cut.score).toBeNull();
    expect(cut.stopped).toBe('nodes');
    expect(cut.nodes).toBeLessThanOrEqual(501);
    expect(cut.lower).toBeLessThanOrEqual(exact.score!);
    expect(cut.upper).toBeGreaterThanOrEqual(exact.score!);
  });

  it('stops when asked (callback, signal) or when the clock runs out', () => {
    solver.reset();
    let asked = 0;
    // Asked every 4096 nodes, it says stop on the second ask: the 17-disc position (17.9k
    // nodes) outlasts two asks, the 20-disc one (6.3k since nodes are counted past the static
    // checks) does not.
    const byCallback = unwrap(
      solver.solve(
        { variant: CLASSIC, moves: HARD.slice(0, 17) },
        { shouldStop: () => ++asked > 1 },
      ),
    );
    expect(byCallback.stopped).toBe('stopped');
    solver.reset();
    const bySignal = unwrap(
      solver.solve({ variant: CLASSIC, moves: HARD }, { signal: { aborted: true } }),
    );
    expect(bySignal.stopped).toBe('stopped');
    solver.reset();
    let clock = 0;
    // The clock is read every 4096 nodes: a position that takes well over three readings (the
    // 20-disc one, 10.7k nodes since the search judges moves statically, is too short).
    const byTime = unwrap(
      solver.solve(
        { variant: CLASSIC, moves: HARD.slice(0, 8) },
        { timeLimitMs: 10, now: () => (clock += 4) },
      ),
    );
    expect(byTime.stopped).toBe('time');
    expect(byTime.lower).toBeLessThanOrEqual(byTime.upper);
  });

  it('analyze shares the budget across columns and keeps exact columns exact', () => {
    solver.reset();
    const full = unwrap(solver.analyze({ variant: CLASSIC, moves: HARD }));
    solver.reset();
    const cut = unwrap(solver.analyze({ variant: CLASSIC, moves: HARD }, { maxNodes: 2000 }));
    expect(cut.stopped).toBe('nodes');
    cut.columns.forEach((c, i) => {
      const f = full.columns[i];
      if (c === null || f === null || f === undefined) {
        expect(c).toEqual(f);
        return;
      }
      expect(c.lower).toBeLessThanOrEqual(f.score!);
      expect(c.upper).toBeGreaterThanOrEqual(f.score!);
    });
  });
});

describe('analyze', () => {
  it('agrees with solve on each child and its best column is the solve score', () => {
    const moves = HARD.slice(0, 16);
    const analysis = unwrap(solver.analyze({ variant: CLASSIC, moves }));
    const score = unwrap(solver.solve({ variant: CLASSIC, moves })).score;
    expect(analysis.score).toBe(score);
    analysis.columns.forEach((column, c) => {
      if (column === null) return;
      const child = solver.solve({ variant: CLASSIC, moves: [...moves, c] });
      if (child.ok) expect(column.score).toBe(0 - child.value.score!);
      else expect(child.error.code).toBe(ErrorCode.GameOver);
    });
  });

  it('marks full columns with null', () => {
    const moves = [0, 0, 0, 0, 0, 0];
    const analysis = unwrap(
      solver.analyze({ variant: CLASSIC, moves: [...moves, 1, 2, 3] }, { maxNodes: 1000 }),
    );
    expect(analysis.columns[0]).toBeNull();
    expect(analysis.columns.filter((c) => c === null)).toHaveLength(1);
  });
});
