import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  createVariant,
  parseGame,
  Position,
  unwrap,
  type Position as P,
} from '../../src/core/index.js';
import { gameArb } from './arbitraries.js';
import { naiveLines, type NaiveBoard } from './naive.js';

function toNaive(position: P): NaiveBoard {
  const { width, height } = position.variant;
  return Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => position.cell(c, r)),
  );
}

function cellKeys(position: P): string[] {
  const outcome = position.outcome;
  return outcome.kind === 'win' ? outcome.cells.map((s) => `${s.column},${s.row}`).sort() : [];
}

function game(text: string): P {
  return unwrap(parseGame(text));
}

describe('win detection', () => {
  it('agrees with a full-board scan after every move of random games on every variant', () => {
    fc.assert(
      fc.property(gameArb(), (final) => {
        const replay = Position.empty(final.variant);
        for (const column of final.moves) {
          unwrap(replay.play(column));
          const lines = naiveLines(toNaive(replay), replay.variant.connect);
          const outcome = replay.outcome;
          if (lines.length === 0) {
            const full = replay.ply === replay.variant.width * replay.variant.height;
            expect(outcome.kind).toBe(full ? 'draw' : 'ongoing');
          } else {
            expect(outcome.kind).toBe('win');
            if (outcome.kind !== 'win') return;
            // Play stops at the first line, so every line on the board is one the last disc made.
            expect(new Set(lines.map((l) => l.owner))).toEqual(new Set([outcome.winner]));
            expect(cellKeys(replay)).toEqual([...new Set(lines.flatMap((l) => l.cells))].sort());
            expect(outcome.lines.length).toBe(lines.length);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  // Found by random play and checked by eye with `c4 show`; cells are 1-based (column,row).
  const classicCases: [string, string, string][] = [
    ['horizontal on the bottom row touching the last column', '4455667', '(4,1) (5,1) (6,1) (7,1)'],
    [
      'vertical in the last column up to the top row',
      '76235645775767366617',
      '(7,3) (7,4) (7,5) (7,6)',
    ],
    [
      'diagonal / ending in the top-right corner',
      '572327365151134114756715752462276236',
      '(4,3) (5,4) (6,5) (7,6)',
    ],
    [
      'diagonal \\ starting in the top-left corner',
      '316561523737754774132173136426612652',
      '(1,6) (2,5) (3,4) (4,3)',
    ],
    [
      'diagonal \\ ending in the bottom-right corner',
      '41253414336751741645',
      '(4,4) (5,3) (6,2) (7,1)',
    ],
    ['line of five (longer than N, reported whole)', '6571647263', '(1,1) (2,1) (3,1) (4,1) (5,1)'],
    [
      'horizontal and diagonal lines made by one disc',
      '464147612721562552643',
      '(2,1) (3,1) (4,1) (4,2) (5,1) (5,3) (6,4)',
    ],
  ];
  for (const [name, moves, expected] of classicCases) {
    it(`finds a ${name} exactly when the last disc drops`, () => {
      const position = game(moves.slice(0, -1));
      expect(position.outcome.kind).toBe('ongoing');
      unwrap(position.play(Number(moves.at(-1)) - 1));
      const outcome = position.outcome;
      expect(outcome.kind).toBe('win');
      if (outcome.kind !== 'win') return;
      expect(outcome.cells.map((s) => `(${s.column + 1},${s.row + 1})`).join(' ')).toBe(expected);
      expect(outcome.lines.length).toBe(name.startsWith('horizontal and') ? 2 : 1);
      const lines = naiveLines(toNaive(position), 4);
      expect(cellKeys(position)).toEqual([...new Set(lines.flatMap((l) => l.cells))].sort());
    });
  }

  it('detects a draw when the board fills without a line', () => {
    const variant = unwrap(createVariant({ width: 3, height: 3, connect: 3 }));
    // Columns 1 2 3 1 2 3 ... fill rows alternately XOX / OXO / XOX: no line of three.
    const position = Position.fromMoves(variant, [0, 1, 2, 1, 0, 2, 1, 0, 2]);
    const p = unwrap(position);
    expect(naiveLines(toNaive(p), 3)).toEqual([]);
    expect(p.outcome.kind).toBe('draw');
  });

  it('classic board: the empty position is ongoing and Red moves first', () => {
    const p = Position.empty(CLASSIC);
    expect(p.outcome.kind).toBe('ongoing');
    expect(p.turn).toBe(1);
  });
});
