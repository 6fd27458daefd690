import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLASSIC, Position, createVariant, parseMoves } from '../../src/core/index.js';
import { Solver } from '../../src/solver/index.js';
import { hintLabel, rankEstimates, type Hint } from '../../src/web/state/hints.js';
import { isMirrorSymmetric, symmetricHints } from '../../src/web/state/symmetry.js';
import { analyzeWithMirror } from '../../src/web/worker/mirror-analysis.js';

const classic = (moves: string): Position => {
  const columns = parseMoves(moves, CLASSIC);
  if (!columns.ok) throw columns.error;
  const position = Position.fromMoves(CLASSIC, columns.value);
  if (!position.ok) throw position.error;
  return position.value;
};

const labels = (hints: readonly Hint[]): string[] => hints.map((h) => hintLabel(h).short);

describe('mirror symmetry', () => {
  it('knows which positions equal their mirror image', () => {
    for (const moves of ['', '4', '44', '4444', '147', '3256', '44444412761276']) {
      expect(isMirrorSymmetric(classic(moves)), moves).toBe(true);
    }
    for (const moves of ['1', '34', '3553', '1717', '2626444']) {
      expect(isMirrorSymmetric(classic(moves)), moves).toBe(false);
    }
  });

  it('makes the hints of 4444 symmetric: the proof wins over its starred mirror', () => {
    // What the page showed after 4444 when the analysis stopped at its time limit.
    const shown: Hint[] = rankEstimates([
      { kind: 'loss', moves: 18 },
      { kind: 'estimate', value: 40 },
      { kind: 'estimate', value: 35 },
      { kind: 'win', moves: null },
      { kind: 'estimate', value: 36 },
      { kind: 'estimate', value: -20 },
      { kind: 'estimate', value: 40 },
    ]);
    expect(labels(shown)).toEqual(['L18', '~★', '~−1', 'W', '~−1', '~−10', '~★']);
    const fixed = symmetricHints(shown);
    expect(labels(fixed)).toEqual(['L18', '~★', '~−10', 'W', '~−10', '~★', 'L18']);
    for (let c = 0; c < 7; c++) expect(fixed[c]).toEqual(fixed[6 - c]);
  });

  it('gives mirror columns the same exact scores as the full analysis, searching half of them', () => {
    const solver = new Solver({ tableBits: 20 });
    // Deep enough to solve in a moment without the book.
    for (const moves of ['44444412761276', '325632561276']) {
      const position = classic(moves);
      const input = { variant: CLASSIC, moves: position.moves };
      for (const weak of [true, false]) {
        solver.reset();
        const full = solver.analyze(input, { weak });
        solver.reset();
        const mirrored = analyzeWithMirror(solver, position, { weak });
        if (!full.ok || !mirrored.ok) throw new Error('analysis failed');
        expect(mirrored.value.columns, `${moves} weak=${weak}`).toEqual(full.value.columns);
        expect(mirrored.value.score).toBe(full.value.score);
        expect(mirrored.value.nodes).toBeLessThanOrEqual(full.value.nodes);
        if (full.value.nodes > 1000) expect(mirrored.value.nodes).toBeLessThan(full.value.nodes);
      }
    }
  });

  it('stays symmetric when the budget runs out mid-analysis', () => {
    const solver = new Solver({ tableBits: 20 });
    for (const maxNodes of [1, 1000, 30_000, 300_000]) {
      solver.reset();
      const result = analyzeWithMirror(solver, classic('4444'), { maxNodes });
      if (!result.ok) throw result.error;
      const columns = result.value.columns;
      for (let c = 0; c < 7; c++) expect(columns[c], `${maxNodes} nodes`).toEqual(columns[6 - c]);
    }
  });

  it('leaves asymmetric positions to the full analysis', () => {
    const solver = new Solver({ tableBits: 18 });
    const position = classic('44444412761277');
    expect(isMirrorSymmetric(position)).toBe(false);
    solver.reset();
    const full = solver.analyze({ variant: CLASSIC, moves: position.moves });
    solver.reset();
    const same = analyzeWithMirror(solver, position);
    expect(same).toEqual(full);
  });

  it('any symmetric hint list is a fixed point, and the result is always symmetric', () => {
    const hint = fc.oneof(
      fc.constant<Hint>({ kind: 'draw' }),
      fc.constant<Hint>({ kind: 'unknown' }),
      fc.constant<Hint>({ kind: 'notLosing' }),
      fc.integer({ min: 1, max: 20 }).map<Hint>((moves) => ({ kind: 'win', moves })),
      fc.integer({ min: 1, max: 20 }).map<Hint>((moves) => ({ kind: 'loss', moves })),
      fc.integer({ min: -500, max: 500 }).map<Hint>((value) => ({ kind: 'estimate', value })),
    );
    fc.assert(
      fc.property(fc.array(hint, { minLength: 1, maxLength: 12 }), (hints) => {
        const once = symmetricHints(hints);
        for (let c = 0; c < once.length; c++) expect(once[c]).toEqual(once[once.length - 1 - c]);
        expect(symmetricHints(once)).toEqual(once);
      }),
    );
  });

  it('checks symmetry on other boards too', () => {
    const variant = createVariant({ width: 8, height: 7, connect: 4 });
    if (!variant.ok) throw variant.error;
    const position = Position.fromMoves(variant.value, [3, 0, 4, 7]);
    if (!position.ok) throw position.error;
    expect(isMirrorSymmetric(position.value)).toBe(true);
  });
});
