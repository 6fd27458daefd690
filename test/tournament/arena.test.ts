import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arenaPoints,
  arenaStandings,
  joinArena,
  joinArenaAll,
  newArena,
  pairArena,
  pairFree,
  performance,
  recordArenaGame,
  recordArenaGames,
  setPresence,
  withdrawArena,
  type ArenaCandidate,
  type ArenaPair,
  type ArenaState,
  type Outcome,
} from '../../src/tournament/index.js';
import { recordArenaGamesOracle } from './arena-oracle.js';

const cand = (
  id: string,
  score: number,
  rating = 1500,
  lastOpponent: string | null = null,
  freeSince = 0,
): ArenaCandidate => ({ id, score, rating, lastOpponent, freeSince });

/** Pairs as sorted "a-b" strings, so the tables do not depend on who moves first. */
const shape = (pairs: readonly ArenaPair[]): string[] =>
  pairs.map((p) => [p.first, p.second].sort().join('-')).sort();

const must = (r: { ok: true; value: ArenaState } | { ok: false; error: unknown }): ArenaState => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe('arena points', () => {
  it.each<[number, Outcome, number, number]>([
    [0, 'win', 2, 1],
    [1, 'win', 2, 2],
    [2, 'win', 4, 3], // on fire after two wins
    [5, 'win', 4, 6],
    [0, 'draw', 1, 0],
    [2, 'draw', 2, 0], // a draw on fire counts double and ends the streak
    [0, 'loss', 0, 0],
    [3, 'loss', 0, 0],
  ])('streak %i, %s: %i points, streak %i', (streak, outcome, points, next) => {
    expect(arenaPoints(streak, outcome)).toEqual({ points, streak: next });
  });

  it.each([
    [[], null],
    [[{ opponentRating: 1600, outcome: 'win' as const }], 2100],
    [
      [
        { opponentRating: 1500, outcome: 'win' as const },
        { opponentRating: 1700, outcome: 'loss' as const },
      ],
      1600,
    ],
    [
      [
        { opponentRating: 1400, outcome: 'draw' as const },
        { opponentRating: 1500, outcome: 'win' as const },
        { opponentRating: 1600, outcome: 'win' as const },
      ],
      1833,
    ],
  ])('performance of %j is %s', (games, expected) => {
    expect(performance(games)).toBe(expected);
  });
});

describe('arena pairing (known answers)', () => {
  it.each<[string, ArenaCandidate[], string[]]>([
    ['nearest in score', [cand('a', 10), cand('b', 8), cand('c', 4), cand('d', 2)], ['a-b', 'c-d']],
    [
      'then nearest in rating',
      [cand('a', 4, 1900), cand('b', 4, 1500), cand('c', 4, 1880), cand('d', 4, 1510)],
      ['a-c', 'b-d'],
    ],
    [
      'not the last opponent when someone else is free',
      [cand('a', 10, 1500, 'b'), cand('b', 8, 1500, 'a'), cand('c', 4), cand('d', 2)],
      ['a-c', 'b-d'],
    ],
    [
      'the last opponent only when nobody else is free',
      [cand('a', 10, 1500, 'b'), cand('b', 8, 1500, 'a')],
      ['a-b'],
    ],
    [
      'two pairs who just met swap partners',
      [
        cand('a', 6, 1500, 'b'),
        cand('b', 6, 1500, 'a'),
        cand('c', 6, 1500, 'd'),
        cand('d', 6, 1500, 'c'),
      ],
      ['a-c', 'b-d'],
    ],
    [
      'odd count: the most recently freed waits',
      [cand('a', 6, 1500, null, 10), cand('b', 4, 1500, null, 30), cand('c', 2, 1500, null, 20)],
      ['a-c'],
    ],
    [
      'odd count: the waiting choice avoids a rematch',
      [cand('a', 6, 1500, 'b', 30), cand('b', 6, 1500, 'a', 30), cand('c', 6, 1500, null, 0)],
      ['a-c'],
    ],
    ['one player waits', [cand('a', 0)], []],
    ['a duplicate is one player', [cand('a', 0), cand('a', 0)], []],
  ])('%s', (_name, candidates, expected) => {
    expect(shape(pairArena(candidates))).toEqual(expected);
  });
});

describe('arena state', () => {
  it('withdraw and rejoin keep the score; absent and withdrawn players are not paired', () => {
    let s = newArena(1_000);
    for (const id of ['a', 'b', 'c', 'd']) s = must(joinArena(s, id, 1500, 0));
    const first = pairFree(s, 1);
    expect(first.pairs).toHaveLength(2);
    s = first.state;
    for (const p of first.pairs) s = recordArenaGame(s, p, p.first, 2);
    const scoreOf = (id: string): number => s.players[id]!.score;
    const winner = first.pairs[0]!.first;
    expect(scoreOf(winner)).toBe(2);
    s = must(withdrawArena(s, winner));
    s = setPresence(s, first.pairs[1]!.first, false, 3);
    const second = pairFree(s, 4);
    expect(second.pairs).toHaveLength(1);
    expect(second.pairs.flatMap((p) => [p.first, p.second])).not.toContain(winner);
    s = must(joinArena(second.state, winner, 1500, 5));
    expect(scoreOf(winner)).toBe(2);
    expect(s.players[winner]!.withdrawn).toBe(false);
  });

  it('refuses joining twice, joining after the end and withdrawing when not in', () => {
    const s = must(joinArena(newArena(100), 'a', 1500, 0));
    const twice = joinArena(s, 'a', 1500, 1);
    expect(!twice.ok && twice.error.code).toBe('tournament_already_joined');
    const late = joinArena(s, 'b', 1500, 100);
    expect(!late.ok && late.error.code).toBe('tournament_finished');
    const out = withdrawArena(s, 'b');
    expect(!out.ok && out.error.code).toBe('tournament_not_joined');
  });

  it('a game paired before the end counts after it; nobody is paired after it', () => {
    let s = newArena(100);
    s = must(joinArena(s, 'a', 1500, 0));
    s = must(joinArena(s, 'b', 1500, 0));
    const { state, pairs } = pairFree(s, 99);
    s = recordArenaGame(state, pairs[0]!, null, 150);
    expect(s.players['a']!.score).toBe(1);
    expect(pairFree(s, 150).pairs).toEqual([]);
    expect(arenaStandings(s).map((r) => r.score)).toEqual([1, 1]);
  });

  it('ranks by points, then performance', () => {
    let s = newArena(1e9);
    s = must(joinArena(s, 'weak', 1200, 0));
    s = must(joinArena(s, 'strong', 2000, 0));
    s = must(joinArena(s, 'x', 1500, 0));
    s = must(joinArena(s, 'y', 1500, 0));
    // x beats the weak player, y beats the strong one: same points, y performs better.
    s = recordArenaGame(s, { first: 'x', second: 'weak' }, 'x', 1);
    s = recordArenaGame(s, { first: 'y', second: 'strong' }, 'y', 1);
    expect(arenaStandings(s).map((r) => r.id)).toEqual(['y', 'x', 'strong', 'weak']);
  });
});

describe('arena properties', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
  const candidates = fc
    .uniqueArray(fc.constantFrom(...ids), { minLength: 0, maxLength: ids.length })
    .chain((chosen) =>
      fc.tuple(
        fc.constant(chosen),
        fc.array(fc.tuple(fc.nat(40), fc.integer({ min: 800, max: 2500 }), fc.nat(1000)), {
          minLength: chosen.length,
          maxLength: chosen.length,
        }),
        fc.shuffledSubarray(chosen),
      ),
    )
    .map(([chosen, data, order]) => {
      // Last opponents as a real arena makes them: pairs who played each other last.
      const last = new Map<string, string>();
      for (let i = 0; i + 1 < order.length; i += 2) {
        last.set(order[i]!, order[i + 1]!);
        last.set(order[i + 1]!, order[i]!);
      }
      return chosen.map((id, i) =>
        cand(id, data[i]![0], data[i]![1], last.get(id) ?? null, data[i]![2]),
      );
    });

  it('pairs everyone but at most one, nobody twice, and no immediate rematch beyond two', () => {
    fc.assert(
      fc.property(candidates, (cands) => {
        const pairs = pairArena(cands);
        const seen = pairs.flatMap((p) => [p.first, p.second]);
        expect(new Set(seen).size).toBe(seen.length);
        expect(pairs).toHaveLength(Math.floor(cands.length / 2));
        const byId = new Map(cands.map((c) => [c.id, c]));
        if (cands.length > 2) {
          for (const p of pairs) expect(byId.get(p.first)!.lastOpponent).not.toBe(p.second);
        }
      }),
    );
  });

  it('a score is the sum of its games’ points, whatever happens', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('pair' as const) }),
      fc.record({ kind: fc.constant('finish' as const), result: fc.nat(2) }),
      fc.record({ kind: fc.constant('toggle' as const), who: fc.nat(5) }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let s = newArena(1e9);
        for (let i = 0; i < 6; i++) s = must(joinArena(s, `p${i}`, 1400 + 50 * i, 0));
        const running: ArenaPair[] = [];
        let t = 1;
        for (const e of events) {
          t++;
          if (e.kind === 'pair') {
            const r = pairFree(s, t);
            s = r.state;
            running.push(...r.pairs);
          } else if (e.kind === 'finish' && running.length > 0) {
            const p = running.shift()!;
            s = recordArenaGame(s, p, [p.first, p.second, null][e.result]!, t);
          } else if (e.kind === 'toggle') {
            const id = `p${e.who}`;
            const withdrawn = withdrawArena(s, id);
            s = withdrawn.ok ? withdrawn.value : must(joinArena(s, id, 1500, t));
          }
          const busy = running.flatMap((p) => [p.first, p.second]);
          expect(new Set(busy).size).toBe(busy.length);
        }
        for (const p of Object.values(s.players)) {
          expect(p.score).toBe(p.games.reduce((sum, g) => sum + g.points, 0));
        }
      }),
    );
  });
});

describe('replaying an arena in one pass', () => {
  it('recordArenaGames scores as it did when it copied every player for every game', () => {
    // Any results, even a player paired with itself or with someone not in the arena.
    const ids = ['a', 'b', 'c', 'd', 'x'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(4), fc.nat(4), fc.nat(3), fc.nat(1000)), { maxLength: 40 }),
        fc.nat(40),
        (games, split) => {
          const joined = joinArenaAll(
            newArena(1_000),
            ids.slice(0, 4).map((id, i) => ({ id, rating: 1450 + 30 * i, at: i })),
          );
          const results = games.map(([x, y, w, at]) => {
            const pair = { first: ids[x]!, second: ids[y]! };
            return { pair, winner: [pair.first, pair.second, null, 'x'][w]!, at };
          });
          // Scored in two batches, the second on top of the first's state.
          const [early, late] = [results.slice(0, split), results.slice(split)];
          const before = structuredClone(joined);
          expect(recordArenaGames(recordArenaGames(joined, early), late)).toEqual(
            recordArenaGamesOracle(recordArenaGamesOracle(joined, early), late),
          );
          expect(joined).toEqual(before);
        },
      ),
    );
  });

  it('joinArenaAll and recordArenaGames equal joining and scoring one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(5), fc.nat(5), fc.constantFrom(0, 1, 2)), { maxLength: 30 }),
        (games) => {
          const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
          const joins = ids.map((id, i) => ({ id, rating: 1400 + 40 * i, at: i }));
          let oneByOne = newArena(1_000);
          for (const j of [...joins, joins[0]!]) {
            const joined = joinArena(oneByOne, j.id, j.rating, j.at);
            if (joined.ok) oneByOne = joined.value;
          }
          const results = games
            .filter(([x, y]) => x !== y)
            .map(([x, y, w], i) => {
              const pair = { first: ids[x]!, second: ids[y]! };
              return { pair, winner: w === 2 ? null : [pair.first, pair.second][w]!, at: 10 + i };
            });
          const steps = [oneByOne];
          for (const r of results) {
            oneByOne = recordArenaGame(oneByOne, r.pair, r.winner, r.at);
            steps.push(oneByOne);
          }
          const snapshots = steps.map((s) => structuredClone(s));
          const batch = recordArenaGames(
            joinArenaAll(newArena(1_000), [...joins, joins[0]!]),
            results,
          );
          expect(batch).toEqual(oneByOne);
          // Each state is a value: scoring on from it changed none of the earlier ones.
          expect(steps).toEqual(snapshots);
        },
      ),
    );
  });
});
