import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, createVariant, unwrap, type Variant } from '../../src/core/index.js';
import { Book, Solver, parseBook, symmetricKey } from '../../src/solver/index.js';
import {
  DEFAULT_STRATEGY_LIMITS,
  decisionColumn,
  proveWinningColumn,
  serializeBook,
  walkStrategy,
  type StrategyDecision,
  type StrategyGoal,
} from '../../src/solver/build.js';
import { crc32 } from '../../src/solver/book/crc32.js';

// Connect 3 on 5x4: the first player wins (score 6), with a game tree small enough to check the
// whole strategy against every defence.
const small = unwrap(createVariant({ width: 5, height: 4, connect: 3 }));

function buildStrategy(
  variant: Variant,
  maxPly: number,
  goal: StrategyGoal = 'win',
): Map<number, StrategyDecision> {
  const solver = new Solver({ tableBits: 18 });
  const known = new Map<number, StrategyDecision>();
  const limits = {
    ...DEFAULT_STRATEGY_LIMITS,
    maxPly,
    leafFromPly: 99,
    firstRoundNodes: 1000,
    goal,
  };
  walkStrategy(
    variant,
    [],
    limits,
    known,
    (moves) => {
      const proven = proveWinningColumn(solver, variant, moves, limits.firstRoundNodes, goal);
      return (
        proven && {
          moves,
          column: proven.column,
          goal,
          leaf: false,
          nodes: proven.nodes,
          ms: 0,
        }
      );
    },
    () => {},
  );
  return known;
}

/** Plays the strategy against every possible defence; returns how many games it won. */
function winsAgainstEveryDefence(
  variant: Variant,
  known: ReadonlyMap<number, StrategyDecision>,
): number {
  let games = 0;
  const attacker = (position: Position): void => {
    const immediate = position.legalColumns().find((c) => {
      const probe = position.clone();
      const played = probe.play(c);
      return played.ok && played.value.kind === 'win';
    });
    const decision = known.get(symmetricKey(variant, position.moves));
    const column = immediate ?? (decision && decisionColumn(variant, decision, position.moves));
    expect(column, `no move after ${position.moves.join('')}`).toBeDefined();
    const next = position.clone();
    const outcome = unwrap(next.play(column!));
    if (outcome.kind === 'win') {
      games++;
      return;
    }
    expect(outcome.kind).toBe('ongoing');
    for (const reply of next.legalColumns()) {
      const after = next.clone();
      const result = unwrap(after.play(reply));
      expect(result.kind, `the defence won after ${after.moves.join('')}`).toBe('ongoing');
      attacker(after);
    }
  };
  attacker(Position.empty(variant));
  return games;
}

describe('a first-player winning strategy', () => {
  const known = buildStrategy(small, 20);

  it('wins against every defence on 5x4 connect 3', () => {
    expect(known.size).toBeGreaterThan(10);
    expect(winsAgainstEveryDefence(small, known)).toBeGreaterThan(known.size);
  });

  it('only records positions with the winning side to move', () => {
    for (const decision of known.values()) expect(decision.moves.length % 2).toBe(0);
  });

  it('stops at the ply limit', () => {
    const shallow = buildStrategy(small, 2);
    expect(Math.max(...[...shallow.values()].map((d) => d.moves.length))).toBe(2);
  });

  it('finds no winning column in a position that is not won', () => {
    const drawn = unwrap(createVariant({ width: 5, height: 4, connect: 4 }));
    expect(proveWinningColumn(new Solver({ tableBits: 16 }), drawn, [], 1000)).toBeUndefined();
  });

  it('answers the mirror image of a recorded position with the mirrored column', () => {
    const decision: StrategyDecision = {
      moves: [0],
      column: 1,
      goal: 'win',
      leaf: false,
      nodes: 0,
      ms: 0,
    };
    expect(decisionColumn(small, decision, [0])).toBe(1);
    expect(decisionColumn(small, decision, [4])).toBe(3);
  });
});

describe('a drawing strategy', () => {
  // 5x4 connect 4 is a draw: the first player can hold it whatever the second does.
  const drawn = unwrap(createVariant({ width: 5, height: 4, connect: 4 }));
  const known = buildStrategy(drawn, 20, 'draw');

  it('never loses, against every defence (positions memoised up to symmetry)', () => {
    const seen = new Set<number>();
    let positions = 0;
    const holder = (position: Position): void => {
      const key = symmetricKey(drawn, position.moves);
      if (seen.has(key)) return;
      seen.add(key);
      positions++;
      const immediate = position.legalColumns().find((c) => {
        const probe = position.clone();
        return unwrap(probe.play(c)).kind === 'win';
      });
      const decision = known.get(key);
      const column = immediate ?? (decision && decisionColumn(drawn, decision, position.moves));
      expect(column, `no move after ${position.moves.join('')}`).toBeDefined();
      const next = position.clone();
      if (unwrap(next.play(column!)).kind !== 'ongoing') return;
      for (const reply of next.legalColumns()) {
        const after = next.clone();
        const result = unwrap(after.play(reply));
        expect(result.kind, `lost after ${after.moves.join('')}`).not.toBe('win');
        if (result.kind === 'ongoing') holder(after);
      }
    };
    holder(Position.empty(drawn));
    expect(positions).toBeGreaterThan(100);
    expect([...known.values()].every((d) => d.goal === 'draw')).toBe(true);
  });

  it('is refused where the side to move cannot even draw', () => {
    // Connect 3 on 5x4 is a first-player win: after the centre, the second player is lost.
    expect(
      unwrap(new Solver({ tableBits: 16 }).solve({ variant: small, moves: [2] })).score,
    ).toBeLessThan(0);
    expect(
      proveWinningColumn(new Solver({ tableBits: 16 }), small, [2], 1000, 'draw'),
    ).toBeUndefined();
  });
});

describe('proven losses in a book', () => {
  const known = buildStrategy(small, 20);
  const lost = [...known.values()].map((d) => symmetricKey(small, [...d.moves, d.column]));
  const book = unwrap(parseBook(serializeBook(Book.fromEntries(small, -1, [], lost))));

  it('round-trip through the file format', () => {
    expect(book.lossCount).toBe(new Set(lost).size);
    expect([...book.lostKeys()]).toEqual([...new Set(lost)].sort((a, b) => a - b));
  });

  it('answer weak solves without search, mirrored or not', () => {
    const solver = new Solver({ tableBits: 16, book });
    for (const decision of known.values()) {
      const child = [...decision.moves, decision.column];
      const mirrored = child.map((c) => small.width - 1 - c);
      for (const moves of [child, mirrored]) {
        expect(book.provesLoss(moves)).toBe(true);
        const solved = unwrap(solver.solve({ variant: small, moves }, { weak: true }));
        expect(solved).toMatchObject({ score: -1, fromBook: true });
        // and search agrees
        const searched = unwrap(
          solver.solve({ variant: small, moves }, { weak: true, noBook: true }),
        );
        expect(searched.score).toBe(-1);
      }
    }
  });

  it('leave exact solves to search', () => {
    const solver = new Solver({ tableBits: 16, book });
    const decision = [...known.values()][0]!;
    const solved = unwrap(solver.solve({ variant: small, moves: [decision.column] }));
    expect(solved.fromBook).toBe(false);
    expect(solved.score).toBeLessThan(0);
  });
});

describe('book file versions', () => {
  it('still reads version 1 and 2 files (no key sections, only the loss section)', () => {
    const lost = symmetricKey(CLASSIC, [0]);
    const v3 = serializeBook(
      Book.fromEntries(CLASSIC, 0, [[symmetricKey(CLASSIC, []), 1]], [lost]),
    );
    // version 2 = version 3 without the no-win count before the checksum; version 1 also
    // without the loss section (a count and one 7-byte key)
    const older = (version: number, drop: number): Uint8Array => {
      const bytes = new Uint8Array(v3.length - drop);
      bytes.set(v3.subarray(0, v3.length - 4 - drop));
      bytes[4] = version;
      new DataView(bytes.buffer).setUint32(bytes.length - 4, crc32(bytes, bytes.length - 4), true);
      return bytes;
    };
    const v2 = unwrap(parseBook(older(2, 4)));
    expect(v2.lookup([])).toBe(1);
    expect(v2.provesLoss([0])).toBe(true);
    const v1 = unwrap(parseBook(older(1, 4 + 4 + 7)));
    expect(v1.lookup([])).toBe(1);
    expect(v1.lossCount).toBe(0);
    expect(v1.provesLoss([0])).toBe(false);
  });

  it('round-trips positions proven not won, and a loss overrides them', () => {
    const a = symmetricKey(CLASSIC, [0]);
    const b = symmetricKey(CLASSIC, [1]);
    const book = unwrap(parseBook(serializeBook(Book.fromEntries(CLASSIC, -1, [], [a], [a, b]))));
    expect(book.lossCount).toBe(1);
    expect(book.noWinCount).toBe(1);
    expect(book.ceiling([0])).toBe(-1);
    expect(book.ceiling([6])).toBe(-1);
    expect(book.ceiling([1])).toBe(0);
    expect(book.ceiling([5])).toBe(0);
    expect(book.ceiling([2])).toBe(1);
  });

  it('rejects a loss section that is out of order', () => {
    const book = Book.fromEntries(
      CLASSIC,
      -1,
      [],
      [symmetricKey(CLASSIC, [0]), symmetricKey(CLASSIC, [1])],
    );
    const bytes = serializeBook(book);
    const keyBytes = 7;
    // the two loss keys sit before the (empty) no-win section's count and the checksum
    const first = bytes.length - 4 - 4 - 2 * keyBytes;
    const swapped = Uint8Array.from(bytes);
    swapped.set(bytes.subarray(first + keyBytes, first + 2 * keyBytes), first);
    swapped.set(bytes.subarray(first, first + keyBytes), first + keyBytes);
    new DataView(swapped.buffer).setUint32(
      swapped.length - 4,
      crc32(swapped, swapped.length - 4),
      true,
    );
    const parsed = parseBook(swapped);
    expect(parsed.ok ? 'ok' : parsed.error.message).toMatch(/out of order/);
  });
});
