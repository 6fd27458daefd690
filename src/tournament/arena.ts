import { err, ok, type Result } from '../core/result.js';
import { arenaPoints, FIRE_STREAK, performance, type Outcome } from './arena-scoring.js';
import { pairArena, type ArenaPair } from './arena-pairing.js';
import { TournamentErrorCode, tournamentError, type TournamentError } from './errors.js';

/** One finished arena game from one player's side. */
export interface ArenaGameRecord {
  readonly opponent: string;
  readonly opponentRating: number;
  readonly outcome: Outcome;
  readonly points: number;
}

export interface ArenaPlayer {
  readonly id: string;
  readonly rating: number;
  readonly score: number;
  /** Wins in a row up to now. */
  readonly streak: number;
  readonly games: readonly ArenaGameRecord[];
  /** Withdrawn (paused): keeps the score, not paired until rejoining. */
  readonly withdrawn: boolean;
  /** Has a page open (connected): an absent player is not paired until back. */
  readonly present: boolean;
  /** In a tournament game right now. */
  readonly playing: boolean;
  readonly freeSince: number;
}

/** The whole arena, as a plain value: each change returns a new one. */
export interface ArenaState {
  readonly endsAt: number;
  readonly players: Readonly<Record<string, ArenaPlayer>>;
}

export const newArena = (endsAt: number): ArenaState => ({ endsAt, players: {} });

const put = (state: ArenaState, player: ArenaPlayer): ArenaState => ({
  ...state,
  players: { ...state.players, [player.id]: player },
});

/** Joins, or rejoins after a withdrawal with the score kept. */
export function joinArena(
  state: ArenaState,
  id: string,
  rating: number,
  now: number,
): Result<ArenaState, TournamentError> {
  if (now >= state.endsAt) {
    return err(tournamentError(TournamentErrorCode.Finished, 'this arena has ended'));
  }
  const known = state.players[id];
  if (known && !known.withdrawn) {
    return err(tournamentError(TournamentErrorCode.AlreadyJoined, 'already in this arena'));
  }
  if (known) return ok(put(state, { ...known, withdrawn: false, present: true, freeSince: now }));
  return ok(put(state, newcomer(id, rating, now)));
}

const newcomer = (id: string, rating: number, now: number): ArenaPlayer => ({
  id,
  rating,
  score: 0,
  streak: 0,
  games: [],
  withdrawn: false,
  present: true,
  playing: false,
  freeSince: now,
});

/**
 * Many players joining before the end, as `joinArena` one after the other (a player already in
 * is left as is), copying the players once: a replay of hundreds of entrants every second
 * stays linear.
 */
export function joinArenaAll(
  state: ArenaState,
  joins: readonly { readonly id: string; readonly rating: number; readonly at: number }[],
): ArenaState {
  const players: Record<string, ArenaPlayer> = { ...state.players };
  for (const { id, rating, at } of joins) {
    if (at >= state.endsAt || players[id]) continue;
    players[id] = newcomer(id, rating, at);
  }
  return { ...state, players };
}

/** Withdraws (pauses): the score stays and counts in the standings. */
export function withdrawArena(state: ArenaState, id: string): Result<ArenaState, TournamentError> {
  const known = state.players[id];
  if (!known || known.withdrawn) {
    return err(tournamentError(TournamentErrorCode.NotJoined, 'not in this arena'));
  }
  return ok(put(state, { ...known, withdrawn: true }));
}

/** The page was closed or opened again. */
export function setPresence(
  state: ArenaState,
  id: string,
  present: boolean,
  now: number,
): ArenaState {
  const known = state.players[id];
  if (!known || known.present === present) return state;
  return put(state, { ...known, present, freeSince: present ? now : known.freeSince });
}

const lastOpponent = (p: ArenaPlayer): string | null => p.games.at(-1)?.opponent ?? null;

/** Who may be paired now: joined, not withdrawn, present, not playing, before the end. */
export function freePlayers(state: ArenaState, now: number): ArenaPlayer[] {
  if (now >= state.endsAt) return [];
  return Object.values(state.players).filter((p) => !p.withdrawn && p.present && !p.playing);
}

/** Pairs whoever is free and marks them playing. */
export function pairFree(
  state: ArenaState,
  now: number,
): { readonly state: ArenaState; readonly pairs: readonly ArenaPair[] } {
  const pairs = pairArena(
    freePlayers(state, now).map((p) => ({
      id: p.id,
      score: p.score,
      rating: p.rating,
      lastOpponent: lastOpponent(p),
      freeSince: p.freeSince,
    })),
  );
  let next = state;
  for (const pair of pairs) {
    for (const id of [pair.first, pair.second])
      next = put(next, { ...next.players[id]!, playing: true });
  }
  return { state: next, pairs };
}

/**
 * Scores a finished game of a pair. A game paired before the end counts even when it ends
 * after it; a withdrawn player's game counts too (the game was played).
 */
export function recordArenaGame(
  state: ArenaState,
  pair: ArenaPair,
  winner: string | null,
  now: number,
): ArenaState {
  return recordArenaGames(state, [{ pair, winner, at: now }]);
}

/** One finished game for `recordArenaGames`. */
export interface ArenaResult {
  readonly pair: ArenaPair;
  readonly winner: string | null;
  readonly at: number;
}

/**
 * Scores finished games in order, as `recordArenaGame` one after the other, but copying the
 * players once: replaying a long arena (thousands of games, hundreds of players) every second
 * stays linear.
 */
export function recordArenaGames(state: ArenaState, results: readonly ArenaResult[]): ArenaState {
  const players: Record<string, ArenaPlayer> = { ...state.players };
  // Each player met in `results` is copied once (its games too), then scored in place: a copy
  // per game made the replay quadratic, and the replay runs every second over tens of thousands
  // of games in a long, large arena.
  const scored = new Map<string, Scored>();
  const own = (id: string): Scored | undefined => {
    let p = scored.get(id);
    const known = players[id];
    if (!p && known) {
      p = { ...known, games: [...known.games] };
      scored.set(id, p);
      players[id] = p;
    }
    return p;
  };
  for (const { pair, winner, at } of results) {
    if (!players[pair.first] || !players[pair.second]) continue;
    const a = own(pair.first)!;
    const b = own(pair.second)!;
    score(a, b, winner, at);
    // A player paired with itself (never made by `pairArena`) was scored once, as before.
    if (b !== a) score(b, a, winner, at);
  }
  return { ...state, players };
}

/** A player being scored by `recordArenaGames`, which alone holds it. */
type Scored = { -readonly [K in keyof ArenaPlayer]: ArenaPlayer[K] } & { games: ArenaGameRecord[] };

function score(p: Scored, o: ArenaPlayer, winner: string | null, at: number): void {
  const outcome: Outcome = winner === null ? 'draw' : winner === p.id ? 'win' : 'loss';
  const { points, streak } = arenaPoints(p.streak, outcome);
  p.games.push({ opponent: o.id, opponentRating: o.rating, outcome, points });
  p.score += points;
  p.streak = streak;
  p.playing = false;
  p.freeSince = at;
}

export interface ArenaStanding {
  readonly rank: number;
  readonly id: string;
  readonly score: number;
  readonly performance: number | null;
  readonly games: number;
  /** On a streak: the next result counts double. */
  readonly onFire: boolean;
  readonly withdrawn: boolean;
}

/** Standings: points, then performance, then fewer games, then id (for a stable order). */
export function arenaStandings(state: ArenaState): ArenaStanding[] {
  const rows = Object.values(state.players).map((p) => ({
    id: p.id,
    score: p.score,
    performance: performance(p.games),
    games: p.games.length,
    onFire: p.streak >= FIRE_STREAK,
    withdrawn: p.withdrawn,
  }));
  rows.sort(
    (a, b) =>
      b.score - a.score ||
      (b.performance ?? -Infinity) - (a.performance ?? -Infinity) ||
      a.games - b.games ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}
