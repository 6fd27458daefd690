import { playerToMove, type Player } from '../../core/index.js';
import { seatIndex, type GameState } from './state.js';

/**
 * When a game may end with nobody making a move: a flag falling, a side that never made its
 * first move (abort), a side that left its turn (leave). Pure functions of the stored state, so
 * every process (and the store's sweep) computes the same times; the reducer applies them.
 */

export const turnOf = (state: GameState): Player => playerToMove(state.moves.length);

/** Server time the side to move began its turn (older games: their last change). */
export const turnStartOf = (state: GameState): number =>
  state.turnStartedAt ?? state.clocks?.turnStartedAt ?? state.updatedAt;

const isComputerSeat = (state: GameState, player: Player): boolean =>
  state.players?.[seatIndex(player)]?.computer !== undefined;

/**
 * The most a rolling-restart handover can give back to a turn: a client told to reconnect
 * comes back within the `shutdown` message's 0.5–2 s and a connection; longer is no handover
 * but an absence, which the clock charges as usual. Only a draining server starts a handover
 * (a client cannot), and the next one needs another drain.
 */
export const HANDOVER_MAX_MS = 10_000;

/**
 * How much later than usual the side to move's deadlines fall while its handover is pending:
 * whatever of the pause it will be given back is not yet known, so a flag or an abort waits
 * for the whole bound before falling.
 */
export const handoverGrace = (state: GameState): number =>
  state.handover !== undefined && state.handover.player === turnOf(state) ? HANDOVER_MAX_MS : 0;

/** Deadline (server ms) at which the side to move runs out of time, if a clock is running. */
export function flagDeadline(state: GameState): number | null {
  if (state.status !== 'playing' || !state.clocks) return null;
  return (
    state.clocks.turnStartedAt +
    state.clocks.remainingMs[seatIndex(turnOf(state))] +
    handoverGrace(state)
  );
}

/**
 * When the game is aborted if the side to move has not made its first move by then; null when
 * the rule does not apply (both sides have moved, the computer is to move, the game is not
 * being played, or it predates the rule). A side that never moved cannot lose on time: its
 * flag, if it falls first, aborts the game too, so the deadline is the earlier of the two.
 */
export function abortDeadline(state: GameState): number | null {
  if (state.status !== 'playing' || !state.limits || state.moves.length >= 2) return null;
  if (isComputerSeat(state, turnOf(state))) return null;
  const at = turnStartOf(state) + state.limits.abortMs + handoverGrace(state);
  const flag = flagDeadline(state);
  return flag === null ? at : Math.min(at, flag);
}

/**
 * Whether the side to move can lose by leaving: a rated game without a clock (with one, the
 * clock decides), past both first moves (before that the abort rule does), a human to move.
 */
export function leaveApplies(state: GameState): boolean {
  return (
    state.status === 'playing' &&
    state.rated === true &&
    state.clock === null &&
    state.limits !== undefined &&
    state.moves.length >= 2 &&
    !isComputerSeat(state, turnOf(state))
  );
}

/**
 * When the side to move loses by leaving, given since when its seat has had no connection
 * (`awaySince`; null while it has one): the limit counts from the later of that and the start
 * of its turn, so time away during the opponent's turn is not held against it.
 */
export function leaveDeadline(state: GameState, awaySince: number | null): number | null {
  if (awaySince === null || !leaveApplies(state) || !state.limits) return null;
  return Math.max(awaySince, turnStartOf(state)) + state.limits.leaveMs;
}

/** The earliest time the game ends by itself (a flag or an abort): `settleDue` applies it. */
export const dueAt = (state: GameState): number | null =>
  abortDeadline(state) ?? flagDeadline(state);

/**
 * When the store's sweep should look at the game: its `dueAt`, or the earliest a leave could
 * be decided (had the side to move been away its whole turn). Null: nothing can happen by
 * itself.
 */
export function wakeAt(state: GameState): number | null {
  const times = [dueAt(state), leaveDeadline(state, turnStartOf(state))].filter(
    (t): t is number => t !== null,
  );
  return times.length > 0 ? Math.min(...times) : null;
}
