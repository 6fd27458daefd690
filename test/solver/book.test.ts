import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 as nodeCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASSIC,
  ErrorCode,
  Position,
  createVariant,
  parseMoves,
  unwrap,
  winScore,
} from '../../src/core/index.js';
import { Book, Solver, parseBook, symmetricKey } from '../../src/solver/index.js';
import {
  bookFromScores,
  centreFirst,
  deriveShallower,
  hardestParentsFirst,
  positionsAlongLines,
  LINE_COST_GROWTH,
  positionsAtPly,
  serializeBook,
} from '../../src/solver/build.js';

const small = unwrap(createVariant({ width: 5, height: 4, connect: 4 }));
const mirror = (moves: readonly number[], width: number) => moves.map((c) => width - 1 - c);

describe('book format', () => {
  const book = Book.fromEntries(CLASSIC, 0, [
    [symmetricKey(CLASSIC, [3]), -1],
    [symmetricKey(CLASSIC, []), 1],
    [symmetricKey(CLASSIC, [0]), 2],
  ]);

  it('round-trips through bytes', () => {
    const bytes = serializeBook(book);
    const parsed = unwrap(parseBook(bytes));
    expect([...parsed.entries()]).toEqual([...book.entries()]);
    expect(parsed.completePly).toBe(0);
    expect(parsed.lookup([6])).toBe(2);
    expect(parsed.lookup([3])).toBe(-1);
    expect(parsed.lookup([1])).toBeUndefined();
  });

  it('rejects damaged files with a typed error', () => {
    const bytes = serializeBook(book);
    const damaged = [
      bytes.slice(0, bytes.length - 1),
      bytes.slice(0, 10),
      Uint8Array.from(bytes, (b, i) => (i === 20 ? b ^ 1 : b)),
      Uint8Array.from(bytes, (b, i) => (i === 0 ? 0 : b)),
      Uint8Array.from(bytes, (b, i) => (i === 4 ? 9 : b)),
    ];
    for (const d of damaged) {
      const parsed = parseBook(d);
      expect(parsed.ok ? 'ok' : parsed.error.code).toBe(ErrorCode.BookInvalid);
    }
  });
});

describe('book format, read in place', () => {
  const book = Book.fromEntries(CLASSIC, 0, [
    [symmetricKey(CLASSIC, [3]), -1],
    [symmetricKey(CLASSIC, []), 1],
    [symmetricKey(CLASSIC, [0]), 2],
  ]);

  it('checks the file with the checksum it is given (the CLI passes the native CRC-32)', () => {
    const bytes = serializeBook(book);
    const seen: number[] = [];
    const parsed = unwrap(
      parseBook(bytes, (data) => {
        seen.push(data.length);
        return nodeCrc32(data);
      }),
    );
    expect(seen).toEqual([bytes.length - 4]);
    expect(parsed.lookup([3])).toBe(-1);
    const flipped = Uint8Array.from(bytes, (b, i) => (i === 17 ? b ^ 4 : b));
    const damaged = parseBook(flipped, (data) => nodeCrc32(data));
    expect(damaged.ok ? 'ok' : damaged.error.message).toBe('book checksum mismatch');
  });

  it('rejects exact-score entries out of order even under a valid checksum', () => {
    const bytes = serializeBook(book);
    const swapped = Uint8Array.from(bytes);
    // entries are 8 bytes (a 7-byte key and its score) from byte 16: swap the first two
    swapped.set(bytes.subarray(24, 32), 16);
    swapped.set(bytes.subarray(16, 24), 24);
    new DataView(swapped.buffer).setUint32(
      swapped.length - 4,
      nodeCrc32(swapped.subarray(0, swapped.length - 4)),
      true,
    );
    const parsed = parseBook(swapped);
    expect(parsed.ok ? 'ok' : parsed.error.message).toBe('book entry 1 is out of order');
  });

  it('answers from the bytes without copying them: negative scores and every key', () => {
    const entries: [number, number][] = [];
    for (let column = 0; column < 7; column++) {
      entries.push([symmetricKey(CLASSIC, [column, 3]), column - 3]);
    }
    const built = Book.fromEntries(CLASSIC, -1, entries);
    const parsed = unwrap(parseBook(serializeBook(built)));
    for (const [key, score] of built.entries()) expect(parsed.lookupKey(key)).toBe(score);
    expect(parsed.lookupKey(symmetricKey(CLASSIC, [3, 3, 3]))).toBeUndefined();
  });
});

describe('book format, any contents', () => {
  const key = fc.integer({ min: 0, max: 2 ** 49 - 1 });

  it('round-trips any scores and key sections', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.integer({ min: -21, max: 21 }))),
        fc.array(key),
        fc.array(key),
        (entries, lost, notWon) => {
          const book = Book.fromEntries(CLASSIC, -1, entries, lost, notWon);
          const parsed = unwrap(parseBook(serializeBook(book)));
          expect([...parsed.entries()]).toEqual([...book.entries()]);
          expect([...parsed.lostKeys()]).toEqual([...book.lostKeys()]);
          expect([...parsed.notWonKeys()]).toEqual([...book.notWonKeys()]);
          for (const [k] of entries) expect(parsed.lookupKey(k)).toBe(book.lookupKey(k));
        },
      ),
    );
  });
});

describe('a book built by search on 5x4c4', () => {
  const solver = new Solver({ tableBits: 18 });
  const deepest = 4;
  const solved = new Map<number, number>();
  for (const task of positionsAtPly(small, deepest)) {
    solved.set(task.key, unwrap(solver.solve({ variant: small, moves: task.moves })).score!);
  }
  const book = unwrap(
    parseBook(
      serializeBook(bookFromScores(small, deriveShallower(small, deepest, solved), deepest)),
    ),
  );

  it('is complete to its deepest ply', () => {
    expect(book.completePly).toBe(deepest);
  });

  it('agrees with search on every position it holds, mirrored or not', () => {
    for (let ply = 0; ply <= deepest; ply++) {
      for (const task of positionsAtPly(small, ply)) {
        const searched = unwrap(
          solver.solve({ variant: small, moves: task.moves }, { noBook: true }),
        );
        expect(book.lookup(task.moves)).toBe(searched.score);
        expect(book.lookup(mirror(task.moves, small.width))).toBe(searched.score);
      }
    }
  });

  it('answers solve and analyze without search', () => {
    const withBook = new Solver({ tableBits: 12, book });
    const result = unwrap(withBook.solve({ variant: small, moves: [] }));
    expect(result.fromBook).toBe(true);
    expect(result.nodes).toBe(0);
    const analysis = unwrap(withBook.analyze({ variant: small, moves: [] }));
    expect(analysis.nodes).toBe(0);
    expect(analysis.score).toBe(result.score);
  });
});

describe('centreFirst (the order a book build solves its positions in)', () => {
  it('puts the discs nearest the centre first and keeps every position once', () => {
    const tasks = positionsAtPly(CLASSIC, 2);
    const ordered = centreFirst(CLASSIC, tasks);
    expect(ordered.map((t) => t.key).sort()).toEqual(tasks.map((t) => t.key).sort());
    expect(ordered[0]!.moves).toEqual([3, 3]);
    const spread = (moves: readonly number[]) => moves.reduce((s, c) => s + Math.abs(c - 3), 0);
    const spreads = ordered.map((t) => spread(t.moves));
    expect(spreads).toEqual([...spreads].sort((a, b) => a - b));
  });
});

describe('hardestParentsFirst (book build --order hardest-parent)', () => {
  it('holds exactly the positions of the next ply, once per mirror pair, on a board where games end early', () => {
    // 5x4 connect 4: by ply 7 some lines are won, so ongoing children and parents matter.
    for (const ply of [1, 4, 7]) {
      const parents = positionsAtPly(small, ply - 1).map((t, i) => ({
        moves: t.moves,
        cost: i % 5,
      }));
      const tasks = hardestParentsFirst(small, parents);
      const keys = tasks.map((t) => t.key);
      expect(new Set(keys).size, `ply ${ply}`).toBe(keys.length);
      expect(keys.sort()).toEqual(
        positionsAtPly(small, ply)
          .map((t) => t.key)
          .sort(),
      );
    }
  });

  it("puts the costliest parent's children first, each task one disc below a parent", () => {
    const parents = positionsAtPly(CLASSIC, 2).map((t) => ({
      moves: t.moves,
      cost: t.moves.join('') === '06' ? 1_000 : 1,
    }));
    const tasks = hardestParentsFirst(CLASSIC, parents);
    const firstSeven = tasks.slice(0, 7).map((t) => t.moves.slice(0, 2).join(''));
    expect(firstSeven).toEqual(Array(7).fill('06'));
    for (const task of tasks.slice(0, 7)) expect(task.moves).toHaveLength(3);
  });
});

describe('positionsAlongLines (the positions a book build --lines solves)', () => {
  const games = ['4455', '4453', '1122', '7766'].map((g) => unwrap(parseMoves(g, CLASSIC)));

  it('holds every child, at the plies asked, of each position the games reach, once per mirror pair', () => {
    const tasks = positionsAlongLines(CLASSIC, games, 2, 3);
    const keys = new Set(tasks.map((t) => t.key));
    expect(keys.size).toBe(tasks.length);
    for (const game of games) {
      for (const ply of [1, 2]) {
        for (let column = 0; column < CLASSIC.width; column++) {
          const child = [...game.slice(0, ply), column];
          expect(keys.has(symmetricKey(CLASSIC, child)), child.join('')).toBe(true);
        }
      }
    }
    // Nothing else: 1122 and 7766 are mirror images, 4455 and 4453 share their first three discs.
    const expected = new Set(
      games.flatMap((game) =>
        [1, 2].flatMap((ply) =>
          Array.from({ length: CLASSIC.width }, (_, c) =>
            symmetricKey(CLASSIC, [...game.slice(0, ply), c]),
          ),
        ),
      ),
    );
    expect(keys).toEqual(expected);
  });

  it('orders by games answered per second: games through the parent, cheaper a disc deeper', () => {
    const tasks = positionsAlongLines(CLASSIC, games.slice(0, 3), 2, 3);
    const worth = tasks.map((t) => t.games * LINE_COST_GROWTH ** t.moves.length);
    expect(worth).toEqual([...worth].sort((a, b) => b - a));
    // 4455 and 4453 both pass 44 (and 4); only 1122 passes 11 (and 1).
    expect(tasks[0]!.games).toBe(2);
    expect(tasks[0]!.moves.slice(0, 2)).toEqual([3, 3]);
    const lastAtThree = tasks.findLast((t) => t.moves.length === 3)!;
    const firstAtTwo = tasks.find((t) => t.moves.length === 2)!;
    expect(lastAtThree.games).toBe(1);
    expect(firstAtTwo.games).toBe(2);
    // A child of a position one game reaches at ply 2 costs less than one of a position two
    // games reach at ply 1, and answers more per second.
    expect(tasks.indexOf(lastAtThree)).toBeLessThan(tasks.indexOf(firstAtTwo));
  });
});

const committed = join(dirname(fileURLToPath(import.meta.url)), '../../src/solver/book/7x6.book');

// The book is committed: a missing or short one is a failure, not a reason to skip.
describe('the committed 7x6 book', () => {
  it('is there, complete to ply 2', () => {
    expect(existsSync(committed), `${committed} is missing`).toBe(true);
    expect(book?.completePly).toBeGreaterThanOrEqual(2);
  });
  const book = existsSync(committed)
    ? unwrap(parseBook(new Uint8Array(readFileSync(committed))))
    : undefined;

  // Known (Pons, and first-player-wins-in-the-centre): dropping in columns 1-7 scores these.
  const EMPTY_BOARD = [-2, -1, 0, 1, 0, -1, -2];

  it('holds the known score of every one-disc position', () => {
    EMPTY_BOARD.forEach((score, column) => {
      expect(book!.lookup([column]), `column ${column + 1}`).toBe(0 - score);
    });
  });

  it('analyses the empty board without search', () => {
    const solver = new Solver({ tableBits: 12, book: book! });
    const analysis = unwrap(solver.analyze({ variant: CLASSIC, moves: [] }));
    expect(analysis.columns.map((c) => c?.score)).toEqual(EMPTY_BOARD);
    expect(analysis.nodes).toBe(0);
    expect(unwrap(solver.solve({ variant: CLASSIC, moves: [] })).score).toBe(1);
  });

  it('analyses the centre opening without search (known: -4 -2 -2 -1 -2 -2 -4)', () => {
    const solver = new Solver({ tableBits: 12, book: book! });
    const analysis = unwrap(solver.analyze({ variant: CLASSIC, moves: [3] }));
    expect(analysis.columns.map((c) => c?.score)).toEqual([-4, -2, -2, -1, -2, -2, -4]);
    expect(analysis.nodes).toBe(0);
  });

  it('is consistent: each shallower entry is the negamax of its children', () => {
    const entries = new Map(book!.entries());
    const rederived = deriveShallower(
      CLASSIC,
      book!.completePly,
      new Map(
        positionsAtPly(CLASSIC, book!.completePly).map(
          (t) => [t.key, entries.get(t.key)!] as const,
        ),
      ),
    );
    for (let ply = 0; ply < book!.completePly; ply++) {
      for (const task of positionsAtPly(CLASSIC, ply)) {
        expect(rederived.get(task.key)).toBe(entries.get(task.key));
      }
    }
  });

  // The lines built beyond the complete ply (`book build --lines`): the progress file names
  // their moves, which the keys alone do not give back.
  it('agrees with its deeper lines: each entry whose children all have one is their negamax', () => {
    const entries = new Map(book!.entries());
    const progress = join(dirname(committed), '../../../book/7x6-progress.tsv');
    const lines = readFileSync(progress, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split('\t'))
      .filter(([, , ply]) => Number(ply) > book!.completePly);
    let checked = 0;
    for (const [key, score, , moveText] of lines) {
      expect(book!.lookupKey(Number(key)), `moves ${moveText}`).toBe(Number(score));
      const moves = unwrap(parseMoves(moveText!, CLASSIC));
      const rederived = negamaxOfChildren(moves, entries);
      if (rederived === undefined) continue;
      expect(rederived, `moves ${moveText}`).toBe(Number(score));
      checked++;
    }
    if (checked === 0) console.info('book: no deeper line has all its children in the book yet');
  });

  it('agrees with its entries beyond the complete ply: a position whose children all have one is their negamax', () => {
    const entries = new Map(book!.entries());
    const deeper = book!.completePly + 1;
    const known = new Map(
      positionsAtPly(CLASSIC, deeper)
        .filter((t) => entries.has(t.key))
        .map((t) => [t.key, entries.get(t.key)!] as const),
    );
    const rederived = deriveShallower(CLASSIC, deeper, known);
    let checked = 0;
    for (const task of positionsAtPly(CLASSIC, book!.completePly)) {
      const score = rederived.get(task.key);
      if (score === undefined) continue;
      expect(score, `moves ${task.moves.map((c) => c + 1).join('')}`).toBe(entries.get(task.key));
      checked++;
    }
    // Nothing to compare while no position has all its children in the book (a partial ply).
    if (checked === 0)
      console.info(`book: no ply-${book!.completePly} position has all its children yet`);
  });
});

/** A position's score from its children's book entries (undefined unless every child has one). */
function negamaxOfChildren(
  moves: readonly number[],
  entries: ReadonlyMap<number, number>,
): number | undefined {
  const position = unwrap(Position.fromMoves(CLASSIC, moves));
  let best = -Infinity;
  for (const column of position.legalColumns()) {
    const child = position.clone();
    const played = unwrap(child.play(column));
    if (played.kind === 'win') {
      best = Math.max(best, winScore(CLASSIC.width * CLASSIC.height, moves.length));
      continue;
    }
    const score =
      played.kind === 'draw' ? 0 : entries.get(symmetricKey(CLASSIC, [...moves, column]));
    if (score === undefined) return undefined;
    best = Math.max(best, 0 - score);
  }
  return best;
}
