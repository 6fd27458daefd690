/**
 * A book's sorted sections, behind one shape whether they were computed (a builder's arrays) or
 * are read in place from the book file's bytes. Reading in place is what makes a fresh process's
 * first book answer cheap: parsing checks the file but decodes nothing, and a lookup reads only
 * the ~17 keys its binary search touches.
 */
export interface KeyColumn {
  readonly length: number;
  keyAt(index: number): number;
}

/** Keys with a score beside each (the exact-score section). */
export interface ScoredColumn extends KeyColumn {
  scoreAt(index: number): number;
}

export class ArrayColumn implements ScoredColumn {
  constructor(
    private readonly keys: Float64Array,
    private readonly scores: Int8Array = new Int8Array(keys.length),
  ) {}

  get length(): number {
    return this.keys.length;
  }

  keyAt(index: number): number {
    return this.keys[index]!;
  }

  scoreAt(index: number): number {
    return this.scores[index]!;
  }
}

/**
 * A section of the book file: `length` records of `stride` bytes from `start`, each a
 * little-endian key of `keyBytes` bytes, then (in the exact-score section) a signed score byte.
 */
export class StoredColumn implements ScoredColumn {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly start: number,
    private readonly stride: number,
    private readonly keyBytes: number,
    readonly length: number,
  ) {}

  keyAt(index: number): number {
    const at = this.start + index * this.stride;
    let key = 0;
    for (let b = this.keyBytes - 1; b >= 0; b--) key = key * 256 + this.bytes[at + b]!;
    return key;
  }

  scoreAt(index: number): number {
    const byte = this.bytes[this.start + index * this.stride + this.keyBytes]!;
    return byte > 127 ? byte - 256 : byte;
  }

  /**
   * The first index whose key is not above the one before it, or -1 when the keys are strictly
   * ascending. Compared as bytes from the most significant one (no number is built): the check
   * a parse makes once, so a lookup can trust its binary search.
   */
  firstOutOfOrder(): number {
    const { bytes, stride, keyBytes } = this;
    for (let i = 1; i < this.length; i++) {
      const previous = this.start + (i - 1) * stride;
      const current = previous + stride;
      let b = keyBytes - 1;
      while (b >= 0 && bytes[previous + b] === bytes[current + b]) b--;
      if (b < 0 || bytes[previous + b]! > bytes[current + b]!) return i;
    }
    return -1;
  }
}

/** The index of `key` in an ascending column, or -1. */
export function indexOf(column: KeyColumn, key: number): number {
  let lo = 0;
  let hi = column.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = column.keyAt(mid);
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
