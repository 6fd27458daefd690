/**
 * A set of non-negative integers below 2^53 in one Float64Array with open addressing. A JS `Set`
 * boxes numbers beyond 31 bits, which made perft spend most of its time hashing heap numbers.
 */
export class NumberSet {
  private keys: Float64Array;
  private mask: number;
  private count = 0;

  constructor(capacityHint = 1024) {
    let size = 1024;
    while (size < capacityHint * 2) size *= 2;
    this.keys = new Float64Array(size).fill(-1);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Adds `key`; returns false if it was already there. */
  add(key: number): boolean {
    const keys = this.keys;
    let slot = hash(key) & this.mask;
    for (;;) {
      const found = keys[slot]!;
      if (found === key) return false;
      if (found === -1) break;
      slot = (slot + 1) & this.mask;
    }
    keys[slot] = key;
    if (++this.count * 2 > keys.length) this.grow();
    return true;
  }

  has(key: number): boolean {
    const keys = this.keys;
    let slot = hash(key) & this.mask;
    for (;;) {
      const found = keys[slot]!;
      if (found === key) return true;
      if (found === -1) return false;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const old = this.keys;
    this.keys = new Float64Array(old.length * 2).fill(-1);
    this.mask = this.keys.length - 1;
    this.count = 0;
    for (const key of old) if (key !== -1) this.add(key);
  }
}

function hash(key: number): number {
  const low = key >>> 0;
  const high = (key / 4294967296) >>> 0;
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
