import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GamePosition, parseFamilyGame, type Move } from '../../src/core/index.js';
import { classifyFamilyMove, familyReviewAnalyser } from '../../src/review/index.js';
import { analyseFamily } from '../../src/solver/family/index.js';
import { POPOUT_BOOK_FILE, parsePopoutBook } from '../../src/solver/family/popout-book.js';

const committedBook = () => {
  const file = new URL(`../../src/solver/book/${POPOUT_BOOK_FILE}`, import.meta.url);
  const parsed = parsePopoutBook(new Uint8Array(readFileSync(file)));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

/** The position before move `ply + 1` of `game`, and that move. */
function before(game: string, ply: number): { position: GamePosition; played: Move } {
  const parsed = parseFamilyGame(game);
  if (!parsed.ok) throw parsed.error;
  const moves = parsed.value.moves;
  const position = GamePosition.fromMoves(parsed.value.ruleset, moves.slice(0, ply));
  if (!position.ok) throw position.error;
  return { position: position.value, played: moves[ply]! };
}

// A PopOut game of the shipped puzzle set's source games (src/puzzles/sets/games-popout.txt).
const GAME = 'popout:515p1434367676644553';

describe("the family review's analyser", () => {
  it('judges the opening from the book, every move scored, with no search', () => {
    const analyse = familyReviewAnalyser(() => ({ maxNodes: 1 }), committedBook());
    const { position, played } = before('popout:44', 1);
    const analysis = analyse(position, played);
    expect(analysis.nodes).toBe(0);
    expect(analysis.moves.every((m) => m.score !== null)).toBe(true);
    // Yellow's 4 after Red's centre disc loses in 20 plies (docs/family.md, the book).
    expect(classifyFamilyMove(analysis.moves, played, analysis.value)).toBe('best');
  });

  // Every move's score is out of reach of a small budget here (a losing move needs its own
  // proof), yet the class only needs the position's score and the played move's. The oracle is
  // the full analysis, with no budget.
  it.each([
    [8, 'best'],
    [10, 'slower'],
    [16, 'best'],
  ] as const)(
    'judges the move at ply %i within 200,000 nodes as the full analysis does (%s)',
    (ply, expected) => {
      const { position, played } = before(GAME, ply);
      const small = analyseFamily(position, { maxNodes: 200_000 });
      expect(classifyFamilyMove(small.moves, played)).toBe('unsolved');
      const analysis = familyReviewAnalyser(() => ({ maxNodes: 200_000 }))(position, played);
      expect(analysis.nodes).toBeLessThan(3 * 200_000);
      const judged = classifyFamilyMove(analysis.moves, played, analysis.value);
      const full = analyseFamily(position);
      expect(classifyFamilyMove(full.moves, played)).toBe(expected);
      expect(judged).toBe(expected);
      expect(analysis.value).toBe(Math.max(...full.moves.map((m) => m.score!)));
    },
  );

  it('scores Five-in-a-Row by the full analysis, as before', () => {
    const { position, played } = before('five:625825476684456444625556777888827722333333', 30);
    const analysis = familyReviewAnalyser(() => ({}))(position, played);
    expect(analysis.moves.every((m) => m.score !== null)).toBe(true);
    expect(analysis.moves).toEqual(analyseFamily(position).moves);
  });
});
