import type { GameSummary, PublicGame } from '../../protocol/index.js';
import { abortDeadline, leaveDeadline } from './deadlines.js';
import { POP_CODE, gameTextOf, notationOf } from './family.js';
import { remainingAt, turnOf } from './reducer.js';
import { seatIndex, type GameState } from './state.js';

const isComputer = (state: GameState, i: 0 | 1): boolean =>
  state.players?.[i]?.computer !== undefined;

/** Since when each seat has had no connection, as this process sees it (null: connected). */
export type AwaySince = readonly [number | null, number | null];

/**
 * What anyone may see of a game: seat hashes are reduced to "taken". `away` gives the leave
 * deadline; without it (a game nobody here watches) `leftAt` stays null.
 */
export function toPublic(
  state: GameState,
  connected: readonly [boolean, boolean],
  now: number,
  away: AwaySince = [null, null],
): PublicGame {
  const playing = state.status === 'playing';
  return {
    id: state.id,
    version: state.version,
    game: gameTextOf(state),
    variant: state.variant,
    clock: state.clock,
    status: state.status,
    // The computer is always there.
    seats: [
      { taken: state.seats[0] !== null, connected: connected[0] || isComputer(state, 0) },
      { taken: state.seats[1] !== null, connected: connected[1] || isComputer(state, 1) },
    ],
    moves: state.moves.map((m) => m % POP_CODE),
    pops: popsOf(state.moves),
    notation: notationOf(state),
    turn: playing ? turnOf(state) : null,
    clocks: state.clocks
      ? {
          remainingMs: [remainingAt(state, 1, now) ?? 0, remainingAt(state, 2, now) ?? 0],
          running: playing ? turnOf(state) : null,
          serverNow: now,
        }
      : null,
    result: state.result,
    winCells: state.winCells,
    rematch: { offeredBy: state.rematchOfferedBy, gameId: state.rematchGameId },
    previousGameId: state.previousGameId,
    abortAt: abortDeadline(state),
    leftAt: playing ? leaveDeadline(state, away[seatIndex(turnOf(state))]) : null,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    players: state.players ?? [null, null],
    rated: state.rated === true,
    ratingChanges: state.ratingChanges ?? null,
  };
}

/** The indexes of the pops among a record's moves. */
function popsOf(moves: readonly number[]): number[] {
  const pops: number[] = [];
  moves.forEach((m, i) => {
    if (m >= POP_CODE) pops.push(i);
  });
  return pops;
}

export const toSummary = (state: GameState): GameSummary => ({
  id: state.id,
  game: gameTextOf(state),
  variant: state.variant,
  notation: notationOf(state),
  result: state.result,
  updatedAt: state.updatedAt,
  players: state.players ?? [null, null],
  rated: state.rated === true,
});
