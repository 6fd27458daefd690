import type { Variant } from '../../core/index.js';
import { symmetricKey } from '../board-key.js';
import { ArrayColumn, indexOf, type KeyColumn, type ScoredColumn } from './columns.js';

/**
 * Exact scores of positions keyed up to mirror symmetry (see `symmetricKey`), sorted by key, and
 * the keys of positions only proven lost, or only proven not won, for the side to move (what a
 * winning or drawing strategy leaves the opponent: see `strategy.ts`). Made by `parseBook` (from
 * bytes) or `fromEntries` (from what a builder computed).
 */
export class Book {
  private constructor(
    readonly variant: Variant,
    /** Every position with at most this many discs is in the book. */
    readonly completePly: number,
    private readonly scored: ScoredColumn,
    private readonly losses: KeyColumn,
    private readonly noWins: KeyColumn,
  ) {}

  /** Entries may come in any order; a repeated key keeps its last score. */
  static fromEntries(
    variant: Variant,
    completePly: number,
    entries: Iterable<readonly [number, number]>,
    lostKeys: Iterable<number> = [],
    notWonKeys: Iterable<number> = [],
  ): Book {
    const map = new Map<number, number>();
    for (const [key, score] of entries) map.set(key, score);
    const sorted = [...map.entries()].sort((a, b) => a[0] - b[0]);
    const keys = new Float64Array(sorted.map((e) => e[0]));
    const scores = new Int8Array(sorted.map((e) => e[1]));
    // A lost position whose exact score is known needs no second entry.
    // Kept even where an exact score is known: they also mark the strategies' own moves.
    const lost = new Set(lostKeys);
    const losses = [...lost].sort((a, b) => a - b);
    // A proven loss is also not a win: keep the stronger fact only.
    const noWins = [...new Set(notWonKeys)].filter((key) => !lost.has(key)).sort((a, b) => a - b);
    return new Book(
      variant,
      completePly,
      new ArrayColumn(keys, scores),
      new ArrayColumn(new Float64Array(losses)),
      new ArrayColumn(new Float64Array(noWins)),
    );
  }

  /**
   * A book from sections already in the stored form: keys strictly ascending (`parseBook`
   * checks), no no-win key that is also a loss key. The columns are kept, not copied.
   */
  static fromSorted(
    variant: Variant,
    completePly: number,
    scored: ScoredColumn,
    losses: KeyColumn,
    noWins: KeyColumn,
  ): Book {
    return new Book(variant, completePly, scored, losses, noWins);
  }

  /** Positions with an exact score. */
  get size(): number {
    return this.scored.length;
  }

  /** Positions only known to be lost for the side to move. */
  get lossCount(): number {
    return this.losses.length;
  }

  /** Positions only known not to be won by the side to move (a draw or a loss). */
  get noWinCount(): number {
    return this.noWins.length;
  }

  /**
   * The best result the book allows the side to move: 1 (it may win), 0 (a draw at best), -1
   * (lost); from an exact score, or a strategy's bound.
   */
  ceiling(moves: readonly number[]): -1 | 0 | 1 {
    const key = symmetricKey(this.variant, moves);
    const score = this.lookupKey(key);
    if (score !== undefined) return score < 0 ? -1 : score === 0 ? 0 : 1;
    if (indexOf(this.losses, key) >= 0) return -1;
    return indexOf(this.noWins, key) >= 0 ? 0 : 1;
  }

  /** Whether the book proves the position lost for the side to move (exactly or as a bound). */
  /** Whether a strategy in the book moves into this position (it is one of its answers). */
  isStrategyAnswer(moves: readonly number[]): boolean {
    const key = symmetricKey(this.variant, moves);
    return indexOf(this.losses, key) >= 0 || indexOf(this.noWins, key) >= 0;
  }

  provesLoss(moves: readonly number[]): boolean {
    return this.ceiling(moves) < 0;
  }

  *lostKeys(): IterableIterator<number> {
    for (let i = 0; i < this.losses.length; i++) yield this.losses.keyAt(i);
  }

  *notWonKeys(): IterableIterator<number> {
    for (let i = 0; i < this.noWins.length; i++) yield this.noWins.keyAt(i);
  }

  /** The exact score of a position (legal moves, 0-based columns), if the book has it. */
  lookup(moves: readonly number[]): number | undefined {
    return this.lookupKey(symmetricKey(this.variant, moves));
  }

  lookupKey(key: number): number | undefined {
    const index = indexOf(this.scored, key);
    return index < 0 ? undefined : this.scored.scoreAt(index);
  }

  *entries(): IterableIterator<readonly [number, number]> {
    for (let i = 0; i < this.scored.length; i++) {
      yield [this.scored.keyAt(i), this.scored.scoreAt(i)];
    }
  }
}
