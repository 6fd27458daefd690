import {
  INITIAL,
  botRating,
  isProvisional,
  rateGame,
  type BotLevel,
  type PoolId,
  type Rating,
  type Score,
} from '../rating/index.js';
import { gameTextOf, poolOfGame } from './game/family.js';
import type { GameState, RatingDelta, SeatPlayer } from './game/state.js';
import type { PlayerStore, PoolRating, RatingUpdate } from './store/players.js';

/** Computer seats are `bot:<level>`. */
export const COMPUTER_PREFIX = 'bot:';
export const isComputer = (p: SeatPlayer | null | undefined): boolean =>
  p?.id.startsWith(COMPUTER_PREFIX) === true;

export { poolOfGame } from './game/family.js';

export async function currentRating(
  store: PlayerStore,
  playerId: string,
  pool: PoolId,
): Promise<PoolRating | undefined> {
  return (await store.ratingsOf(playerId)).find((r) => r.pool === pool);
}

/**
 * The rating side of a game's end: both seats' new ratings, computed from the rows as they are
 * now, and the final state carrying the changes for everyone to see. The store writes the
 * two together or not at all. A game that ended before both sides moved is aborted: it stays
 * in the record but changes no rating. The computer's rating is anchored and never changes.
 */
export async function settleRatings(
  store: PlayerStore,
  state: GameState,
  now: number,
): Promise<{ state: GameState; updates: RatingUpdate[] }> {
  if (state.rated !== true || state.status !== 'finished' || !state.result || !state.players) {
    return { state, updates: [] };
  }
  // An aborted game, or one that ended before both sides moved, is never rated.
  if (state.moves.length < 2 || state.result.kind === 'aborted') {
    return { state: { ...state, rated: false }, updates: [] };
  }
  const pool = poolOfGame(gameTextOf(state));
  const seats = state.players;
  const rows = await Promise.all(
    seats.map((p) =>
      p && !isComputer(p) ? currentRating(store, p.id, pool) : Promise.resolve(undefined),
    ),
  );
  const ratingOf = (i: 0 | 1): Rating => {
    const p = seats[i];
    if (p && isComputer(p)) return botRating(pool, (p.computer ?? 'beginner') as BotLevel);
    return rows[i] ?? INITIAL;
  };
  const result = state.result;
  const score: Score = result.kind === 'draw' ? 0.5 : result.winner === 1 ? 1 : 0;
  const next = rateGame(ratingOf(0), ratingOf(1), score);
  const updates: RatingUpdate[] = [];
  const deltas: [RatingDelta | null, RatingDelta | null] = [null, null];
  for (const i of [0, 1] as const) {
    const p = seats[i];
    if (!p || isComputer(p)) continue;
    const before = ratingOf(i);
    const mine: Score = i === 0 ? score : score === 1 ? 0 : score === 0 ? 1 : 0.5;
    updates.push({
      playerId: p.id,
      pool,
      expectedVersion: rows[i]?.version ?? 0,
      before: before.rating,
      next: next[i],
      outcome: mine === 1 ? 'win' : mine === 0 ? 'loss' : 'draw',
      at: now,
    });
    deltas[i] = {
      before: before.rating,
      after: next[i].rating,
      provisional: isProvisional(next[i]),
    };
  }
  return { state: { ...state, ratingChanges: deltas }, updates };
}
