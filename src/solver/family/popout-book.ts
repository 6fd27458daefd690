import {
  C4Error,
  ErrorCode,
  createVariant,
  err,
  ok,
  type Result,
  type Variant,
} from '../../core/index.js';
import type { GamePosition } from '../../core/family/position.js';
import { rulesetToString } from '../../core/family/rules.js';
import { Book } from '../book/book.js';
import { parseBook, serializeBook } from '../book/format.js';
import { POPOUT_WIN, popoutMoveScore, type FamilyAnalysis, type FamilyMoveScore } from './solve.js';

/*
 * PopOut 7x6's opening book: the exact score (`solveFamily`'s) of every position reachable in
 * its first plies. It reuses the classic book's file format (`../book/format.ts`) as it is; only
 * the meaning of a key and a score differ, so a PopOut book lives in its own file
 * (`popout-7x6.book`) and is read only through this module.
 *
 * Key: seen from the side to move (PopOut's rules treat both colours alike, so a position's
 * score depends only on whose discs are whose relative to the mover). Each column takes
 * height+1 bits: a 1 per disc of the side to move and a sentinel 1 above the column's discs,
 * the same layout as the classic solver key; the smaller of the key and its mirror image's.
 *
 * Score byte: 0 a draw, otherwise sign * (128 - d) for a game that ends d plies from now.
 */

/** The committed book's file name, beside the classic book in src/solver/book/. */
export const POPOUT_BOOK_FILE = 'popout-7x6.book';

/** The only ruleset the book is built for (the default PopOut: 7x6, connect 4, third repetition draws). */
export const POPOUT_BOOK_RULESET = 'popout';

const WIDTH = 7;
const HEIGHT = 6;

const invalid = (message: string): C4Error => new C4Error(ErrorCode.BookInvalid, message);

/** The book's key of a PopOut 7x6 position (mirror images share it). */
export function popoutBookKey(position: GamePosition): number {
  const mover = position.turn;
  let key = 0;
  let mirror = 0;
  for (let column = 0; column < WIDTH; column++) {
    const height = position.columnHeight(column);
    let code = 2 ** height;
    for (let row = 0; row < height; row++) {
      if (position.cell(column, row) === mover) code += 2 ** row;
    }
    key += code * 2 ** (column * (HEIGHT + 1));
    mirror += code * 2 ** ((WIDTH - 1 - column) * (HEIGHT + 1));
  }
  return Math.min(key, mirror);
}

/** A solver score as the book's byte; throws where it does not fit (a game over 127 plies). */
export function encodePopoutScore(score: number): number {
  if (score === 0) return 0;
  const plies = POPOUT_WIN - Math.abs(score);
  if (!Number.isInteger(plies) || plies < 1 || plies > 127) {
    throw new RangeError(`PopOut score ${score} does not fit the book`);
  }
  return Math.sign(score) * (128 - plies);
}

export function decodePopoutScore(stored: number): number {
  if (stored === 0) return 0;
  return Math.sign(stored) * (POPOUT_WIN - (128 - Math.abs(stored)));
}

/** The book's scores, keyed by `popoutBookKey`. */
export class PopOutBook {
  constructor(private readonly book: Book) {}

  /** The classic book holding the encoded scores, as written to a file. */
  get stored(): Book {
    return this.book;
  }

  /** Every position with at most this many plies is in the book (-1: none). */
  get completePly(): number {
    return this.book.completePly;
  }

  get size(): number {
    return this.book.size;
  }

  /** The solver's score of a position without earlier history, if the book holds it. */
  scoreOf(key: number): number | undefined {
    const stored = this.book.lookupKey(key);
    return stored === undefined ? undefined : decodePopoutScore(stored);
  }

  *entries(): IterableIterator<readonly [number, number]> {
    for (const [key, stored] of this.book.entries()) yield [key, decodePopoutScore(stored)];
  }
}

function bookVariant(): Variant {
  const variant = createVariant({ width: WIDTH, height: HEIGHT, connect: 4 });
  if (!variant.ok) throw variant.error;
  return variant.value;
}

/** A book from solver scores (keys from `popoutBookKey`); throws where a score does not fit. */
export function popoutBookFromScores(
  completePly: number,
  scores: Iterable<readonly [number, number]>,
): PopOutBook {
  const entries = [...scores].map(([key, score]) => [key, encodePopoutScore(score)] as const);
  return new PopOutBook(Book.fromEntries(bookVariant(), completePly, entries));
}

export function serializePopoutBook(book: PopOutBook): Uint8Array {
  return serializeBook(book.stored);
}

/** Reads a PopOut book file; damage, or a book of another board, is a typed error. */
export function parsePopoutBook(bytes: Uint8Array): Result<PopOutBook, C4Error> {
  const parsed = parseBook(bytes);
  if (!parsed.ok) return parsed;
  const { width, height, connect } = parsed.value.variant;
  if (width !== WIDTH || height !== HEIGHT || connect !== 4) {
    return err(
      invalid(`a PopOut book is for 7x6 connect 4, not ${width}x${height} connect ${connect}`),
    );
  }
  return ok(new PopOutBook(parsed.value));
}

/**
 * The keys of the game's positions so far, or undefined if one has occurred twice. A book score is
 * the value of a position with no earlier history; the solver's score is that same value exactly
 * when no position of the game can draw by a third occurrence, i.e. none has been seen twice
 * (docs/family.md, "Repetition"). In the opening this always holds: a position first repeats
 * when pops have undone drops (at the earliest after 4 plies).
 */
function distinctHistory(position: GamePosition): Set<number | string> | undefined {
  const replay = position.clone();
  const seen = new Set<number | string>([replay.key()]);
  while (replay.ply > 0) {
    replay.undo();
    const key = replay.key();
    if (seen.has(key)) return undefined;
    seen.add(key);
  }
  return seen;
}

/**
 * The score of the position a best move leaves, from the score of the position it was played in:
 * the same end seen from the other side, one ply nearer (a win in d is a loss in d - 1 there).
 */
export function bestChildScore(score: number): number {
  return score === 0 ? 0 : -score - Math.sign(score);
}

/**
 * The position's own score from the book (the solver's, for the side to move), or undefined: not
 * in the book, another ruleset, or a history in which a position has occurred twice. With it, a
 * move whose child's book score gives the same score is a best move, though the book lacks the
 * other children (it holds a best reply to each first move).
 */
export function popoutBookScore(book: PopOutBook, position: GamePosition): number | undefined {
  if (position.isOver || rulesetToString(position.ruleset) !== POPOUT_BOOK_RULESET) {
    return undefined;
  }
  const score = book.scoreOf(popoutBookKey(position));
  if (score === undefined || distinctHistory(position) === undefined) return undefined;
  return score;
}

/**
 * Every legal move's score from the book (`analyseFamily`'s form, nodes 0; null where the book
 * lacks the position a move leaves), or undefined when the book cannot answer at all: another
 * ruleset, a history in which a position (a child included) occurs twice, or no child known.
 */
export function popoutBookAnalysis(
  book: PopOutBook,
  position: GamePosition,
): FamilyAnalysis | undefined {
  if (position.isOver || rulesetToString(position.ruleset) !== POPOUT_BOOK_RULESET) {
    return undefined;
  }
  const moves: FamilyMoveScore[] = [];
  const children: GamePosition[] = [];
  for (const move of position.legalMoves()) {
    const child = position.clone();
    child.play(move);
    moves.push({ move, score: childScore(book, position, child) ?? null });
    children.push(child);
  }
  if (moves.every((m) => m.score === null)) return undefined;
  // Checked only once the book knows a child: most positions of a game leave at a miss.
  const history = distinctHistory(position);
  if (history === undefined) return undefined;
  if (children.some((child) => !child.isOver && history.has(child.key()))) return undefined;
  return { moves, nodes: 0 };
}

/** The score of the move to `child` for the side playing it, from the book. */
function childScore(
  book: PopOutBook,
  position: GamePosition,
  child: GamePosition,
): number | undefined {
  const outcome = child.outcome;
  if (outcome.kind === 'win') {
    return outcome.winner === position.turn ? POPOUT_WIN - 1 : 1 - POPOUT_WIN;
  }
  if (outcome.kind === 'draw') return 0;
  const score = book.scoreOf(popoutBookKey(child));
  return score === undefined ? undefined : popoutMoveScore(score);
}
