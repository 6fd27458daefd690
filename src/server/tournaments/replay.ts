import {
  activeEntrants,
  arenaStandings,
  joinArenaAll,
  newArena,
  recordArenaGames,
  swissStandings,
  type ArenaState,
  type SwissEntrant,
  type SwissGame,
  type SwissOutcome,
} from '../../tournament/index.js';
import type { TournamentStanding } from '../../protocol/index.js';
import type { EntrantRow, PairingRow } from './store.js';

/**
 * Scores are never stored: they are replayed from the games, whose outcomes are written once.
 * A lost or doubled score is thus impossible by construction.
 */

/** Played outcomes (an aborted arena game counts for nobody). */
const WINNER: Partial<Record<string, 'first' | 'second' | null>> = {
  first: 'first',
  second: 'second',
  draw: null,
  first_forfeit: 'second',
  second_forfeit: 'first',
};

/** The arena replayed from its games; with `now`, a player is present until `presentUntil`. */
export function arenaOf(
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
  now?: number,
): ArenaState {
  let state = joinArenaAll(
    newArena(Number.POSITIVE_INFINITY),
    entrants.map((e) => ({ id: e.playerId, rating: e.rating, at: e.joinedAt })),
  );
  const finished = pairings
    .filter((p) => p.outcome !== null && p.second !== null)
    .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || a.seq - b.seq);
  state = recordArenaGames(
    state,
    finished.flatMap((p) => {
      const side = WINNER[p.outcome!];
      if (side === undefined) return [];
      const pair = { first: p.first, second: p.second! };
      return [{ pair, winner: side === null ? null : pair[side], at: p.finishedAt ?? 0 }];
    }),
  );
  const open = new Set(
    pairings.filter((p) => p.outcome === null).flatMap((p) => [p.first, p.second ?? '']),
  );
  const players = Object.fromEntries(
    entrants.flatMap((e) => {
      const p = state.players[e.playerId];
      return p
        ? [
            [
              e.playerId,
              {
                ...p,
                withdrawn: e.withdrawn,
                playing: open.has(e.playerId),
                present: now === undefined || e.presentUntil >= now,
              },
            ],
          ]
        : [];
    }),
  );
  return { ...state, players };
}

/** Entrants as the Swiss core sees them: two no-shows count as withdrawn. */
export function swissEntrants(
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
): SwissEntrant[] {
  const games = swissGames(pairings);
  const active = new Set(
    activeEntrants(
      entrants.map((e) => ({ id: e.playerId, rating: e.rating, withdrawn: e.withdrawn })),
      games,
    ).map((e) => e.id),
  );
  return entrants.map((e) => ({
    id: e.playerId,
    rating: e.rating,
    withdrawn: !active.has(e.playerId),
  }));
}

export const swissGames = (pairings: readonly PairingRow[]): SwissGame[] =>
  pairings.map((p) => ({
    round: p.round ?? 0,
    first: p.first,
    second: p.second,
    outcome: p.outcome as SwissOutcome | null,
  }));

export function standingsOf(
  kind: 'arena' | 'swiss',
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
): TournamentStanding[] {
  const byId = new Map(entrants.map((e) => [e.playerId, e]));
  const gamesOf = (id: string): number =>
    pairings.filter((p) => p.outcome !== null && (p.first === id || p.second === id)).length;
  if (kind === 'arena') {
    return arenaStandings(arenaOf(entrants, pairings)).map((r) => ({
      rank: r.rank,
      playerId: r.id,
      name: byId.get(r.id)?.name ?? '?',
      rating: Math.round(byId.get(r.id)?.rating ?? 0),
      score: r.score,
      games: r.games,
      withdrawn: r.withdrawn,
      onFire: r.onFire,
      performance: r.performance,
    }));
  }
  return swissStandings(swissEntrants(entrants, pairings), swissGames(pairings)).map((r) => ({
    rank: r.rank,
    playerId: r.id,
    name: byId.get(r.id)?.name ?? '?',
    rating: Math.round(byId.get(r.id)?.rating ?? 0),
    score: r.score,
    games: gamesOf(r.id),
    withdrawn: r.withdrawn,
    buchholz: r.buchholz,
    sonnebornBerger: r.sonnebornBerger,
  }));
}
