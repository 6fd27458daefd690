import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/server/game/state.js';
import { newId } from '../../../src/server/secrets.js';
import type { GameStore } from '../../../src/server/store/types.js';
import { TournamentService } from '../../../src/server/tournaments/service.js';
import type { TournamentStore } from '../../../src/server/tournaments/store.js';
import { BACKEND_CASES, type Backend } from '../helpers.js';
import { tournamentGames, tournamentStoreOf } from './tournament-games.js';

const T0 = Date.UTC(2030, 0, 1, 12, 0);
const clock = { initialMs: 180_000, incrementMs: 2_000 };

/**
 * Two processes (two store connections) step one tournament in random interleavings, the lease
 * bypassed (the worst case: both think they run it), while games end at random. Whatever the
 * order: nobody is ever in two games at once, no Swiss round is paired twice, and each score is
 * the sum of the player's results.
 */
describe.each(BACKEND_CASES)('two processes racing on a tournament (%s)', (_name, make) => {
  let backend: Backend;
  let games: GameStore;
  let stores: TournamentStore[];

  beforeAll(async () => {
    backend = make();
    games = await backend.open();
    stores = [tournamentStoreOf(backend), tournamentStoreOf(backend)];
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await games.close();
    await backend.cleanup();
  });

  const op = fc.oneof(
    fc.record({ kind: fc.constant('step' as const), both: fc.boolean(), who: fc.nat(1) }),
    fc.record({ kind: fc.constant('end' as const), pick: fc.nat(20), result: fc.nat(3) }),
  );

  it.each(['arena', 'swiss'] as const)('%s', async (kind) => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const services = stores.map(
          (store, i) =>
            new TournamentService({ store, ...tournamentGames(games), node: `n${i}`, newId }),
        );
        const made = await services[0]!.create(
          kind === 'arena'
            ? { kind, name: 'Race', variant: '7x6', clock, startsAt: T0, durationMinutes: 60 }
            : { kind, name: 'Race', variant: '7x6', clock, startsAt: T0, rounds: 4 },
          T0,
          { creator: null, private: false },
        );
        if (!made.ok || !made.value) throw new Error('not created');
        const id = made.value.id;
        for (let i = 0; i < 5; i++) {
          await services[0]!.join(
            id,
            { id: `p${i}-${id}`, name: `p${i}`, rating: 1500 + i },
            `${i}`.repeat(64),
            T0,
          );
        }
        let now = T0 + 1000;
        for (const o of ops) {
          now += 1000;
          if (o.kind === 'step') {
            if (o.both) await Promise.all(services.map((s) => s.step(id, now)));
            else await services[o.who]!.step(id, now);
          } else {
            const open = (await stores[0]!.pairings(id)).filter(
              (p) => p.outcome === null && p.gameId,
            );
            const p = open[o.pick % Math.max(1, open.length)];
            const g = p && (await games.getGame(p.gameId!));
            if (g && g.status === 'playing') {
              const result: GameState['result'] =
                o.result === 3
                  ? { kind: 'aborted', reason: 'no_first_move', player: 1 }
                  : o.result === 2
                    ? { kind: 'draw', reason: 'draw' }
                    : { kind: 'win', winner: o.result === 0 ? 1 : 2, reason: 'connect' };
              await games.compareAndSet(
                { ...g, version: g.version + 1, status: 'finished', result, updatedAt: now },
                g.version,
              );
            }
            // Players keep their pages open.
            for (let i = 0; i < 5; i++) await services[0]!.touch(id, `p${i}-${id}`, now);
          }
          const pairings = await stores[1]!.pairings(id);
          const busy = pairings
            .filter((p) => p.outcome === null)
            .flatMap((p) => [p.first, p.second]);
          expect(new Set(busy).size).toBe(busy.length);
          expect(new Set(pairings.map((p) => p.seq)).size).toBe(pairings.length);
          if (kind === 'swiss') {
            const t = (await stores[0]!.get(id))!;
            for (let r = 1; r <= t.round; r++) {
              const seated = pairings
                .filter((p) => p.round === r)
                .flatMap((p) => (p.second === null ? [p.first] : [p.first, p.second]));
              expect(new Set(seated).size).toBe(seated.length);
            }
          }
        }
        const detail = (await services[1]!.detail(id))!;
        const pairings = await stores[0]!.pairings(id);
        if (kind === 'swiss') {
          for (const row of detail.standings) {
            let sum = 0;
            for (const p of pairings) {
              const side =
                p.first === row.playerId ? 'first' : p.second === row.playerId ? 'second' : null;
              if (side === null || p.outcome === null) continue;
              const other = side === 'first' ? 'second' : 'first';
              if (p.outcome === 'bye' || p.outcome === side || p.outcome === `${other}_forfeit`)
                sum += 1;
              else if (p.outcome === 'draw') sum += 0.5;
            }
            expect(row.score).toBe(sum);
          }
        } else {
          const scored = detail.standings.reduce((n, r) => n + r.games, 0);
          const played = pairings.filter(
            (p) => p.outcome !== null && p.outcome !== 'aborted',
          ).length;
          expect(scored).toBe(2 * played);
        }
      }),
      { numRuns: 12 },
    );
  });
});
