import type { Player } from '../../core/index.js';
import type { PublicGame, Seat } from './client.js';
import { COLOUR } from './format.js';

/**
 * The server's two deadlines on the side to move (docs/protocol.md, `abortAt` and `leftAt`):
 * `abort`, the game is aborted unrated if that side has not made its first move; `left`, that
 * side loses by leaving if its seat stays empty. Both are server times, so the page counts
 * down from its estimate of the server clock, as the game clocks do.
 */
export interface Deadline {
  readonly kind: 'abort' | 'left';
  readonly side: Player;
  /** Server time in ms. */
  readonly at: number;
}

/** The deadline running in `game`, or null; when both are set, the one that falls first. */
export function deadlineOf(game: PublicGame): Deadline | null {
  if (game.status !== 'playing' || game.turn === null) return null;
  const side = game.turn;
  const abort = game.abortAt === null ? null : { kind: 'abort' as const, side, at: game.abortAt };
  const left = game.leftAt === null ? null : { kind: 'left' as const, side, at: game.leftAt };
  if (abort && left) return left.at < abort.at ? left : abort;
  return abort ?? left;
}

/** Whole seconds left, rounded up (a deadline 200 ms away still reads "1 s"), never negative. */
export const secondsLeft = (deadline: Deadline, serverNow: number): number =>
  Math.max(0, Math.ceil((deadline.at - serverNow) / 1000));

/** "27 s", and "2 min 5 s" from two minutes up. */
export function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** The countdown sentence, from this viewer's side (a player in `mySeat`, or a spectator). */
export function deadlineText(deadline: Deadline, mySeat: Seat | null, seconds: number): string {
  const time = formatSeconds(seconds);
  const side = COLOUR[deadline.side];
  const other = COLOUR[deadline.side === 1 ? 2 : 1];
  // The server ends the game at the deadline; until its snapshot arrives, say what is coming.
  if (seconds === 0) {
    return deadline.kind === 'abort'
      ? 'Time is up: the game is being aborted'
      : `Time is up: ${mySeat === null ? `${other} wins` : mySeat === deadline.side ? 'you lose' : 'you win'}`;
  }
  if (deadline.kind === 'abort') {
    if (mySeat === deadline.side) {
      return `Make your first move within ${time} or the game is aborted`;
    }
    return mySeat === null
      ? `${side} has ${time} to make a first move, or the game is aborted`
      : `Your opponent has ${time} to make a first move, or the game is aborted`;
  }
  if (mySeat === deadline.side) return `You have left: you lose in ${time} unless you come back`;
  return mySeat === null
    ? `${side} has left: ${other} wins in ${time} unless ${side} comes back`
    : `Opponent has left: you win in ${time} unless they come back`;
}

/**
 * Seconds left at which a screen reader hears the countdown again. A sentence every second
 * would drown everything else out; these few tell that time is running out.
 */
export const ANNOUNCE_AT: readonly number[] = [60, 30, 10];

/** True when the count went from `before` to `after` past one of `ANNOUNCE_AT`. */
export const crossedAnnouncement = (before: number, after: number): boolean =>
  ANNOUNCE_AT.some((mark) => before > mark && after <= mark);

/** Same deadline (its kind, side and time): it was announced when it appeared, not again. */
export const sameDeadline = (a: Deadline | null, b: Deadline | null): boolean =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.side === b.side && a.at === b.at);
