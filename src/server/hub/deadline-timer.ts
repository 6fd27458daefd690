import type { Player } from '../../core/index.js';
import { dueAt, leaveDeadline, turnOf } from '../game/deadlines.js';
import { seatIndex, type GameState } from '../game/state.js';
import type { AwaySince } from '../game/view.js';

/** A seat away on its turn long enough to lose by leaving. */
export interface Away {
  readonly player: Player;
  readonly since: number;
}

/** A deadline that changed nothing (a stale view of the game) is looked at again this late. */
export const RETRY_MS = 1000;
/** A little after the deadline, so the reducer surely sees the time as spent. */
const LATE_MS = 20;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The earliest of the game's flag, abort and leave deadlines; null when none applies. */
export function nextDeadline(state: GameState, away: AwaySince): number | null {
  const leaveAt =
    state.status === 'playing' ? leaveDeadline(state, away[seatIndex(turnOf(state))]) : null;
  const times = [dueAt(state), leaveAt].filter((t): t is number => t !== null);
  return times.length === 0 ? null : Math.min(...times);
}

/** The side to move, when it has been away on its turn past the leave limit by `now`. */
export function awayTooLong(state: GameState, away: AwaySince, now: number): Away | undefined {
  if (state.status !== 'playing') return undefined;
  const player = turnOf(state);
  const since = away[seatIndex(player)] ?? null;
  const deadline = leaveDeadline(state, since);
  return since !== null && deadline !== null && deadline <= now ? { player, since } : undefined;
}

/** How long to wait for `at` (or at least `atLeastMs`), within what `setTimeout` takes. */
export function delayUntil(at: number, now: number, atLeastMs = 0): number {
  const delay = Math.max(atLeastMs, at - now + LATE_MS);
  return Math.min(Math.max(0, delay), MAX_TIMEOUT_MS);
}

/** One timer per game, for the earliest of its deadlines; re-armed on every change. */
export class DeadlineTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onFire: () => void) {}

  /** Arms the timer for `at` (none when null), replacing any armed before. */
  arm(at: number | null, now: number, atLeastMs = 0): void {
    this.clear();
    if (at === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.onFire();
      },
      delayUntil(at, now, atLeastMs),
    );
    this.timer.unref();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
