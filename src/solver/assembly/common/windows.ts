// The root's null windows, the same for every board width: which window to search next, given
// the interval [min, max] the earlier searches left.

/** The next null window of the bisection on [min, max]: leaning to 0, where most scores are. */
@inline
export function probeAt(min: i32, max: i32): i32 {
  let med = min + (max - min) / 2;
  if (med <= 0 && min / 2 < med) med = min / 2;
  else if (med >= 0 && max / 2 > med) med = max / 2;
  return med;
}

// Up to this many discs the root walks out from 0 (see `rootProbe`).
const WALK_DISCS: i32 = 2;

/**
 * The root's next null window, `probes` searches in, from a root of `discs` discs. Bisection
 * (`probeAt`) for the first two probes, which settle the big scores of easy positions cheaply;
 * then 0 while the score may still be either sign, which settles the sign in one search instead
 * of closing in on it from both sides. Even heights only: without claimeven draws to find,
 * probing 0 first cost more than it saved.
 *
 * Up to `WALK_DISCS` discs, once the sign is known the root walks out from 0 one step at a time:
 * scores there are the game's smallest, and the probe beside the known bound closes the interval
 * where bisection needs several more (BENCHMARKS.md, "root windows", "the empty board's root").
 */
@inline
export function rootProbe(min: i32, max: i32, probes: i32, evenHeight: bool, discs: i32): i32 {
  if (evenHeight) {
    if (discs <= WALK_DISCS) {
      if (min >= 1) return min;
      if (max <= 0) return max - 1;
    }
    if (probes >= 2 && min < 0 && max > 0) return 0;
  }
  return probeAt(min, max);
}
