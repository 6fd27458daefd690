import { describe, expect, it } from 'vitest';
import { newGame, reduce } from '../../../src/server/game/reducer.js';
import type { GameState, SeatPlayer } from '../../../src/server/game/state.js';
import {
  RETRY_MS,
  awayTooLong,
  delayUntil,
  nextDeadline,
} from '../../../src/server/hub/deadline-timer.js';
import { FanOut, type Member } from '../../../src/server/hub/fan-out.js';
import { LatestState } from '../../../src/server/hub/latest.js';
import {
  BatchReaders,
  HeartbeatRound,
  PRESENCE_TTL_MS,
  SeatPresence,
} from '../../../src/server/hub/presence.js';
import type { ServerMessage } from '../../../src/protocol/index.js';

/** The hub's parts on their own: pure, time passed in, nothing sent anywhere. */

const T0 = 1_000_000;
const ann: SeatPlayer = { id: 'ann', name: 'Ann' };
const bob: SeatPlayer = { id: 'bob', name: 'Bob' };

function game(version = 0): GameState {
  return {
    ...newGame({ id: 'g1', variant: '7x6c4', clock: null, seats: ['a', 'b'] }, T0),
    version,
  };
}

/** A rated game without a clock after two moves: the leave rule applies to Red's turn. */
function leaveGame(): GameState {
  let state = newGame(
    {
      id: 'g2',
      variant: '7x6c4',
      clock: null,
      seats: ['a', 'b'],
      players: [ann, bob],
      rated: true,
      limits: { abortMs: 30_000, leaveMs: 90_000 },
    },
    T0,
  );
  for (const [by, column] of [
    [1, 3],
    [2, 3],
  ] as const) {
    const next = reduce(state, { type: 'move', by, column, version: state.version }, T0 + 1000);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return state;
}

describe('LatestState', () => {
  it('keeps the highest version, whatever order states arrive in', () => {
    const latest = new LatestState(game(3));
    expect(latest.offer(game(2))).toBe(false);
    expect(latest.offer(game(3))).toBe(false);
    expect(latest.state.version).toBe(3);
    expect(latest.offer(game(5))).toBe(true);
    expect(latest.offer(game(4))).toBe(false);
    expect(latest.state.version).toBe(5);
  });
});

describe('FanOut', () => {
  it('sends one broadcast to every member, encoded once, and counts seats', () => {
    const got: { seat: number | null; text: string | undefined }[] = [];
    const member = (seat: 1 | 2 | null): Member => ({
      seat,
      send: (_m: ServerMessage, text?: string) => got.push({ seat, text }),
    });
    const fan = new FanOut();
    const red = member(1);
    fan.add(red);
    fan.add(member(1));
    fan.add(member(null));
    expect(fan.seatCounts()).toEqual([2, 0]);
    fan.broadcast({ type: 'shutdown', reconnectMs: 5 });
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.text))).toEqual(
      new Set(['{"type":"shutdown","reconnectMs":5}']),
    );
    expect(fan.delete(red)).toBe(true);
    expect(fan.delete(red)).toBe(false);
    expect(fan.size).toBe(2);
  });
});

describe('SeatPresence', () => {
  it('adds fresh reports of other processes to the local counts and drops stale ones', () => {
    const presence = new SeatPresence(T0);
    expect(presence.report('n2', [0, 1], T0)).toBe(true);
    expect(presence.report('n2', [0, 1], T0 + 1)).toBe(false);
    expect(presence.connected([1, 0], T0 + 10)).toEqual([true, true]);
    expect(presence.heldElsewhere(1, T0 + 10)).toBe(true);
    expect(presence.heldElsewhere(0, T0 + 10)).toBe(false);
    // n2 fell silent (killed): its seat goes offline once its report expires.
    expect(presence.connected([1, 0], T0 + 1 + PRESENCE_TTL_MS + 1)).toEqual([true, false]);
    expect([...presence.reporters()]).toEqual([]);
  });

  it('dates absence from the first time it is seen, and from the room opening at the earliest', () => {
    const presence = new SeatPresence(T0);
    expect(presence.awaySince(-Infinity)).toEqual([T0, T0]);
    presence.markTold([true, false], T0 + 5);
    expect(presence.awaySince(-Infinity)).toEqual([null, T0]);
    expect(presence.changedSinceTold([true, false])).toBe(false);
    expect(presence.changedSinceTold([false, false])).toBe(true);
    presence.markAway([false, false], T0 + 7);
    presence.markAway([false, false], T0 + 9);
    expect(presence.awaySince(-Infinity)).toEqual([T0 + 7, T0]);
    // After bus trouble, absence counts only from when reports are trusted again.
    expect(presence.awaySince(T0 + 8)).toEqual([T0 + 8, T0 + 8]);
  });
});

describe('BatchReaders', () => {
  it('batches a game only when every reporting process reads batches, recently', () => {
    const readers = new BatchReaders();
    expect(readers.allRead([], T0)).toBe(true);
    expect(readers.allRead(['n2'], T0)).toBe(false);
    readers.heardFrom('n2', T0, T0);
    expect(readers.allRead(['n2'], T0 + 1)).toBe(true);
    expect(readers.allRead(['n2', 'n3'], T0 + 1)).toBe(false);
    expect(readers.allRead(['n2'], T0 + PRESENCE_TTL_MS + 1)).toBe(false);
  });
});

describe('HeartbeatRound', () => {
  const rooms = (n: number): Map<number, number> =>
    new Map(Array.from({ length: n }, (_, i) => [i, i]));

  it('visits a twentieth of many rooms per slice, each once per round', () => {
    const round = new HeartbeatRound<number>(20);
    const all = rooms(2000);
    const seen: number[] = [];
    for (let slice = 0; slice < 20; slice++) {
      const visit = round.next(all);
      expect(visit).toHaveLength(100);
      seen.push(...visit);
    }
    expect(new Set(seen).size).toBe(2000);
  });

  it('visits a handful of rooms once per round, not once per slice', () => {
    const round = new HeartbeatRound<number>(20);
    const all = rooms(3);
    const visits = Array.from({ length: 40 }, () => round.next(all)).flat();
    expect(visits.sort()).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('visits nothing without rooms', () => {
    expect(new HeartbeatRound<number>(20).next(rooms(0))).toEqual([]);
  });
});

describe('deadlines of a room', () => {
  it('has none for a game that cannot end by itself', () => {
    expect(nextDeadline(game(), [T0, T0])).toBeNull();
    expect(awayTooLong(game(), [T0, T0], T0 + 10 ** 9)).toBeUndefined();
  });

  it('is the leave deadline of the side to move once it is away', () => {
    const state = leaveGame();
    expect(nextDeadline(state, [null, null])).toBeNull();
    // Away since before its turn began: the limit counts from the turn's start.
    expect(nextDeadline(state, [T0, null])).toBe(T0 + 1000 + 90_000);
    expect(awayTooLong(state, [T0, null], T0 + 1000 + 89_999)).toBeUndefined();
    expect(awayTooLong(state, [T0, null], T0 + 1000 + 90_000)).toEqual({ player: 1, since: T0 });
    // The opponent's absence is no leave.
    expect(awayTooLong(state, [null, T0], T0 + 10 ** 9)).toBeUndefined();
  });

  it('waits a little past the deadline, at least the retry, within what setTimeout takes', () => {
    expect(delayUntil(T0 + 100, T0)).toBe(120);
    expect(delayUntil(T0 - 5000, T0)).toBe(0);
    expect(delayUntil(T0 + 100, T0, RETRY_MS)).toBe(RETRY_MS);
    expect(delayUntil(T0 + 2 ** 40, T0)).toBe(2 ** 31 - 1);
  });
});
