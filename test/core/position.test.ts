import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  createVariant,
  ErrorCode,
  parseGame,
  parseVariant,
  Position,
  positionToDiagram,
  unwrap,
  variantToString,
} from '../../src/core/index.js';
import { gameArb, variantArb } from './arbitraries.js';

describe('variants', () => {
  it('accepts 3..12 by 3..12 with connect 3..max(width, height), and names the field otherwise', () => {
    expect(unwrap(parseVariant('7x7c5'))).toEqual({ width: 7, height: 7, connect: 5 });
    expect(unwrap(parseVariant('7x6'))).toBe(CLASSIC);
    const bad = [
      [
        { width: 2, height: 6, connect: 3 },
        'width',
        'width must be a whole number from 3 to 12, got 2',
      ],
      [
        { width: 7, height: 13, connect: 4 },
        'height',
        'height must be a whole number from 3 to 12, got 13',
      ],
      [
        { width: 5, height: 4, connect: 6 },
        'connect',
        'connect must be a whole number from 3 to 5, got 6',
      ],
      [
        { width: 5, height: 4, connect: 2 },
        'connect',
        'connect must be a whole number from 3 to 5, got 2',
      ],
      [
        { width: 5.5, height: 4, connect: 3 },
        'width',
        'width must be a whole number from 3 to 12, got 5.5',
      ],
    ] as const;
    for (const [setup, field, message] of bad) {
      const result = createVariant(setup);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe(ErrorCode.VariantOutOfRange);
        expect(result.error.message).toBe(message);
        expect(result.error.field).toBe(field);
      }
    }
  });

  it('has no field when the text as a whole is not a variant', () => {
    const result = parseVariant('seven by six');
    expect(result.ok || result.error.field).toBe(undefined);
    expect(result.ok || result.error.code).toBe(ErrorCode.VariantSyntax);
  });

  it('writes what it parses', () => {
    fc.assert(
      fc.property(variantArb, (v) => {
        expect(unwrap(parseVariant(variantToString(v)))).toEqual(v);
      }),
    );
  });
});

describe('Position', () => {
  it('leaves the position unchanged after any rejected move', () => {
    fc.assert(
      fc.property(gameArb(), fc.integer({ min: -3, max: 15 }), (position, column) => {
        const before = {
          diagram: positionToDiagram(position),
          moves: [...position.moves],
          outcome: position.outcome,
        };
        const result = position.play(column);
        if (result.ok) return;
        expect([ErrorCode.ColumnOutOfRange, ErrorCode.ColumnFull, ErrorCode.GameOver]).toContain(
          result.error.code,
        );
        expect(positionToDiagram(position)).toBe(before.diagram);
        expect(position.moves).toEqual(before.moves);
        expect(position.outcome).toBe(before.outcome);
      }),
    );
  });

  it('undo restores every earlier position exactly', () => {
    fc.assert(
      fc.property(gameArb(), (position) => {
        const replay = Position.empty(position.variant);
        const diagrams = [positionToDiagram(replay)];
        for (const column of position.moves) {
          unwrap(replay.play(column));
          diagrams.push(positionToDiagram(replay));
        }
        for (let ply = position.ply; ply > 0; ply--) {
          expect(unwrap(replay.undo())).toBe(position.moves[ply - 1]);
          expect(positionToDiagram(replay)).toBe(diagrams[ply - 1]);
          expect(replay.outcome.kind).toBe('ongoing');
        }
        const nothing = replay.undo();
        expect(!nothing.ok && nothing.error.code).toBe(ErrorCode.NothingToUndo);
      }),
      { numRuns: 100 },
    );
  });

  it('reports turn, heights and legal columns', () => {
    const position = unwrap(parseGame('444444'));
    expect(position.turn).toBe(1);
    expect(position.heights).toEqual([0, 0, 0, 6, 0, 0, 0]);
    expect(position.legalColumns()).toEqual([0, 1, 2, 4, 5, 6]);
    expect(position.canPlay(3)).toBe(false);
    const full = position.play(3);
    expect(!full.ok && full.error.code).toBe(ErrorCode.ColumnFull);
    const outside = position.play(7);
    expect(!outside.ok && outside.error.message).toBe(
      'column 8 does not exist (columns are 1 to 7)',
    );
  });

  it('has no legal columns once the game is over, and refuses moves', () => {
    const won = unwrap(parseGame('4455667'));
    expect(won.legalColumns()).toEqual([]);
    const after = won.play(0);
    expect(!after.ok && after.error.code).toBe(ErrorCode.GameOver);
  });

  it('clones independently', () => {
    const original = unwrap(parseGame('4453'));
    const copy = original.clone();
    unwrap(copy.play(0));
    expect(original.ply).toBe(4);
    expect(copy.ply).toBe(5);
  });
});
