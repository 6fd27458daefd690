import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/ai/random.js';
import { pairArena, type ArenaCandidate } from '../../src/tournament/index.js';
import { pairArenaOracle } from './arena-oracle.js';

/** An arena's free players as it makes them: scores in steps, Glicko-like ratings, last games. */
function arenaField(count: number, seed: number, spread = 40): ArenaCandidate[] {
  const next = createRandom(seed);
  const ids = Array.from({ length: count }, (_, i) => `p${i}`);
  const order = [...ids].sort(() => next() - 0.5);
  const last = new Map<string, string>();
  for (let i = 0; i + 1 < order.length; i += 2) {
    if (next() < 0.8) {
      last.set(order[i]!, order[i + 1]!);
      last.set(order[i + 1]!, order[i]!);
    }
  }
  return ids.map((id) => ({
    id,
    score: Math.floor(next() * spread),
    rating: next() < 0.3 ? 1500 : 1200 + Math.round(next() * 6000) / 10,
    lastOpponent: last.get(id) ?? null,
    freeSince: Math.floor(next() * 100),
  }));
}

/** `count` players of one score who have all just played `z` (z's own last game was p00). */
const justPlayedZ = (count: number, score: number): ArenaCandidate[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${String(i).padStart(2, '0')}`,
    score,
    rating: 1500,
    lastOpponent: 'z',
    freeSince: 0,
  }));
const z: ArenaCandidate = { id: 'z', score: 0, rating: 1500, lastOpponent: 'p00', freeSince: 0 };

describe('arena pairing: the lazy search equals the first one', () => {
  // Few distinct values, so ties in score, rating and freeSince are common; last opponents
  // anywhere (stars of rematches, players no longer free, a player's own id), duplicates too.
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
  const candidate = fc.record({
    id: fc.constantFrom(...ids),
    score: fc.oneof(fc.nat(6), fc.constantFrom(0.5, 2.25, -1, 1e-9)),
    rating: fc.oneof(
      fc.constantFrom(1500, 1490, 1510, 1500.5, 1499.5),
      fc.integer({ min: 800, max: 2500 }),
      fc.double({ min: 800, max: 2500, noNaN: true }),
    ),
    lastOpponent: fc.option(fc.constantFrom(...ids, 'gone'), { nil: null }),
    freeSince: fc.nat(4),
  });

  it('gives the same pairs, in the same order and colours, on random small fields', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 14 }), (cands) => {
        expect(pairArena(cands)).toEqual(pairArenaOracle(cands));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same pairs when pairs who just met are all that is left at the bottom', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.integer({ min: 3, max: 24 }), (seed, count) => {
        const field = arenaField(count, seed, 3);
        expect(pairArena(field)).toEqual(pairArenaOracle(field));
      }),
    );
  });

  it.each([
    [200, 1, 40],
    [201, 2, 40],
    [300, 3, 1],
    [301, 4, 8],
  ])('gives the same pairs for %i players (seed %i, %i score levels)', (count, seed, spread) => {
    const field = arenaField(count, seed, spread);
    const pairs = pairArena(field);
    expect(pairs).toHaveLength(Math.floor(count / 2));
    expect(pairs).toEqual(pairArenaOracle(field));
  });

  it('gives the same pairs when a star of rematches exhausts the search budget', () => {
    // `z` has just played everyone else and ranks last: no pairing without a rematch exists,
    // and proving it takes more steps than the budget; both searches then allow the rematch.
    const field = [...justPlayedZ(15, 10), z];
    const pairs = pairArena(field);
    expect(pairs).toHaveLength(8);
    expect(pairs).toEqual(pairArenaOracle(field));
  });
  it.each([
    [10, true],
    [16, false],
  ])(
    'with %i players, where the only pairing without a rematch takes the top one to the bottom, finds it: %s',
    (count, found) => {
      // Everyone in the middle just played `z`; only `a`, at the top, may meet it. The search
      // tries `a` with each of the middle first, and proving each of those fails grows as
      // (count - 3)!!: past the step budget at 16, where both searches allow rematches instead.
      const field = [
        { id: 'a', score: 9, rating: 1500, lastOpponent: null, freeSince: 0 },
        ...justPlayedZ(count - 2, 5),
        z,
      ];
      const pairs = pairArena(field);
      expect(pairs).toEqual(pairArenaOracle(field));
      expect(pairs.some((p) => [p.first, p.second].sort().join('-') === 'a-z')).toBe(found);
    },
  );
});
