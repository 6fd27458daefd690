import {
  activeEntrants,
  arenaStandings,
  joinArenaAll,
  newArena,
  recordArenaGames,
  swissStandings,
  type ArenaResult,
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

/**
 * The arena replayed from the settled beginning of its pairings (the first `count`, all
 * finished), kept between ticks so that each one replays only the games after it: a full
 * replay every second would grow with the arena.
 */
export interface SettledArena {
  readonly count: number;
  readonly state: ArenaState;
  /** Each player's latest game in it, as the replay orders games: [finishedAt, seq]. */
  readonly latest: ReadonlyMap<string, readonly [number, number]>;
}

const byFinish = (a: PairingRow, b: PairingRow): number =>
  (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || a.seq - b.seq;

const joinsOf = (entrants: readonly EntrantRow[]) =>
  entrants.map((e) => ({ id: e.playerId, rating: e.rating, at: e.joinedAt }));

/**
 * Scores the finished games of `rows` on `state`, in the replay's order. `latest` (updated)
 * holds each player's latest game scored so far. With `onTop`, the games go after those
 * already in `state`, which equals replaying all of them in order only if each player's new
 * games come after their old ones (a player's games follow one another, so they do unless
 * clocks disagree) and both players are in the arena: undefined when not.
 */
function scoreOn(
  state: ArenaState,
  latest: Map<string, readonly [number, number]>,
  rows: readonly PairingRow[],
  onTop: boolean,
): ArenaState | undefined {
  const results: ArenaResult[] = [];
  for (const p of rows.filter((r) => r.outcome !== null && r.second !== null).sort(byFinish)) {
    const side = WINNER[p.outcome!];
    if (side === undefined) continue;
    const pair = { first: p.first, second: p.second! };
    const key = [p.finishedAt ?? 0, p.seq] as const;
    for (const id of new Set([pair.first, pair.second])) {
      const before = latest.get(id);
      const after =
        before === undefined || before[0] < key[0] || (before[0] === key[0] && before[1] < key[1]);
      if (onTop && (!after || !state.players[id])) return undefined;
      latest.set(id, key);
    }
    results.push({ pair, winner: side === null ? null : pair[side], at: p.finishedAt ?? 0 });
  }
  return recordArenaGames(state, results);
}

/**
 * `base` carried on to the settled pairings `settled` (which begin with base's), or made
 * anew; undefined when the settled games cannot be replayed apart from the rest.
 */
export function settleArena(
  base: SettledArena | undefined,
  entrants: readonly EntrantRow[],
  settled: readonly PairingRow[],
): SettledArena | undefined {
  const from = base !== undefined && base.count <= settled.length ? base : undefined;
  if (from !== undefined && from.count === settled.length) return from;
  const latest = new Map(from?.latest ?? []);
  const joined = joinArenaAll(from?.state ?? newArena(Number.POSITIVE_INFINITY), joinsOf(entrants));
  const state = scoreOn(joined, latest, settled.slice(from?.count ?? 0), true);
  if (state) return { count: settled.length, state, latest };
  return from === undefined ? undefined : settleArena(undefined, entrants, settled);
}

/**
 * The arena replayed from its games; with `now`, a player is present until `presentUntil`.
 * With `base` (its first `base.count` pairings replayed), only the rest are, when that gives
 * the same arena.
 */
export function arenaOf(
  entrants: readonly EntrantRow[],
  pairings: readonly PairingRow[],
  now?: number,
  base?: SettledArena,
): ArenaState {
  const joins = joinsOf(entrants);
  const state =
    (base &&
      scoreOn(
        joinArenaAll(base.state, joins),
        new Map(base.latest),
        pairings.slice(base.count),
        true,
      )) ??
    scoreOn(joinArenaAll(newArena(Number.POSITIVE_INFINITY), joins), new Map(), pairings, false)!;
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
