/** A source of uniform numbers in [0, 1), injectable so games vary in play and repeat in tests. */
export type RandomSource = () => number;

/** mulberry32: a tiny seeded PRNG, good enough to break ties and vary openings. */
export function createRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniformly chosen element of a non-empty list. */
export function pick<T>(items: readonly T[], random: RandomSource): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}
