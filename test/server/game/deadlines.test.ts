import { describe, expect, it } from 'vitest';
import {
  abortDeadline,
  dueAt,
  leaveApplies,
  leaveDeadline,
  wakeAt,
} from '../../../src/server/game/deadlines.js';
import {
  newGame,
  reduce,
  rematchOf,
  settleDue,
  type Command,
} from '../../../src/server/game/reducer.js';
import type { GameState, SeatPlayer, TurnLimits } from '../../../src/server/game/state.js';
import { toPublic } from '../../../src/server/game/view.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const T0 = 1_000_000;
const LIMITS: TurnLimits = { abortMs: 30_000, leaveMs: 90_000 };
const ann: SeatPlayer = { id: 'ann', name: 'Ann' };
const bob: SeatPlayer = { id: 'bob', name: 'Bob' };
const computer: SeatPlayer = { id: 'bot:strong', name: 'Computer (Strong)', computer: 'strong' };

function game(
  options: {
    clock?: GameState['clock'];
    players?: readonly [SeatPlayer | null, SeatPlayer | null];
    rated?: boolean;
    limits?: TurnLimits | null;
  } = {},
): GameState {
  return newGame(
    {
      id: 'game-0001',
      variant: '7x6c4',
      clock: options.clock ?? null,
      seats: [A, B],
      players: options.players ?? [ann, bob],
      rated: options.rated ?? true,
      ...(options.limits === null ? {} : { limits: options.limits ?? LIMITS }),
    },
    T0,
  );
}

function apply(state: GameState, command: Command, now: number): GameState {
  const result = reduce(state, command, now);
  if (!result.ok) throw new Error(result.error.code);
  return result.value.state;
}

const move = (state: GameState, column: number, now: number): GameState =>
  apply(
    state,
    { type: 'move', by: state.moves.length % 2 === 0 ? 1 : 2, column, version: state.version },
    now,
  );

/** Both sides have moved (at T0 + 1 s and T0 + 2 s): seat 1 to move since T0 + 2 s. */
const pastOpening = (state: GameState): GameState =>
  move(move(state, 3, T0 + 1_000), 3, T0 + 2_000);

describe('abort: a side that never makes its first move', () => {
  it('aborts when seat 1 does not move within the limit of the start, not a moment before', () => {
    const start = game();
    expect(start.turnStartedAt).toBe(T0);
    expect(abortDeadline(start)).toBe(T0 + 30_000);
    expect(apply(start, { type: 'abort' }, T0 + 29_999)).toBe(start);
    const aborted = reduce(start, { type: 'abort' }, T0 + 30_000);
    expect(aborted.ok && aborted.value.events).toEqual([
      { type: 'finished', result: { kind: 'aborted', reason: 'no_first_move', player: 1 } },
    ]);
    const over = aborted.ok ? aborted.value.state : start;
    expect(over.status).toBe('finished');
    expect(over.version).toBe(start.version + 1);
    expect(abortDeadline(over)).toBeNull();
    // A first move that arrives after the deadline, before anything settled it, is refused.
    const late = reduce(start, { type: 'move', by: 1, column: 3, version: 0 }, T0 + 30_000);
    expect(!late.ok && late.error.code).toBe('game_over');
  });

  it("counts seat 2's limit from seat 1's first move, and ends once both have moved", () => {
    const one = move(game(), 3, T0 + 10_000);
    expect(abortDeadline(one)).toBe(T0 + 40_000);
    expect(apply(one, { type: 'abort' }, T0 + 39_999)).toBe(one);
    expect(apply(one, { type: 'abort' }, T0 + 40_000).result).toEqual({
      kind: 'aborted',
      reason: 'no_first_move',
      player: 2,
    });
    const two = move(one, 3, T0 + 39_000);
    expect(abortDeadline(two)).toBeNull();
    expect(apply(two, { type: 'abort' }, T0 + 1_000_000)).toBe(two);
  });

  it('never applies to the computer, and applies to the human after the computer opened', () => {
    const computerFirst = game({ players: [computer, ann] });
    expect(abortDeadline(computerFirst)).toBeNull();
    expect(apply(computerFirst, { type: 'abort' }, T0 + 10 * 60_000)).toBe(computerFirst);
    const answered = move(computerFirst, 3, T0 + 5_000);
    expect(abortDeadline(answered)).toBe(T0 + 35_000);
    const humanFirst = move(game({ players: [ann, computer] }), 3, T0 + 1_000);
    expect(abortDeadline(humanFirst)).toBeNull();
  });

  it('a side that never moved is aborted, not flagged, when its clock is shorter than the limit', () => {
    const blitz = game({ clock: { initialMs: 10_000, incrementMs: 0 } });
    expect(abortDeadline(blitz)).toBe(T0 + 10_000);
    expect(dueAt(blitz)).toBe(T0 + 10_000);
    expect(apply(blitz, { type: 'timeout' }, T0 + 10_000)).toBe(blitz);
    const settled = settleDue(blitz, T0 + 10_000);
    expect(settled.ok && settled.value.state.result).toEqual({
      kind: 'aborted',
      reason: 'no_first_move',
      player: 1,
    });
    // Past both first moves the clock decides as before.
    const played = pastOpening(blitz);
    const flagged = settleDue(played, T0 + 2_000 + 9_000 + 1);
    expect(flagged.ok && flagged.value.state.result).toEqual({
      kind: 'win',
      winner: 2,
      reason: 'timeout',
    });
  });

  it('games stored before the rule (no limits) are never aborted', () => {
    const old = game({ limits: null });
    expect(abortDeadline(old)).toBeNull();
    expect(apply(old, { type: 'abort' }, T0 + 10 * 60_000)).toBe(old);
  });

  it('an outage of the whole service is given back to the first-move window', () => {
    const start = game();
    const resumed = apply(
      start,
      { type: 'resume', from: T0 + 5_000, to: T0 + 65_000 },
      T0 + 65_000,
    );
    expect(abortDeadline(resumed)).toBe(T0 + 90_000);
    // Past the opening, a game without a clock has nothing to give back.
    const played = pastOpening(start);
    expect(apply(played, { type: 'resume', from: T0 + 5_000, to: T0 + 65_000 }, T0 + 65_000)).toBe(
      played,
    );
  });

  it('a rematch takes the limits it is given', () => {
    const over = apply(
      apply(game(), { type: 'resign', by: 1 }, T0),
      { type: 'rematch', by: 1, newGameId: 'n0000001' },
      T0,
    );
    const accepted = apply(over, { type: 'rematch', by: 2, newGameId: 'n0000001' }, T0);
    const next = rematchOf(accepted, 'n0000001', T0 + 5, { abortMs: 1_000, leaveMs: 2_000 });
    expect(next.limits).toEqual({ abortMs: 1_000, leaveMs: 2_000 });
    expect(abortDeadline(next)).toBe(T0 + 1_005);
  });
});

describe('leave: the side to move without a connection in a rated game without a clock', () => {
  it('loses once away for the whole limit on its turn, counted from the later of both times', () => {
    const played = pastOpening(game());
    expect(leaveApplies(played)).toBe(true);
    // Away since before its turn began: counted from the turn (T0 + 2 s).
    expect(leaveDeadline(played, T0)).toBe(T0 + 92_000);
    expect(leaveDeadline(played, T0 + 50_000)).toBe(T0 + 140_000);
    expect(leaveDeadline(played, null)).toBeNull();
    const away = { type: 'leave' as const, player: 1 as const, awaySince: T0 + 50_000 };
    expect(apply(played, away, T0 + 139_999)).toBe(played);
    const left = apply(played, away, T0 + 140_000);
    expect(left.status).toBe('finished');
    expect(left.result).toEqual({ kind: 'win', winner: 2, reason: 'left' });
    // Only the side to move, only while playing.
    expect(apply(played, { ...away, player: 2 }, T0 + 10 * 60_000)).toBe(played);
    expect(apply(left, away, T0 + 10 * 60_000)).toBe(left);
  });

  it('does not apply to casual games, games with a clock, the computer, or before both first moves', () => {
    const far = T0 + 60 * 60_000;
    const cases: GameState[] = [
      pastOpening(game({ rated: false })),
      pastOpening(game({ clock: { initialMs: 600_000, incrementMs: 0 } })),
      move(pastOpening(game({ players: [ann, computer] })), 4, T0 + 3_000),
      move(game(), 3, T0 + 1_000),
      pastOpening(game({ limits: null })),
    ];
    for (const state of cases) {
      expect(leaveApplies(state)).toBe(false);
      expect(leaveDeadline(state, T0)).toBeNull();
      const turn = state.moves.length % 2 === 0 ? 1 : 2;
      expect(apply(state, { type: 'leave', player: turn, awaySince: T0 }, far)).toBe(state);
    }
    // In a rated computer game the human to move can leave.
    const human = pastOpening(game({ players: [ann, computer] }));
    expect(leaveApplies(human)).toBe(true);
  });

  it('the store wakes the game at the earliest time anything could end it', () => {
    expect(wakeAt(game())).toBe(T0 + 30_000);
    expect(wakeAt(pastOpening(game()))).toBe(T0 + 92_000);
    expect(wakeAt(pastOpening(game({ rated: false })))).toBeNull();
    const clocked = pastOpening(game({ clock: { initialMs: 60_000, incrementMs: 0 } }));
    expect(wakeAt(clocked)).toBe(T0 + 2_000 + 59_000);
    expect(wakeAt(apply(game(), { type: 'resign', by: 1 }, T0))).toBeNull();
  });

  it('snapshots carry abortAt while a first move is owed and leftAt while the side to move is away', () => {
    const start = toPublic(game(), [true, true], T0);
    expect([start.abortAt, start.leftAt]).toEqual([T0 + 30_000, null]);
    const played = pastOpening(game());
    const here = toPublic(played, [true, true], T0 + 3_000, [null, null]);
    expect([here.abortAt, here.leftAt]).toEqual([null, null]);
    const gone = toPublic(played, [false, true], T0 + 3_000, [T0 + 2_500, null]);
    expect(gone.leftAt).toBe(T0 + 92_500);
    // The opponent away on the mover's turn changes nothing.
    expect(toPublic(played, [true, false], T0 + 3_000, [null, T0]).leftAt).toBeNull();
    const over = apply(played, { type: 'resign', by: 1 }, T0 + 4_000);
    expect(toPublic(over, [false, false], T0 + 4_000, [T0, T0])).toMatchObject({
      abortAt: null,
      leftAt: null,
    });
  });
});
