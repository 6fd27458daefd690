import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arenaOf, settleArena, type SettledArena } from '../../../src/server/tournaments/replay.js';
import type { EntrantRow, PairingRow } from '../../../src/server/tournaments/store.js';

const ids = ['a', 'b', 'c', 'd', 'e'];

/** Entrants `a`–`d` from the start, `e` joining late; games of anyone (`x` never joined). */
const entrantsOf = (withLate: boolean): EntrantRow[] =>
  ids.slice(0, withLate ? 5 : 4).map((playerId, i) => ({
    playerId,
    name: playerId,
    rating: 1400 + 50 * i,
    seatHash: '0'.repeat(64),
    joinedAt: i,
    withdrawn: i === 2,
    presentUntil: i === 1 ? 0 : 10_000,
  }));

const history = fc.array(
  fc.record({
    first: fc.constantFrom(...ids, 'x'),
    second: fc.constantFrom(...ids),
    outcome: fc.constantFrom('first', 'second', 'draw', 'aborted', null),
    // Out of order at times, as clocks of several processes may make them.
    finishedAt: fc.nat(50),
  }),
  { maxLength: 30 },
);

describe('replaying an arena on from its settled games', () => {
  it('gives the arena a full replay gives, ticks after tick', () => {
    fc.assert(
      fc.property(history, fc.array(fc.nat(30), { maxLength: 4 }), (games, cuts) => {
        const pairings: PairingRow[] = games.map((g, seq) => ({
          seq,
          round: null,
          gameId: `g${seq}`,
          first: g.first,
          second: g.second,
          outcome: g.outcome,
          pairedAt: seq,
          finishedAt: g.outcome === null ? null : 100 + g.finishedAt,
        }));
        let base: SettledArena | undefined;
        // Each tick settles more of the beginning (up to the first open game), as the service.
        for (const [tick, cut] of [...cuts.sort((x, y) => x - y), pairings.length].entries()) {
          const entrants = entrantsOf(tick > 1);
          let end = 0;
          while (end < Math.min(cut, pairings.length) && pairings[end]!.outcome !== null) end++;
          base = settleArena(base, entrants, pairings.slice(0, end));
          expect(arenaOf(entrants, pairings, 5_000, base)).toEqual(
            arenaOf(entrants, pairings, 5_000),
          );
        }
      }),
      { numRuns: 500 },
    );
  });
});
