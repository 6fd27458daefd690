import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeEntrants,
  pairSwissRound,
  swissPoints,
  swissScores,
  swissStandings,
  type SwissEntrant,
  type SwissGame,
  type SwissOutcome,
  type SwissRoundPairing,
} from '../../src/tournament/index.js';

/** Players "p1".."pN", p1 the highest rated. */
const field = (n: number): SwissEntrant[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    rating: 2000 - 100 * i,
    withdrawn: false,
  }));

const pairing = (entrants: SwissEntrant[], games: SwissGame[]): SwissRoundPairing => {
  const r = pairSwissRound(entrants, games);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** "first-second" per board, as the tables write them. */
const boards = (p: SwissRoundPairing): string[] => p.pairs.map((x) => `${x.first}-${x.second}`);

/** The games of a round paired by `p`, every board won by the higher-rated player. */
const higherWins = (
  round: number,
  p: SwissRoundPairing,
  rating: Map<string, number>,
): SwissGame[] => [
  ...p.pairs.map((x): SwissGame => ({
    round,
    ...x,
    outcome: rating.get(x.first)! > rating.get(x.second)! ? 'first' : 'second',
  })),
  ...(p.bye === null ? [] : [{ round, first: p.bye, second: null, outcome: 'bye' as const }]),
];

describe('Swiss pairing (Dutch, known answers)', () => {
  it('round 1: top half against bottom half, colours alternating down the boards', () => {
    expect(boards(pairing(field(8), []))).toEqual(['p1-p5', 'p6-p2', 'p3-p7', 'p8-p4']);
  });

  it('round 2 after the favourites win: S1 against S2 within each score group, colours alternated', () => {
    const players = field(8);
    const rating = new Map(players.map((p) => [p.id, p.rating]));
    const r1 = higherWins(1, pairing(players, []), rating);
    // Winners p1–p4 (1 point), losers p5–p8. p1 and p3 both moved first: the higher-ranked p1
    // gets its wish (second), p3 moves first; p2 and p4 both moved second: p2 moves first; below, p5 and p7 both want to move first (p5 does), p6 and p8 second (p6 does).
    expect(boards(pairing(players, r1))).toEqual(['p3-p1', 'p2-p4', 'p5-p7', 'p8-p6']);
  });

  it('transposes S2 rather than repeat a game', () => {
    const players = field(4);
    // p1 already met p3 (a draw), p2 met p4 (a draw): all on ½, S1 = p1 p2, S2 = p3 p4.
    const games: SwissGame[] = [
      { round: 1, first: 'p1', second: 'p3', outcome: 'draw' },
      { round: 1, first: 'p4', second: 'p2', outcome: 'draw' },
    ];
    const p = pairing(players, games);
    expect(p.pairs.map((x) => [x.first, x.second].sort().join('-'))).toEqual(['p1-p4', 'p2-p3']);
  });

  it('floats the lowest of an odd group down', () => {
    const players = field(6);
    // p1 p2 p3 on 1 point, p4 p5 p6 on 0 after round 1 (p1-p4, p2-p5, p3-p6).
    const games: SwissGame[] = [
      { round: 1, first: 'p1', second: 'p4', outcome: 'first' },
      { round: 1, first: 'p5', second: 'p2', outcome: 'second' },
      { round: 1, first: 'p3', second: 'p6', outcome: 'first' },
    ];
    const p = pairing(players, games);
    expect(p.pairs.map((x) => [x.first, x.second].sort().join('-'))).toEqual([
      'p1-p2',
      'p3-p4',
      'p5-p6',
    ]);
  });

  it('gives the bye to the lowest-ranked player, never twice', () => {
    const players = field(5);
    const rating = new Map(players.map((p) => [p.id, p.rating]));
    const r1 = pairing(players, []);
    expect(r1.bye).toBe('p5');
    const games = higherWins(1, r1, rating);
    const r2 = pairing(players, games);
    expect(r2.bye).not.toBe('p5');
    expect(r2.bye).toBe('p4'); // the lowest on 0 points without a bye
  });

  it('withdraws a player after two no-shows and leaves out the withdrawn', () => {
    const players = field(4);
    const games: SwissGame[] = [
      { round: 1, first: 'p1', second: 'p3', outcome: 'second_forfeit' },
      { round: 1, first: 'p2', second: 'p4', outcome: 'first' },
      { round: 2, first: 'p3', second: 'p2', outcome: 'first_forfeit' },
      { round: 2, first: 'p4', second: 'p1', outcome: 'second' },
    ];
    expect(activeEntrants(players, games).map((e) => e.id)).toEqual(['p1', 'p2', 'p4']);
    const p = pairing(players, games);
    expect(p.bye).not.toBe('p3');
    expect(p.pairs.flatMap((x) => [x.first, x.second])).not.toContain('p3');
    const withdrawn = players.map((e) => (e.id === 'p1' ? { ...e, withdrawn: true } : e));
    const q = pairing(withdrawn, []);
    expect(q.pairs.flatMap((x) => [x.first, x.second]).concat(q.bye ?? [])).not.toContain('p1');
  });

  it('refuses a round nobody can pair: everyone met, or every bye used', () => {
    const two = field(2);
    const met = pairSwissRound(two, [{ round: 1, first: 'p1', second: 'p2', outcome: 'draw' }]);
    expect(!met.ok && met.error.code).toBe('tournament_pairing_impossible');
    const one = pairSwissRound(field(1), [{ round: 1, first: 'p1', second: null, outcome: 'bye' }]);
    expect(!one.ok && one.error.code).toBe('tournament_pairing_impossible');
  });
});

describe('Swiss scores and tiebreaks (known answers)', () => {
  // p1 beats p2 and draws p3; p2 beats p3; p3 beats p4; p4 beats p2; p1 beats p4.
  const games: SwissGame[] = [
    { round: 1, first: 'p1', second: 'p2', outcome: 'first' },
    { round: 1, first: 'p3', second: 'p4', outcome: 'first' },
    { round: 2, first: 'p3', second: 'p1', outcome: 'draw' },
    { round: 2, first: 'p2', second: 'p4', outcome: 'second_forfeit' },
    { round: 3, first: 'p4', second: 'p2', outcome: 'first' },
    { round: 3, first: 'p1', second: 'p4', outcome: 'first' },
  ];
  it('points: a win or forfeit win 1, a draw ½, a bye 1', () => {
    expect(swissPoints({ round: 1, first: 'a', second: null, outcome: 'bye' }, 'a')).toBe(1);
    expect(swissPoints({ round: 1, first: 'a', second: 'b', outcome: 'double_forfeit' }, 'a')).toBe(
      0,
    );
    expect(Object.fromEntries(swissScores(field(4), games))).toEqual({
      p1: 2.5,
      p2: 1,
      p3: 1.5,
      p4: 1,
    });
  });
  it('Buchholz and Sonneborn-Berger', () => {
    // p1: opponents p2 (1), p3 (1.5), p4 (1): Buchholz 3.5; SB = 1 + 0.75 + 1 = 2.75.
    // p3: opponents p4 (1), p1 (2.5): Buchholz 3.5; SB = 1 + 1.25 = 2.25.
    // p2: opponents p1, p4, p4: 2.5 + 1 + 1 = 4.5; SB = p4 beaten by forfeit: 1.
    // p4: opponents p3, p2, p2, p1: 1.5 + 1 + 1 + 2.5 = 6; SB = p2 beaten: 1.
    expect(
      swissStandings(field(4), games).map((r) => [r.id, r.score, r.buchholz, r.sonnebornBerger]),
    ).toEqual([
      ['p1', 2.5, 3.5, 2.75],
      ['p3', 1.5, 3.5, 2.25],
      ['p4', 1, 6, 1],
      ['p2', 1, 4.5, 1],
    ]);
  });
});

describe('Swiss properties', () => {
  const outcomes: SwissOutcome[] = [
    'first',
    'second',
    'draw',
    'first_forfeit',
    'second_forfeit',
    'double_forfeit',
  ];
  it('over whole tournaments: nobody twice in a round, no repeats, one bye at most, scores are sums', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.constantFrom(...outcomes), { minLength: 200, maxLength: 200 }),
        (n, rounds, results) => {
          const players = field(n);
          const games: SwissGame[] = [];
          let k = 0;
          for (let round = 1; round <= rounds; round++) {
            const r = pairSwissRound(players, games);
            if (!r.ok) {
              expect(r.error.code).toBe('tournament_pairing_impossible');
              break;
            }
            const ids = r.value.pairs.flatMap((x) => [x.first, x.second]).concat(r.value.bye ?? []);
            expect(new Set(ids).size).toBe(ids.length);
            expect(new Set(ids)).toEqual(new Set(activeEntrants(players, games).map((e) => e.id)));
            for (const x of r.value.pairs) {
              const met = games.some(
                (g) =>
                  (g.first === x.first && g.second === x.second) ||
                  (g.first === x.second && g.second === x.first),
              );
              expect(met).toBe(false);
              games.push({ round, ...x, outcome: results[k++ % results.length]! });
            }
            if (r.value.bye !== null) {
              expect(games.some((g) => g.first === r.value.bye && g.second === null)).toBe(false);
              games.push({ round, first: r.value.bye, second: null, outcome: 'bye' });
            }
          }
          const scores = swissScores(players, games);
          for (const p of players) {
            // Independently: the sum of the player's results, each from the game's own outcome.
            let sum = 0;
            for (const g of games) {
              if (g.outcome === 'bye') sum += g.first === p.id ? 1 : 0;
              else if (g.first === p.id || g.second === p.id) {
                const mine = g.first === p.id ? 'first' : 'second';
                const theirs = mine === 'first' ? 'second' : 'first';
                if (g.outcome === mine || g.outcome === `${theirs}_forfeit`) sum += 1;
                else if (g.outcome === 'draw') sum += 0.5;
              }
            }
            expect(scores.get(p.id)).toBe(sum);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
