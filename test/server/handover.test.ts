import { describe, expect, it } from 'vitest';
import { HANDOVER_MAX_MS, abortDeadline } from '../../src/server/game/deadlines.js';
import {
  flagDeadline,
  newGame,
  reduce,
  remainingAt,
  type Command,
} from '../../src/server/game/reducer.js';
import type { GameState } from '../../src/server/game/state.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const T0 = 1_000_000;
const LIMITS = { abortMs: 30_000, leaveMs: 60_000 };

function apply(state: GameState, command: Command, now: number): GameState {
  const result = reduce(state, command, now);
  if (!result.ok) throw new Error(result.error.code);
  return result.value.state;
}

/** A one-minute game after both first moves; player 1 (59 s left) to move since T0 + 2,000. */
function underway(): GameState {
  const clock = { initialMs: 60_000, incrementMs: 0 };
  let game = newGame(
    { id: 'game-0001', variant: '7x6c4', clock, seats: [A, B], limits: LIMITS },
    T0,
  );
  game = apply(game, { type: 'move', by: 1, column: 3, version: 0 }, T0 + 1_000);
  return apply(game, { type: 'move', by: 2, column: 3, version: 1 }, T0 + 2_000);
}

describe('rolling-restart handover', () => {
  it('gives the side to move back the time from the drain to its return', () => {
    const game = underway();
    // Drained 5 s into the turn, back on another process 1.5 s later.
    const paused = apply(game, { type: 'handover', player: 1, at: T0 + 7_000 }, T0 + 7_000);
    const back = apply(paused, { type: 'returned', player: 1 }, T0 + 8_500);
    expect(back.handover).toBeUndefined();
    expect(remainingAt(back, 1, T0 + 8_500)).toBe(54_000);
    // The opponent's clock is untouched.
    expect(remainingAt(back, 2, T0 + 8_500)).toBe(remainingAt(game, 2, T0 + 8_500));
  });

  it('gives back at most HANDOVER_MAX_MS, however late the player returns', () => {
    const paused = apply(underway(), { type: 'handover', player: 1, at: T0 + 7_000 }, T0 + 7_000);
    const late = T0 + 7_000 + HANDOVER_MAX_MS + 20_000;
    const back = apply(paused, { type: 'returned', player: 1 }, late);
    expect(remainingAt(back, 1, late)).toBe(54_000 - 20_000);
  });

  it('holds the flag for the bound while the handover is pending, then lets it fall', () => {
    const paused = apply(underway(), { type: 'handover', player: 1, at: T0 + 7_000 }, T0 + 7_000);
    expect(flagDeadline(paused)).toBe(T0 + 2_000 + 59_000 + HANDOVER_MAX_MS);
    const flagAt = T0 + 2_000 + 59_000;
    expect(apply(paused, { type: 'timeout' }, flagAt).status).toBe('playing');
    const fallen = apply(paused, { type: 'timeout' }, flagAt + HANDOVER_MAX_MS);
    expect(fallen.result).toMatchObject({ kind: 'win', winner: 2, reason: 'timeout' });
    expect(fallen.handover).toBeUndefined();
  });

  it('ends a pending handover with the move when no join ended it first', () => {
    const paused = apply(underway(), { type: 'handover', player: 1, at: T0 + 7_000 }, T0 + 7_000);
    const moved = apply(
      paused,
      { type: 'move', by: 1, column: 0, version: paused.version },
      T0 + 9_000,
    );
    expect(moved.handover).toBeUndefined();
    expect(moved.clocks?.remainingMs[0]).toBe(54_000);
  });

  it('cannot be started for the side not to move, twice, or in a game with nothing running', () => {
    const game = underway();
    expect(apply(game, { type: 'handover', player: 2, at: T0 + 7_000 }, T0 + 7_000)).toBe(game);
    const paused = apply(game, { type: 'handover', player: 1, at: T0 + 7_000 }, T0 + 7_000);
    expect(apply(paused, { type: 'handover', player: 1, at: T0 + 9_000 }, T0 + 9_000)).toBe(paused);
    // The other seat returning ends nothing.
    expect(apply(paused, { type: 'returned', player: 2 }, T0 + 9_000)).toBe(paused);
    const clockless = newGame(
      { id: 'game-0002', variant: '7x6c4', clock: null, seats: [A, B], limits: LIMITS },
      T0,
    );
    const past = apply(
      apply(clockless, { type: 'move', by: 1, column: 3, version: 0 }, T0 + 1_000),
      { type: 'move', by: 2, column: 3, version: 1 },
      T0 + 2_000,
    );
    expect(apply(past, { type: 'handover', player: 1, at: T0 + 3_000 }, T0 + 3_000)).toBe(past);
  });

  it('gives the first-move window back too', () => {
    const game = newGame(
      { id: 'game-0003', variant: '7x6c4', clock: null, seats: [A, B], limits: LIMITS },
      T0,
    );
    const paused = apply(game, { type: 'handover', player: 1, at: T0 + 10_000 }, T0 + 10_000);
    expect(abortDeadline(paused)).toBe(T0 + 30_000 + HANDOVER_MAX_MS);
    const back = apply(paused, { type: 'returned', player: 1 }, T0 + 12_000);
    expect(abortDeadline(back)).toBe(T0 + 32_000);
  });
});
