import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  C4Error,
  Position,
  parseMoves,
  parseVariant,
  unwrap,
  type Variant,
} from '../../src/core/index.js';
import {
  chooseMove,
  chooseMoveNow,
  createRandom,
  LEVELS,
  type LevelId,
} from '../../src/ai/index.js';
import { gameArb, playPicks } from '../core/arbitraries.js';

const classic = (moves: string): Position =>
  unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));

/** Columns where `player` would complete a line by dropping a disc now (a naive oracle). */
function dropsThatWin(position: Position, player: 1 | 2): number[] {
  const { width, height, connect } = position.variant;
  const owns = (c: number, r: number): boolean =>
    c >= 0 && c < width && r >= 0 && r < height && position.cell(c, r) === player;
  return position.legalColumns().filter((column) => {
    const row = position.columnHeight(column);
    return [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ].some(([dc, dr]) => {
      let run = 1;
      for (const sign of [1, -1]) {
        let k = 1;
        while (owns(column + sign * k * dc!, row + sign * k * dr!)) {
          run++;
          k++;
        }
      }
      return run >= connect;
    });
  });
}

const quick = { timeMs: 20 };
const smallVariant: fc.Arbitrary<Variant> = fc.constantFrom(
  ...['7x6c4', '7x7c5', '9x7c4', '5x4c3', '4x4c4'].map((text) => unwrap(parseVariant(text))),
);

describe('chooseMove', () => {
  it('never plays a full column, at any level, on any board', () => {
    fc.assert(
      fc.property(
        gameArb(smallVariant),
        fc.constantFrom<LevelId>('beginner', 'casual', 'intermediate', 'strong'),
        fc.nat(),
        (position, level, seed) => {
          if (position.isOver) return;
          const choice = chooseMoveNow(position, level, { ...quick, random: createRandom(seed) });
          expect(position.canPlay(choice.column)).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('at Casual and above, always wins in one and otherwise blocks a win in one', () => {
    fc.assert(
      fc.property(
        gameArb(smallVariant),
        fc.constantFrom<LevelId>('casual', 'intermediate', 'strong'),
        fc.nat(),
        (position, level, seed) => {
          if (position.isOver) return;
          const me = position.turn;
          const wins = dropsThatWin(position, me);
          const threats = dropsThatWin(position, me === 1 ? 2 : 1);
          if (wins.length === 0 && threats.length !== 1) return;
          if (wins.length === 0) {
            // A block that only opens the cell above it for the same win prevents nothing.
            const blocked = position.clone();
            blocked.play(threats[0]!);
            if (!blocked.isOver && dropsThatWin(blocked, blocked.turn).length > 0) return;
          }
          const choice = chooseMoveNow(position, level, { ...quick, random: createRandom(seed) });
          if (wins.length > 0) expect(wins).toContain(choice.column);
          else expect(choice.column).toBe(threats[0]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('wins and blocks in known positions', () => {
    // X has three in a row on the bottom (columns 2-4): 5 or 1 wins.
    expect([0, 4]).toContain(chooseMoveNow(classic('223344'), 'casual').column);
    // X holds 1-3 on the bottom row; O to move must take 4.
    const block = chooseMoveNow(classic('17273'), 'casual', { random: createRandom(3) });
    expect(block.column).toBe(3);
  });

  it('repeats itself exactly under the same seed', () => {
    const positions = [classic(''), classic('4453'), classic('44444')];
    for (const level of ['beginner', 'casual', 'intermediate'] as const) {
      for (const position of positions) {
        const run = (seed: number): number[] =>
          Array.from(
            { length: 4 },
            (_, i) =>
              chooseMoveNow(position, level, { random: createRandom(seed + i), timeMs: 60_000 })
                .column,
          );
        expect(run(11)).toEqual(run(11));
      }
    }
  });

  it('varies the openings of the lower levels', () => {
    for (const level of ['beginner', 'casual', 'intermediate'] as const) {
      const seen = new Set<number>();
      for (let seed = 0; seed < 40; seed++) {
        seen.add(
          chooseMoveNow(classic('4'), level, { random: createRandom(seed), timeMs: 60_000 }).column,
        );
      }
      expect(seen.size, level).toBeGreaterThan(1);
    }
  });

  it('stops at once when the signal is already aborted, still with a legal move', () => {
    const position = playPicks(CLASSIC, [3, 3, 2, 4]);
    for (const level of LEVELS) {
      const choice = chooseMoveNow(position, level, {
        signal: { aborted: true },
        timeMs: 600_000,
        random: createRandom(1),
      });
      expect(position.canPlay(choice.column)).toBe(true);
      if (level.id === 'strong') {
        expect(choice.explanation.interrupted).toBe(true);
        expect(choice.explanation.depth).toBeLessThanOrEqual(1);
      }
    }
  });

  it('stops a long search when the signal aborts mid-way', () => {
    let reads = 0;
    // Aborts after the search has consulted it a few times: proves it keeps looking.
    const signal = {
      get aborted(): boolean {
        reads++;
        return reads > 3;
      },
    };
    const choice = chooseMoveNow(playPicks(CLASSIC, [3]), 'strong', {
      signal,
      timeMs: 600_000,
      random: createRandom(2),
    });
    expect(reads).toBeGreaterThan(3);
    expect(choice.explanation.interrupted).toBe(true);
    expect(CLASSIC.width).toBeGreaterThan(choice.column);
  });

  it('rejects a finished game with a typed error', async () => {
    const over = classic('1212121');
    await expect(chooseMove(over, 'casual')).rejects.toBeInstanceOf(C4Error);
    await expect(chooseMove(over, 'casual')).rejects.toMatchObject({ code: 'game_over' });
  });
});
