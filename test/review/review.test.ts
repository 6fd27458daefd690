import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  Position,
  createVariant,
  parseMoves,
  unwrap,
  type Variant,
} from '../../src/core/index.js';
import { Book, Solver, symmetricKey, type Evaluation } from '../../src/solver/index.js';
import {
  classify,
  describeOutcome,
  evaluationSeries,
  outcomeOf,
  reviewInPasses,
  reviewMoves,
  reviewPosition,
  summarize,
  type MoveReview,
} from '../../src/review/index.js';
import { playPicks } from '../core/arbitraries.js';
import { ponsTestsDir } from '../support/pons-tests.js';
import { describeIf } from '../support/skips.js';

const solver = new Solver({ tableBits: 20 });
const cols = (text: string, variant: Variant = CLASSIC): number[] =>
  unwrap(parseMoves(text, variant));
const reviewAll = (moves: number[], variant: Variant = CLASSIC): MoveReview[] =>
  [...reviewMoves(solver, variant, moves, { positionMs: 10_000 })].sort((a, b) => a.ply - b.ply);
const exact = (score: number): Evaluation => ({ exact: true, score, lower: score, upper: score });
const range = (lower: number, upper: number): Evaluation => ({
  exact: false,
  score: null,
  lower,
  upper,
});

describe('classify (known answers)', () => {
  it.each([
    // columns' scores for the mover, played column, class
    [[exact(3), exact(1), null], 0, 'best'],
    [[exact(3), exact(1), null], 1, 'slower'],
    [[exact(3), exact(0), exact(-2)], 1, 'mistake'],
    [[exact(0), exact(-2)], 1, 'mistake'],
    [[exact(3), exact(0), exact(-2)], 2, 'blunder'],
    [[exact(-2), exact(-5)], 0, 'best'],
    [[exact(-2), exact(-5)], 1, 'slower'],
    // Bounds: a proven loss against a proven win is a blunder whatever the distances.
    [[range(1, 10), range(-10, -1)], 1, 'blunder'],
    // Same result, distances unknown: not claimed.
    [[range(1, 10), range(1, 10)], 1, 'unsolved'],
    [[range(-10, 10), exact(0)], 1, 'unsolved'],
  ] as const)('%j playing %i is %s', (columns, column, expected) => {
    expect(classify(columns, column)).toBe(expected);
  });
});

describe('outcomes', () => {
  it('counts the mover’s own moves to the win, and the opponent’s to a loss', () => {
    // The empty 7x6 board scores +1: the first player wins with its 21st disc.
    expect(describeOutcome(outcomeOf(CLASSIC, 0, exact(1)))).toBe('win in 21 moves');
    // At ply 36 the fastest win is the next disc: floor((43 - 36) / 2) = 3.
    expect(describeOutcome(outcomeOf(CLASSIC, 36, exact(3)))).toBe('win in 1 move');
    // The opponent wins with its next disc (dropped after 37 discs): -floor((43-37)/2) = -3.
    expect(describeOutcome(outcomeOf(CLASSIC, 36, exact(-3)))).toBe('loss in 1 move');
  });
});

describe('review of a hand-checked game', () => {
  // 1 4 (Red) 2 4 (Yellow) 3 5 4 5 5 6 (a double threat: 3 and 7) 6 6 7 7: Red wins.
  const game = cols('4455667');
  // The first three positions are early-game: they need the book or minutes, so are left out.
  const reviews = [
    ...reviewMoves(solver, CLASSIC, game, { plies: [3, 4, 5, 6], positionMs: 6000 }),
  ].sort((a, b) => a.ply - b.ply);
  const at = (ply: number): MoveReview => reviews.find((r) => r.ply === ply)!;

  it('judges the requested moves, from the end backwards', () => {
    expect(reviews.map((r) => r.ply)).toEqual([3, 4, 5, 6]);
  });

  it('the winning disc and the double threat are best, with their distances', () => {
    const [win, lost, threat] = [at(6), at(5), at(4)];
    expect(win.class).toBe('best');
    expect(describeOutcome(outcomeOf(CLASSIC, 6, win.played))).toBe('win in 1 move');
    // After the double threat nothing saves Yellow: every column loses at once, so all are best.
    expect(lost.class).toBe('best');
    expect(lost.columns.every((c) => c === null || c.lower === lost.value.lower)).toBe(true);
    expect(describeOutcome(outcomeOf(CLASSIC, 5, lost.value))).toBe('loss in 1 move');
    expect(threat.class).toBe('best');
    expect(describeOutcome(outcomeOf(CLASSIC, 4, threat.played))).toBe('win in 2 moves');
  });

  it('Yellow’s 5 on top allowed the double threat: 3 was better, 4 as bad', () => {
    const move4 = at(3);
    expect(move4.player).toBe(2);
    expect(describeOutcome(outcomeOf(CLASSIC, 3, move4.played))).toBe('loss in 2 moves');
    // 4 on top leaves the same open three on the bottom row: proven no better (the verdict
    // needs no more, and 6 s leave no time for the other columns' exact scores without a book).
    expect(move4.played.exact).toBe(true);
    expect(move4.columns[3]!.upper).toBeLessThanOrEqual(move4.played.lower);
    expect(move4.class).not.toBe('best');
    expect(move4.better).toContain(2);
    expect(move4.better).not.toContain(3);
  });

  it('the series ends with Red’s win and follows the reviews', () => {
    const final = unwrap(Position.fromMoves(CLASSIC, game));
    const points = evaluationSeries(CLASSIC, final, reviews);
    expect(points).toHaveLength(8);
    expect(points[7]).toEqual({ ply: 7, result: 1, plies: 0 });
    expect(points[6]).toEqual({ ply: 6, result: 1, plies: 1 });
    expect(points[5]).toEqual({ ply: 5, result: 1, plies: 2 });
  });

  it('an unfinished game ends on the value its last move left, once that move is judged', () => {
    // Yellow's second 6 leaves Red a win with its next disc (7): not an open point to plot.
    const moves = cols('445566');
    const judged = [...reviewMoves(solver, CLASSIC, moves, { plies: [5, 4], positionMs: 10_000 })];
    const final = unwrap(Position.fromMoves(CLASSIC, moves));
    expect(evaluationSeries(CLASSIC, final, judged).at(-1)).toEqual({
      ply: 6,
      result: 1,
      plies: 1,
    });
    const earlier = judged.filter((r) => r.ply < 5);
    expect(evaluationSeries(CLASSIC, final, earlier).at(-1)).toEqual({
      ply: 6,
      result: null,
      plies: null,
    });
  });

  it('summarizes per player', () => {
    const [red, yellow] = summarize(reviews);
    expect(red.moves).toBe(2);
    expect(yellow.moves).toBe(2);
    expect(red.counts.best).toBe(2);
    expect(red.accuracy).toBe(100);
    expect(red.firstDecisive).toBeNull();
  });
});

const PONS = join(ponsTestsDir(), 'Test_L3_R1');
const ponsMissing = existsSync(PONS) ? undefined : `${PONS} not found (set C4_PONS_TESTS)`;
describeIf('known scores from the Pons end-game set', ponsMissing, () => {
  const lines = readFileSync(PONS, 'utf8').trim().split('\n').slice(0, 20);
  it.each(lines)('the position value of %s is the set’s score', (line) => {
    const [text, score] = line.split(' ') as [string, string];
    const moves = cols(text);
    // Review a game that continues from the position with any legal column.
    const position = unwrap(Position.fromMoves(CLASSIC, moves));
    const next = position.legalColumns()[0]!;
    const [review] = [
      ...reviewMoves(solver, CLASSIC, [...moves, next], {
        plies: [moves.length],
        positionMs: 20_000,
      }),
    ];
    expect(review!.value).toMatchObject({ exact: true, lower: Number(score) });
  });
});

describe('properties', () => {
  const small: Variant = unwrap(createVariant({ width: 5, height: 4, connect: 4 }));
  const tiny: Variant = unwrap(createVariant({ width: 4, height: 4, connect: 3 }));
  const gameArb = fc.record({
    variant: fc.constantFrom(small, tiny),
    picks: fc.array(fc.nat(), { maxLength: 20 }),
  });

  it('a best move has the best exact score; classes follow the score changes', () => {
    fc.assert(
      fc.property(gameArb, ({ variant, picks }) => {
        const moves = [...playPicks(variant, picks).moves];
        const reviews = reviewAll(moves, variant);
        expect(reviews).toHaveLength(moves.length);
        for (const r of reviews) {
          // Small boards always settle: every class is a judgement.
          expect(r.class).not.toBe('unsolved');
          const best = Math.max(...r.columns.filter((c) => c !== null).map((c) => c.lower));
          const played = r.played.lower;
          const drop = Math.sign(best) - Math.sign(played);
          const expected =
            played === best ? 'best' : drop === 0 ? 'slower' : drop === 1 ? 'mistake' : 'blunder';
          expect(r.class).toBe(expected);
          expect(r.better.length === 0).toBe(r.class === 'best');
          // The column's score is the next position's value, negated.
          const next = reviews[r.ply + 1];
          if (next) expect(next.value.lower).toBe(0 - played);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('judging only what the verdict needs', () => {
  const small: Variant = unwrap(createVariant({ width: 5, height: 4, connect: 4 }));

  it('gives every move the class the full review gives', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), (picks) => {
        const moves = [...playPicks(small, picks).moves];
        const full = reviewAll(moves, small);
        const quick = [
          ...reviewMoves(new Solver({ tableBits: 16 }), small, moves, {
            positionMs: 10_000,
            verdictOnly: true,
          }),
        ].sort((a, b) => a.ply - b.ply);
        expect(quick.map((r) => r.class)).toEqual(full.map((r) => r.class));
        for (const r of quick) {
          // What it does claim of the columns is true: the exact scores lie within its bounds.
          r.columns.forEach((c, i) => {
            const truth = full[r.ply]!.columns[i];
            if (c === null || truth === null || truth === undefined) return;
            expect(truth.lower).toBeGreaterThanOrEqual(c.lower);
            expect(truth.upper).toBeLessThanOrEqual(c.upper);
          });
        }
      }),
      { numRuns: 40 },
    );
  });

  it('judges a move against the book’s score of its position, searching no other column', () => {
    // Twelve discs of a real game, then Red's 3: its position's score in a book of one entry.
    const game = cols('4413433431673');
    const position = { variant: CLASSIC, moves: game.slice(0, 12) };
    const score = unwrap(new Solver({ tableBits: 18 }).solve(position)).score!;
    const book = Book.fromEntries(CLASSIC, 0, [[symmetricKey(CLASSIC, position.moves), score]]);
    const judge = (withBook: boolean) =>
      reviewPosition(
        new Solver({ tableBits: 18, ...(withBook ? { book } : {}) }),
        CLASSIC,
        game,
        12,
        { timeLimitMs: 60_000, now: Date.now, verdictOnly: true },
      );
    const [plain, booked] = [judge(false), judge(true)];
    expect(booked.class).toBe(plain.class);
    expect(booked.value).toEqual(exact(score));
    expect(booked.nodes).toBeLessThan(plain.nodes);
    // Only the played column was searched: every other one is bounded by the book's score alone.
    booked.columns.forEach((c, i) => {
      if (i !== 2 && c !== null && !c.exact) expect(c.upper).toBe(score);
    });
  });

  it('takes the played column’s score from the next position without searching it', () => {
    // 4455667: Red's 7 wins at once, so that position's value is exact with no search, and it is
    // the score of Yellow's 6 before it. A clock that is always out of time allows no search.
    let clock = 0;
    const now = () => (clock += 1000);
    const [last, before] = [
      ...reviewMoves(new Solver({ tableBits: 16 }), CLASSIC, cols('4455667'), {
        plies: [6, 5],
        positionMs: 10,
        verdictOnly: true,
        now,
      }),
    ];
    expect(last!.value).toEqual(exact(18));
    expect(before!.played).toEqual(exact(-18));
    expect(before!.nodes).toBe(0);
  });
});

describe('reviewInPasses (the web Review’s order)', () => {
  const small: Variant = unwrap(createVariant({ width: 5, height: 4, connect: 4 }));

  it('judges every move in the first pass, then fills in exact scores without changing a verdict', () => {
    const moves = [...playPicks(small, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]).moves];
    const events = [...reviewInPasses(new Solver({ tableBits: 16 }), small, moves, [10_000])];
    const first = events.filter((e) => e.type === 'position' && e.pass === 0);
    expect(first.map((e) => e.type === 'position' && e.review.ply)).toEqual(
      moves.map((_, i) => moves.length - 1 - i),
    );
    expect(events.find((e) => e.type === 'pass')).toEqual({ type: 'pass', pass: 0, open: 0 });
    const last = new Map<number, MoveReview>();
    const verdict = new Map<number, string>();
    for (const e of events) {
      if (e.type !== 'position') continue;
      if (e.pass === 0) verdict.set(e.review.ply, e.review.class);
      else expect(e.review.class).toBe(verdict.get(e.review.ply));
      last.set(e.review.ply, e.review);
    }
    expect([...last.values()].every((r) => r.columns.every((c) => c === null || c.exact))).toBe(
      true,
    );
    expect(events.at(-1)).toMatchObject({ type: 'pass', open: 0 });
  });
});

describe('budget', () => {
  it('stops without yielding once the signal aborts, and reviews from the end', () => {
    const moves = cols('4455667');
    const signal = { aborted: false };
    const seen: number[] = [];
    for (const r of reviewMoves(solver, CLASSIC, moves, { signal })) {
      seen.push(r.ply);
      if (seen.length === 2) signal.aborted = true;
    }
    expect(seen).toEqual([6, 5]);
  });

  it('marks an early position it cannot settle as not solved', () => {
    const cold = new Solver({ tableBits: 16 });
    let clock = 0;
    // An injected clock that runs out at once: no search can finish.
    const now = () => (clock += 1000);
    const [review] = [
      ...reviewMoves(cold, CLASSIC, cols('44'), { plies: [1], positionMs: 10, now }),
    ];
    expect(review!.class).toBe('unsolved');
  });
});
