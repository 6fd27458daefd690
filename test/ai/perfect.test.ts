import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, parseMoves, unwrap } from '../../src/core/index.js';
import { chooseMoveNow, createRandom } from '../../src/ai/index.js';
import { checkPerfect } from '../../src/ai/matches.js';
import { analyzeExactly, createPerfectContext, perfectMove } from '../../src/ai/perfect.js';
import { Book, Solver, analyze, symmetricKey } from '../../src/solver/index.js';
import { ponsTestsDir } from '../support/pons-tests.js';
import { describeIf } from '../support/skips.js';

const DATA = ponsTestsDir();
const dataMissing = existsSync(DATA) ? undefined : `${DATA} not found (set C4_PONS_TESTS)`;

/** Every `step`-th line of a Pons test set: `moves score`, 1-based columns, score for the side to move. */
function sample(file: string, count: number): { moves: string; score: number }[] {
  const lines = readFileSync(`${DATA}/${file}`, 'utf8').trim().split('\n');
  const step = Math.floor(lines.length / count);
  return Array.from({ length: count }, (_, i) => {
    const [moves, score] = lines[i * step]!.split(' ') as [string, string];
    return { moves, score: Number(score) };
  });
}

describeIf('Perfect on the Pons test positions', dataMissing, () => {
  const cases = [...sample('Test_L3_R1', 8), ...sample('Test_L2_R1', 4)];
  it.each(cases)('plays a best-scoring move after $moves', ({ moves, score }) => {
    const position = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));
    // The solver step of Perfect with a generous budget (the level itself caps it at 0.9 s), so
    // the test does not depend on the machine's load.
    const choice = perfectMove(position, 20_000, createRandom(5), undefined);
    if (!('column' in choice)) throw new Error('the exact scores did not arrive in 20 s');
    expect(choice.scoreKind).toBe('exact');
    expect(choice.score).toBe(score);
    // Independently: the solver's own analysis agrees the chosen column keeps the best score.
    const verdict = checkPerfect(position, choice.column, 20_000);
    expect(verdict).toBeDefined();
    expect(verdict!.chosenScore).toBe(verdict!.bestScore);
    expect(verdict!.bestScore).toBe(score);
  });
});

describeIf('the arena check', dataMissing, () => {
  it('tells a move that gives the result away from one that only wins more slowly', () => {
    let givenAway = 0;
    for (const { moves } of sample('Test_L3_R1', 30)) {
      const position = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));
      const scores = position.legalColumns().map((column) => ({
        column,
        verdict: checkPerfect(position, column, 20_000)!,
      }));
      const best = Math.max(...scores.map((s) => s.verdict.chosenScore));
      for (const { verdict } of scores) {
        expect(verdict.measure).toBe('exact');
        expect(verdict.bestScore).toBe(best);
        expect(verdict.givesAwayResult).toBe(Math.sign(verdict.chosenScore) < Math.sign(best));
        if (verdict.givesAwayResult) givenAway++;
      }
    }
    expect(givenAway).toBeGreaterThan(0);
  });
});

describeIf('analysis under any budget', dataMissing, () => {
  it('gives bounds that always contain the true score of every column', () => {
    const cases = [...sample('Test_L3_R1', 20), ...sample('Test_L2_R1', 20)];
    for (const { moves } of cases) {
      const position = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));
      const truth = unwrap(analyze(position)).columns;
      for (const timeMs of [0, 1, 3]) {
        const { columns } = analyzeExactly(position, timeMs, undefined);
        columns.forEach((value, column) => {
          const real = truth[column];
          if (!real || !value) {
            expect(value).toBe(real);
            return;
          }
          expect(value.lower, `${moves} column ${column + 1}`).toBeLessThanOrEqual(real.lower);
          expect(value.upper, `${moves} column ${column + 1}`).toBeGreaterThanOrEqual(real.lower);
        });
      }
    }
  });
});

describe('Perfect', () => {
  it("among equally good columns, follows the book's strategy (its line stays covered)", () => {
    // Columns 1, 2, 5 and 7 all win here with the same exact score (+2).
    const moves = unwrap(parseMoves('427566236745127177115664464254', CLASSIC));
    const position = unwrap(Position.fromMoves(CLASSIC, moves));
    const answer = symmetricKey(CLASSIC, [...moves, 4]);
    const withBook = createPerfectContext(Book.fromEntries(CLASSIC, -1, [], [answer]));
    for (let seed = 1; seed <= 8; seed++) {
      const choice = perfectMove(position, 20_000, createRandom(seed), undefined, 10_000, withBook);
      expect(choice).toMatchObject({ column: 4, score: 2 });
    }
    // A context is the caller's: the default one (no book) is untouched by the one above.
    const chosen = new Set<number>();
    for (let seed = 1; seed <= 8; seed++) {
      const choice = perfectMove(position, 20_000, createRandom(seed), undefined);
      if ('column' in choice) chosen.add(choice.column);
    }
    expect(chosen.size).toBeGreaterThan(1);
  });

  it('plays with a solver the host shares, made on first use', () => {
    let made = 0;
    const solver = new Solver({ tableBits: 12 });
    const context = createPerfectContext(undefined, () => {
      made++;
      return solver;
    });
    expect(made).toBe(0);
    const position = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves('121212', CLASSIC))));
    const choice = perfectMove(position, 20_000, createRandom(1), undefined, 10_000, context);
    expect(choice).toMatchObject({ column: 0, scoreKind: 'exact' });
    expect(context.solver).toBe(solver);
    expect(made).toBe(1);
  });

  it('answers when every move loses at once (the worst score is one below the best bound)', () => {
    // 36 discs; only column 3 is open and dropping there lets the opponent win at once.
    const moves = [
      4, 3, 3, 3, 3, 1, 0, 1, 3, 1, 1, 4, 4, 4, 1, 4, 3, 5, 1, 4, 6, 5, 6, 0, 0, 0,
    ].concat([0, 6, 6, 0, 5, 5, 5, 6, 5, 6]);
    const position = unwrap(Position.fromMoves(CLASSIC, moves));
    expect(position.legalColumns()).toEqual([2]);
    for (const timeMs of [0, 50, 5_000]) {
      const choice = chooseMoveNow(position, 'perfect', { timeMs, random: createRandom(1) });
      expect(choice.column).toBe(2);
    }
    const choice = perfectMove(position, 5_000, createRandom(1), undefined);
    expect(choice).toMatchObject({ column: 2, score: -3, scoreKind: 'exact' });
  });

  it('wins the fastest way and loses the slowest way', () => {
    // X holds 4-6 on the bottom row (O sits above): 3 or 7 wins at once.
    const win = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves('445566', CLASSIC))));
    const choice = chooseMoveNow(win, 'perfect', { timeMs: 5_000, random: createRandom(1) });
    expect([2, 6]).toContain(choice.column);
    expect(choice.explanation.summary).toBe('Wins now');
  });
});
