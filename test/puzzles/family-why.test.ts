import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYER_COLOURS, sameMove, unwrap, type GamePosition } from '../../src/core/index.js';
import {
  familyFailedWhy,
  familyPuzzlePosition,
  familySolvedWhy,
  familyStepMoves,
  moveResults,
  parsePuzzleFile,
  type MoveResult,
  type Puzzle,
} from '../../src/puzzles/index.js';
import { analyseFamily } from '../../src/solver/family/index.js';
import { runCli } from '../cli/run-cli.js';

/**
 * The "why" of PopOut and Five-in-a-Row puzzles, on the shipped sets, with the family solver's
 * exact results (no budget) as the page and the CLI get them.
 */
const setOf = (file: string): readonly Puzzle[] =>
  unwrap(
    parsePuzzleFile(
      readFileSync(join(import.meta.dirname, '..', '..', 'src/puzzles/sets', file), 'utf8'),
    ),
  ).puzzles;

const POPOUT = setOf('popout.json');
const FIVE = setOf('five.json');

interface Case {
  readonly puzzle: Puzzle;
  readonly start: GamePosition;
  readonly results: MoveResult[];
}

const cases = new Map<string, Case>();
function caseOf(puzzle: Puzzle): Case {
  let found = cases.get(puzzle.id);
  if (!found) {
    const start = unwrap(familyPuzzlePosition(puzzle));
    const results = moveResults(start, analyseFamily(start.clone()).moves);
    cases.set(puzzle.id, (found = { puzzle, start, results }));
  }
  return found;
}

const byId = (id: string): Puzzle => [...POPOUT, ...FIVE].find((p) => p.id === id)!;
const answerOf = (puzzle: Puzzle) => familyStepMoves(puzzle, puzzle.steps[0]!.accept)[0]!;

function solved(id: string, withResults = true): string {
  const { puzzle, start, results } = caseOf(byId(id));
  return familySolvedWhy(
    puzzle,
    start,
    answerOf(puzzle),
    withResults ? results : null,
    PLAYER_COLOURS,
  ).text;
}

function failed(id: string, column: number, kind: 'drop' | 'pop' = 'drop'): string {
  const { puzzle, start, results } = caseOf(byId(id));
  return familyFailedWhy(puzzle, start, { kind, column: column - 1 }, results, PLAYER_COLOURS).text;
}

describe('family puzzles: why the answer wins', () => {
  // After the drop column 4 holds Red, Yellow, Red: popping the bottom Red disc drops the top
  // one into row 2, four across with columns 1 to 3.
  it('names the win a drop blocks, and the win by a pop it threatens', () => {
    expect(solved('0825qzk')).toBe(
      "Column 4 wins in 2 moves: it blocks Yellow's win in column 4 and threatens to win by popping column 4. Every other move lets Yellow win at once.",
    );
  });

  it('names two wins by a pop the answer threatens, which one reply cannot stop', () => {
    expect(solved('0m7ma3p', false)).toBe(
      "Column 2 wins in 2 moves: it blocks Yellow's win in column 2 and threatens to win by popping columns 2 and 4: Yellow cannot stop both. No other move wins.",
    );
  });

  it('a pop that takes away a win by a drop and one by a pop', () => {
    expect(solved('1m82lrx', false)).toBe(
      "Popping column 3 wins in 5 moves: it takes away Yellow's win in column 3 and by popping column 2, and threatens to win by popping column 4. No other move wins.",
    );
  });

  it('a pop that wins at once: the discs it drops and the line it completes', () => {
    expect(solved('030kiiy')).toBe(
      'Popping column 4 drops the three discs above it and completes four in row 2. Every other move lets Red win at once.',
    );
  });

  it('a pop that takes a win away and makes two threats', () => {
    expect(solved('0p335wo')).toBe(
      "Popping column 5 wins in 5 moves: it takes away Red's win in column 3 and threatens to win in columns 2 and 6: Red cannot block both. Every other move lets Red win within 2 moves.",
    );
  });

  it('names the wins a pop takes away', () => {
    expect(solved('1umxjru')).toBe(
      "Popping column 5 wins in 4 moves: it takes away Yellow's win in columns 2, 4 and 6. Every other move lets Yellow win at once.",
    );
  });

  it('names a threat the answer makes, and the draws the other moves keep', () => {
    expect(solved('046o3pw')).toBe(
      'Column 7 wins in 2 moves: it makes a threat at column 8, row 6. No other move wins: the best of the others only draws.',
    );
  });

  it('a saved draw: every other move loses', () => {
    expect(solved('0lf7h2r')).toBe(
      'Column 4 is the only move that holds the draw. Every other move lets Red win in 3 moves.',
    );
  });

  it('without the solver: what the puzzle itself guarantees', () => {
    expect(solved('0825qzk', false)).toBe(
      "Column 4 wins in 2 moves: it blocks Yellow's win in column 4 and threatens to win by popping column 4. No other move wins.",
    );
  });
});

describe('family puzzles: why a wrong move fails', () => {
  it('names the pop it lets the opponent win with', () => {
    expect(failed('08msmjo', 1)).toBe(
      'Column 1 lets Yellow win at once: popping column 3 drops the three discs above it and completes four on the diagonal from column 1, row 1 to column 4, row 4.',
    );
  });

  it('counts the wins at once it allows', () => {
    expect(failed('1umxjru', 1)).toBe(
      'Column 1 lets Yellow win at once: dropping in column 2 completes four in row 3 (one of three wins at once).',
    );
  });

  it('gives a slower loss and a draw their distance and result', () => {
    expect(failed('0uia9wz', 1)).toBe('Column 1 lets Yellow win in 3 moves.');
    expect(failed('1brvmyd', 7)).toBe('Column 7 only draws.');
  });
});

describe.each([
  { name: 'PopOut', set: POPOUT },
  { name: 'Five-in-a-Row', set: FIVE },
])('every shipped $name puzzle has a why', ({ set }) => {
  it('after it is solved, and after each wrong move', () => {
    const problems = set.flatMap((puzzle) => {
      const { start, results } = caseOf(puzzle);
      const answer = answerOf(puzzle);
      const found: string[] = [];
      const why = familySolvedWhy(puzzle, start, answer, results, PLAYER_COLOURS);
      if (why.text.trim() === '') found.push(`${puzzle.id}: no why`);
      for (const move of start.legalMoves().filter((m) => !sameMove(m, answer))) {
        const wrong = familyFailedWhy(puzzle, start, move, results, PLAYER_COLOURS);
        // A wrong move's result is named from the solver's exact result.
        if (!/ (lets (Red|Yellow) win|only draws)/.test(wrong.text)) {
          found.push(`${puzzle.id} ${move.kind} ${move.column + 1}: ${wrong.text}`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('c4 puzzles show', () => {
  it('prints a PopOut puzzle with its answer and why', async () => {
    const file = join(import.meta.dirname, '..', '..', 'src/puzzles/sets/popout.json');
    const { code, out } = await runCli(['puzzles', 'show', file, '1umxjru']);
    expect(code).toBe(0);
    expect(out).toContain('1umxjru (popout-7x6c4:633553253556274p544)');
    expect(out).toContain('Red to move: find the winning move. Answer: pop column 5\n');
    expect(out).toContain(
      "Why: Popping column 5 wins in 4 moves: it takes away Yellow's win in columns 2, 4 and 6. Every other move lets Yellow win at once.\n",
    );
  });

  it('names an id that is not in the file', async () => {
    const file = join(import.meta.dirname, '..', '..', 'src/puzzles/sets/five.json');
    const { code, err } = await runCli(['puzzles', 'show', file, 'nosuch']);
    expect(code).not.toBe(0);
    expect(err).toContain('no puzzle nosuch in');
  });
});
