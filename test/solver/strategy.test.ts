import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, createVariant, unwrap, type Variant } from '../../src/core/index.js';
import {
  Book,
  DEFAULT_STRATEGY_LIMITS,
  Solver,
  decisionColumn,
  parseBook,
  proveWinningColumn,
  serializeBook,
  symmetricKey,
  walkStrategy,
  type StrategyDecision,
} from '../../src/solver/index.js';
import { crc32 } from '../../src/solver/book/crc32.js';

// Connect 3 on 5x4: the first player wins (score 6), with a game tree small enough to check the
// whole strategy against every defence.
const small = unwrap(createVariant({ width: 5, height: 4, connect: 3 }));

function buildStrategy(variant: Variant, maxPly: number): Map<number, StrategyDecision> {
  const solver = new Solver({ tableBits: 18 });
  const known = new Map<number, StrategyDecision>();
  const limits = { ...DEFAULT_STRATEGY_LIMITS, maxPly, leafFromPly: 99, firstRoundNodes: 1000 };
  walkStrategy(
    variant,
    [],
    limits,
    known,
    (moves) => {
      const proven = proveWinningColumn(solver, variant, moves, limits.firstRoundNodes);
      return proven && { moves, column: proven.column, leaf: false, nodes: proven.nodes, ms: 0 };
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
    const decision: StrategyDecision = { moves: [0], column: 1, leaf: false, nodes: 0, ms: 0 };
    expect(decisionColumn(small, decision, [0])).toBe(1);
    expect(decisionColumn(small, decision, [4])).toBe(3);
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
  it('still reads version 1 files (no loss section)', () => {
    const v2 = serializeBook(Book.fromEntries(CLASSIC, 0, [[symmetricKey(CLASSIC, []), 1]]));
    // version 1 = version 2 without the u32 loss count before the checksum
    const v1 = new Uint8Array(v2.length - 4);
    v1.set(v2.subarray(0, v2.length - 8));
    v1[4] = 1;
    new DataView(v1.buffer).setUint32(v1.length - 4, crc32(v1, v1.length - 4), true);
    const parsed = unwrap(parseBook(v1));
    expect(parsed.lookup([])).toBe(1);
    expect(parsed.lossCount).toBe(0);
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
    const first = bytes.length - 4 - 2 * keyBytes;
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
