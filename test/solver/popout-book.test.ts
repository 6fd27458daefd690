import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { GamePosition, parseFamilyGame, parseRuleset } from '../../src/core/index.js';
import { analyseFamily, solveFamily } from '../../src/solver/family/index.js';
import {
  POPOUT_BOOK_FILE,
  bestChildScore,
  decodePopoutScore,
  encodePopoutScore,
  parsePopoutBook,
  popoutBookAnalysis,
  popoutBookFromScores,
  popoutBookKey,
  popoutBookScore,
  serializePopoutBook,
  type PopOutBook,
} from '../../src/solver/family/popout-book.js';
import { chooseFamilyMoveExplained } from '../../src/ai/family/index.js';
import { createRandom } from '../../src/ai/index.js';

const game = (text: string): GamePosition => {
  const parsed = parseFamilyGame(text);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

const committedFile = new URL(`../../src/solver/book/${POPOUT_BOOK_FILE}`, import.meta.url);

function committedBook(): PopOutBook {
  const parsed = parsePopoutBook(new Uint8Array(readFileSync(committedFile)));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

describe('PopOut book keys and scores', () => {
  test('mirror images share a key; the side to move is part of it', () => {
    expect(popoutBookKey(game('popout:1'))).toBe(popoutBookKey(game('popout:7')));
    expect(popoutBookKey(game('popout:12'))).toBe(popoutBookKey(game('popout:76')));
    expect(popoutBookKey(game('popout:12'))).not.toBe(popoutBookKey(game('popout:21')));
    // The same discs, the other side to move: a pop changes the mover, not the board.
    expect(popoutBookKey(game('popout:4'))).not.toBe(popoutBookKey(game('popout:44p4')));
  });

  test('scores round-trip through the byte; a game too long for it is refused', () => {
    for (const score of [0, 999, -999, 979, -980, 1000 - 127, -(1000 - 127)]) {
      expect(decodePopoutScore(encodePopoutScore(score))).toBe(score);
    }
    expect(() => encodePopoutScore(1000 - 128)).toThrow(RangeError);
  });

  test('a book round-trips through its bytes; damage is a typed error', () => {
    const book = popoutBookFromScores(1, [
      [popoutBookKey(game('popout:')), 979],
      [popoutBookKey(game('popout:4')), -980],
      [popoutBookKey(game('popout:1')), 0],
    ]);
    const bytes = serializePopoutBook(book);
    const back = parsePopoutBook(bytes);
    if (!back.ok) throw back.error;
    expect([...back.value.entries()]).toEqual([...book.entries()]);
    expect(back.value.completePly).toBe(1);
    const damaged = bytes.slice();
    damaged[20] = damaged[20]! ^ 1;
    const parsed = parsePopoutBook(damaged);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe('book_invalid');
  });
});

describe("the book's analysis is the solver's", () => {
  test('a book of solver scores gives analyseFamily’s scores, pops and immediate wins included', () => {
    const position = game('popout:34453p5445351');
    const scores: [number, number][] = [];
    for (const move of position.legalMoves()) {
      const child = position.clone();
      child.play(move);
      if (child.isOver) continue;
      const solved = solveFamily(child);
      expect(solved.exact).toBe(true);
      scores.push([popoutBookKey(child), solved.score]);
    }
    const book = popoutBookFromScores(-1, scores);
    expect(popoutBookAnalysis(book, position)).toEqual({
      moves: analyseFamily(position).moves,
      nodes: 0,
    });
  });

  test('a game whose history repeats a position, or another ruleset, is not answered', () => {
    // Scores that only test the lookup: the empty board's seven children.
    const start = game('popout:');
    const book = popoutBookFromScores(
      -1,
      start.legalMoves().map((move) => {
        const child = start.clone();
        child.play(move);
        return [popoutBookKey(child), -980] as const;
      }),
    );
    expect(popoutBookAnalysis(book, start)).toBeDefined();
    // Both sides pop their disc: the empty board again, Red to move, now with a history.
    expect(popoutBookAnalysis(book, game('popout:12p1p2'))).toBeUndefined();
    const other = parseRuleset('popout-8x7c4');
    if (!other.ok) throw other.error;
    expect(popoutBookAnalysis(book, GamePosition.start(other.value))).toBeUndefined();
  });
});

describe.runIf(existsSync(committedFile))('the committed PopOut book', () => {
  test('is consistent: a position whose children it holds scores the best of theirs', () => {
    const book = committedBook();
    // The empty board is a first-player win in 21 plies (docs/family.md), by a centre disc.
    expect(book.scoreOf(popoutBookKey(game('popout:')))).toBe(979);
    expect(book.scoreOf(popoutBookKey(game('popout:4')))).toBe(-980);
    let layer = [game('popout:')];
    let checked = 0;
    for (let ply = 0; ply <= 2; ply++) {
      const next: GamePosition[] = [];
      for (const position of layer) {
        const own = book.scoreOf(popoutBookKey(position));
        const analysis = popoutBookAnalysis(book, position);
        if (own !== undefined && analysis !== undefined) {
          const scores = analysis.moves.map((m) => m.score);
          const known = scores.filter((score): score is number => score !== null);
          // Every child known: the exact best; some known: none better than the position's.
          if (known.length === scores.length) expect(Math.max(...known)).toBe(own);
          else expect(Math.max(...known)).toBeLessThanOrEqual(own);
          checked++;
        }
        if (ply <= book.completePly) expect(own, `a ${ply}-ply position`).toBeDefined();
        for (const move of position.legalMoves()) {
          const child = position.clone();
          child.play(move);
          next.push(child);
        }
      }
      layer = next;
    }
    expect(checked).toBeGreaterThan(0);
  });

  test("Perfect's first move on the empty board is a winning move, from the book", () => {
    const choice = chooseFamilyMoveExplained(game('popout:'), 'perfect', {
      rng: createRandom(1),
      perfect: { popoutBook: committedBook() },
    });
    expect(choice.score).toBe(979);
    expect(choice.scoreKind).toBe('exact');
    expect(choice.nodes).toBe(0);
    const after = game('popout:');
    after.play(choice.move);
    expect(committedBook().scoreOf(popoutBookKey(after))).toBe(-980);
  });

  test('Perfect answers every first disc, and as Red every reply to its centre disc, at once', () => {
    const book = committedBook();
    const lines = [1, 2, 3, 4, 5, 6, 7].flatMap((column) => [`${column}`, `4${column}`]);
    for (const moves of lines) {
      const position = game(`popout:${moves}`);
      const score = popoutBookScore(book, position);
      expect(score, `popout:${moves}`).toBeDefined();
      const choice = chooseFamilyMoveExplained(position, 'perfect', {
        rng: createRandom(moves.length),
        perfect: { popoutBook: book },
      });
      expect(choice, `popout:${moves}`).toMatchObject({ score, scoreKind: 'exact', nodes: 0 });
      const after = position.clone();
      after.play(choice.move);
      expect(book.scoreOf(popoutBookKey(after))).toBe(bestChildScore(score!));
    }
  });

  test('the book is only what the caller passes: no book in one call is none in the next', () => {
    const options = { rng: createRandom(1), budget: { nodes: 2000, timeMs: 2000 } } as const;
    const withBook = chooseFamilyMoveExplained(game('popout:'), 'perfect', {
      ...options,
      perfect: { popoutBook: committedBook() },
    });
    expect(withBook.nodes).toBe(0);
    // Without a context the solver runs (and, on a small budget, cannot settle the opening).
    const without = chooseFamilyMoveExplained(game('popout:'), 'perfect', options);
    expect(without.nodes).toBeGreaterThan(0);
    expect(without.scoreKind).not.toBe('exact');
  });
});

describe('a best reply in the book', () => {
  test("a best move's child scores the parent's score from the other side, one ply nearer", () => {
    for (const text of ['popout:4334', 'popout:43343', 'popout:433434']) {
      const parent = solveFamily(game(text));
      for (const move of parent.best) {
        const child = game(text);
        child.play(move);
        expect(solveFamily(child, { best: false }).score, text).toBe(bestChildScore(parent.score));
      }
    }
    expect(bestChildScore(0)).toBe(0);
  });

  test("Perfect plays the book's best reply at once, though the book lacks the other replies", () => {
    // The solver's scores: the empty board +979, after a centre disc -980, and the centre reply
    // (its best move) +981.
    const book = popoutBookFromScores(0, [
      [popoutBookKey(game('popout:')), 979],
      [popoutBookKey(game('popout:4')), -980],
      [popoutBookKey(game('popout:44')), bestChildScore(-980)],
    ]);
    expect(popoutBookScore(book, game('popout:4'))).toBe(-980);
    const choice = chooseFamilyMoveExplained(game('popout:4'), 'perfect', {
      rng: createRandom(1),
      perfect: { popoutBook: book },
    });
    expect(choice).toMatchObject({
      move: { kind: 'drop', column: 3 },
      score: -980,
      scoreKind: 'exact',
      nodes: 0,
      summary: 'Every move loses: holds out longest',
    });
  });

  test('a history with a repeated position gets no score from the book', () => {
    const book = popoutBookFromScores(0, [[popoutBookKey(game('popout:')), 979]]);
    expect(popoutBookScore(book, game('popout:'))).toBe(979);
    // The empty board again, its second occurrence: a third would draw.
    expect(popoutBookScore(book, game('popout:12p1p2'))).toBeUndefined();
  });
});
