import type { Variant } from '../../core/index.js';
import { symmetricKey } from '../board-key.js';

/**
 * Exact scores of positions keyed up to mirror symmetry (see `symmetricKey`), sorted by key.
 * Made by `parseBook` (from bytes) or `createBook` (from entries the builder computed).
 */
export class Book {
  private constructor(
    readonly variant: Variant,
    /** Every position with at most this many discs is in the book. */
    readonly completePly: number,
    private readonly keys: Float64Array,
    private readonly scores: Int8Array,
  ) {}

  /** Entries may come in any order; a repeated key keeps its last score. */
  static fromEntries(
    variant: Variant,
    completePly: number,
    entries: Iterable<readonly [number, number]>,
  ): Book {
    const map = new Map<number, number>();
    for (const [key, score] of entries) map.set(key, score);
    const sorted = [...map.entries()].sort((a, b) => a[0] - b[0]);
    const keys = new Float64Array(sorted.map((e) => e[0]));
    const scores = new Int8Array(sorted.map((e) => e[1]));
    return new Book(variant, completePly, keys, scores);
  }

  get size(): number {
    return this.keys.length;
  }

  /** The exact score of a position (legal moves, 0-based columns), if the book has it. */
  lookup(moves: readonly number[]): number | undefined {
    return this.lookupKey(symmetricKey(this.variant, moves));
  }

  lookupKey(key: number): number | undefined {
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid]!;
      if (k === key) return this.scores[mid];
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  *entries(): IterableIterator<readonly [number, number]> {
    for (let i = 0; i < this.keys.length; i++) yield [this.keys[i]!, this.scores[i]!];
  }
}
