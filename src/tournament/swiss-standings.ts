import { swissPoints, type SwissEntrant, type SwissGame } from './swiss-types.js';

export interface SwissStanding {
  readonly rank: number;
  readonly id: string;
  readonly score: number;
  /** Sum of the opponents' scores (byes add nothing). */
  readonly buchholz: number;
  /** Sum of the scores of the opponents beaten, plus half of those drawn with. */
  readonly sonnebornBerger: number;
  readonly withdrawn: boolean;
}

/** Each player's score over the finished games. */
export function swissScores(
  entrants: readonly SwissEntrant[],
  games: readonly SwissGame[],
): Map<string, number> {
  const scores = new Map(entrants.map((e) => [e.id, 0]));
  for (const g of games) {
    for (const id of [g.first, g.second]) {
      if (id !== null && scores.has(id)) scores.set(id, scores.get(id)! + swissPoints(g, id));
    }
  }
  return scores;
}

/**
 * Standings: score, then Buchholz, then Sonneborn-Berger, then rating, then id. Forfeited games
 * count for both tiebreaks like played ones (the opponent was paired and their score is real).
 */
export function swissStandings(
  entrants: readonly SwissEntrant[],
  games: readonly SwissGame[],
): SwissStanding[] {
  const scores = swissScores(entrants, games);
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const rows = entrants.map((e) => {
    let buchholz = 0;
    let sb = 0;
    for (const g of games) {
      if (g.outcome === null || g.outcome === 'bye' || g.second === null) continue;
      const opponent = g.first === e.id ? g.second : g.second === e.id ? g.first : null;
      if (opponent === null) continue;
      const theirs = scores.get(opponent) ?? 0;
      buchholz += theirs;
      sb += swissPoints(g, e.id) * theirs;
    }
    return {
      id: e.id,
      score: scores.get(e.id) ?? 0,
      buchholz,
      sonnebornBerger: sb,
      withdrawn: e.withdrawn,
    };
  });
  rows.sort(
    (a, b) =>
      b.score - a.score ||
      b.buchholz - a.buchholz ||
      b.sonnebornBerger - a.sonnebornBerger ||
      (rating.get(b.id) ?? 0) - (rating.get(a.id) ?? 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}
