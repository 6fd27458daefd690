import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, unwrap } from '../../../src/core/index.js';
import { HANDOVER_MAX_MS, abortDeadline } from '../../../src/server/game/deadlines.js';
import {
  flagDeadline,
  newGame,
  reduce,
  rematchOf,
  remainingAt,
  type Command,
} from '../../../src/server/game/reducer.js';
import { sameHash, seatOfHash } from '../../../src/server/game/same-hash.js';
import type { GameState } from '../../../src/server/game/state.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const T0 = 1_000_000;

const started = (clock: GameState['clock'] = null): GameState =>
  newGame({ id: 'game-0001', variant: '7x6c4', clock, seats: [A, B] }, T0);

function apply(state: GameState, command: Command, now = T0): GameState {
  const result = reduce(state, command, now);
  if (!result.ok) throw new Error(result.error.code);
  return result.value.state;
}

function codeOf(state: GameState, command: Command, now = T0): string {
  const result = reduce(state, command, now);
  return result.ok ? 'ok' : result.error.code;
}

describe('game reducer', () => {
  it('waits for the second seat, then starts', () => {
    const waiting = newGame(
      { id: 'g1234567', variant: '7x6c4', clock: null, seats: [A, null] },
      T0,
    );
    expect(waiting.status).toBe('waiting');
    expect(codeOf(waiting, { type: 'move', by: 1, column: 3, version: 0 })).toBe(
      'game_not_started',
    );
    const joined = reduce(waiting, { type: 'claim', seat: null, secretHash: B }, T0);
    expect(joined.ok && joined.value.state.status).toBe('playing');
    expect(joined.ok && joined.value.state.version).toBe(1);
    expect(joined.ok && joined.value.events.map((e) => e.type)).toEqual(['seated', 'started']);
    // Claiming again with a held secret changes nothing; a third secret finds no seat.
    const full = joined.ok ? joined.value.state : waiting;
    const again = reduce(full, { type: 'claim', seat: null, secretHash: A }, T0);
    expect(again.ok && again.value.state).toBe(full);
    expect(codeOf(full, { type: 'claim', seat: null, secretHash: 'c'.repeat(64) })).toBe(
      'seat_taken',
    );
  });

  it('rejects stale versions, moves out of turn and illegal columns', () => {
    const game = started();
    expect(codeOf(game, { type: 'move', by: 2, column: 3, version: 0 })).toBe('not_your_turn');
    expect(codeOf(game, { type: 'move', by: 1, column: 3, version: 1 })).toBe('stale_version');
    expect(codeOf(game, { type: 'move', by: 1, column: 7, version: 0 })).toBe('illegal_move');
    const one = apply(game, { type: 'move', by: 1, column: 3, version: 0 });
    expect(one.version).toBe(1);
    // The same message delivered twice: the second one is stale.
    expect(codeOf(one, { type: 'move', by: 1, column: 3, version: 0 })).toBe('stale_version');
  });

  it('finishes with the winning line and refuses further moves', () => {
    let game = started();
    for (const column of [0, 1, 0, 1, 0, 1, 0]) {
      game = apply(game, {
        type: 'move',
        by: game.moves.length % 2 === 0 ? 1 : 2,
        column,
        version: game.version,
      });
    }
    expect(game.status).toBe('finished');
    expect(game.result).toEqual({ kind: 'win', winner: 1, reason: 'connect' });
    expect(game.winCells).toEqual([0, 1, 2, 3].map((row) => ({ column: 0, row })));
    expect(codeOf(game, { type: 'move', by: 2, column: 1, version: game.version })).toBe(
      'game_over',
    );
    expect(codeOf(game, { type: 'resign', by: 2 })).toBe('game_over');
  });

  it('resigning gives the game to the other side', () => {
    const game = apply(started(), { type: 'resign', by: 1 });
    expect(game.result).toEqual({ kind: 'win', winner: 2, reason: 'resign' });
  });

  it('runs clocks by server time, adds the increment and flags a player who runs out', () => {
    const clock = { initialMs: 60_000, incrementMs: 2_000 };
    let game = started(clock);
    game = apply(game, { type: 'move', by: 1, column: 3, version: 0 }, T0 + 10_000);
    expect(game.clocks?.remainingMs).toEqual([52_000, 60_000]);
    expect(remainingAt(game, 2, T0 + 15_000)).toBe(55_000);
    expect(flagDeadline(game)).toBe(T0 + 70_000);
    // Not yet out of time: the timeout command changes nothing.
    expect(apply(game, { type: 'timeout' }, T0 + 69_999)).toBe(game);
    expect(codeOf(game, { type: 'move', by: 2, column: 3, version: 1 }, T0 + 70_000)).toBe(
      'game_over',
    );
    const flagged = apply(game, { type: 'timeout' }, T0 + 70_000);
    expect(flagged.result).toEqual({ kind: 'win', winner: 1, reason: 'timeout' });
    expect(flagged.clocks?.remainingMs).toEqual([52_000, 0]);
  });

  it('gives back the time the service was down, and only that', () => {
    const clock = { initialMs: 30_000, incrementMs: 0 };
    // Player 2's turn started at T0 + 10 s; the service was down from T0 + 15 s to T0 + 46 s.
    const game = apply(started(clock), { type: 'move', by: 1, column: 3, version: 0 }, T0 + 10_000);
    const resumed = apply(
      game,
      { type: 'resume', from: T0 + 15_000, to: T0 + 46_000 },
      T0 + 46_000,
    );
    expect(remainingAt(resumed, 2, T0 + 46_000)).toBe(25_000);
    expect(resumed.version).toBe(game.version + 1);
    expect(remainingAt(game, 2, T0 + 46_000)).toBe(0);
    // A turn that began during the outage window is counted from the restart.
    const late = apply(game, { type: 'resume', from: T0 + 5_000, to: T0 + 46_000 }, T0 + 46_000);
    expect(remainingAt(late, 2, T0 + 46_000)).toBe(30_000);
    // No clock, a finished game, or an outage before the turn: nothing to give back.
    expect(apply(started(), { type: 'resume', from: T0, to: T0 + 1_000 })).toEqual(started());
    const after = { type: 'resume' as const, from: T0, to: T0 + 5_000 };
    expect(apply(game, after, T0 + 50_000)).toBe(game);
  });

  it('a rematch needs both players and swaps the sides', () => {
    const over = apply(started(), { type: 'resign', by: 2 });
    expect(codeOf(started(), { type: 'rematch', by: 1, newGameId: 'next0001' })).toBe(
      'game_not_over',
    );
    const offered = apply(over, { type: 'rematch', by: 1, newGameId: 'next0001' });
    expect(offered.rematchOfferedBy).toBe(1);
    expect(apply(offered, { type: 'rematch', by: 1, newGameId: 'next0002' })).toBe(offered);
    const accepted = apply(offered, { type: 'rematch', by: 2, newGameId: 'next0003' });
    expect(accepted.rematchGameId).toBe('next0003');
    const next = rematchOf(accepted, 'next0003', T0);
    expect(next.seats).toEqual([B, A]);
    expect(next.status).toBe('playing');
    expect(next.previousGameId).toBe(over.id);
  });

  it('compares secret hashes exactly', () => {
    expect(sameHash(A, A)).toBe(true);
    expect(sameHash(A, B)).toBe(false);
    expect(sameHash(null, A)).toBe(false);
    expect(sameHash(A, A.slice(1))).toBe(false);
    expect(seatOfHash([A, B], B)).toBe(2);
    expect(seatOfHash([A, null], B)).toBe(null);
  });

  it('property: any stream of proposals applies exactly the accepted moves, one version each', () => {
    const proposal = fc.record({
      by: fc.constantFrom(1 as const, 2 as const),
      column: fc.integer({ min: -1, max: 7 }),
      versionDelta: fc.constantFrom(0, 0, 0, -1, 1),
    });
    fc.assert(
      fc.property(fc.array(proposal, { maxLength: 80 }), (proposals) => {
        let game = started();
        const accepted: number[] = [];
        for (const p of proposals) {
          const result = reduce(
            game,
            { type: 'move', by: p.by, column: p.column, version: game.version + p.versionDelta },
            T0,
          );
          if (!result.ok) continue;
          expect(result.value.state.version).toBe(game.version + 1);
          expect(p.by).toBe(game.moves.length % 2 === 0 ? 1 : 2);
          expect(p.versionDelta).toBe(0);
          accepted.push(p.column);
          game = result.value.state;
        }
        expect(game.moves).toEqual(accepted);
        expect(game.version).toBe(accepted.length);
        const replay = unwrap(Position.fromMoves(CLASSIC, accepted));
        expect(game.status === 'finished').toBe(replay.isOver);
      }),
      { numRuns: 300 },
    );
  });
});

const HANDOVER_LIMITS = { abortMs: 30_000, leaveMs: 60_000 };

/** A one-minute game after both first moves; player 1 (59 s left) to move since T0 + 2,000. */
function underway(): GameState {
  const clock = { initialMs: 60_000, incrementMs: 0 };
  let game = newGame(
    { id: 'game-0001', variant: '7x6c4', clock, seats: [A, B], limits: HANDOVER_LIMITS },
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
      { id: 'game-0002', variant: '7x6c4', clock: null, seats: [A, B], limits: HANDOVER_LIMITS },
      T0,
    );
    const past = apply(
      apply(clockless, { type: 'move', by: 1, column: 3, version: 0 }, T0 + 1_000),
      { type: 'move', by: 2, column: 3, version: 1 },
      T0 + 2_000,
    );
    expect(apply(past, { type: 'handover', player: 1, at: T0 + 3_000 }, T0 + 3_000)).toBe(past);
  });

  it('gives an outage of the whole service back once, not again on the return', () => {
    const paused = apply(underway(), { type: 'handover', player: 1, at: T0 + 7_000 }, T0 + 7_000);
    // The only process stopped at T0 + 7,100 and came back at T0 + 37,100 (an outage of 30 s).
    const resumed = apply(
      paused,
      { type: 'resume', from: T0 + 7_100, to: T0 + 37_100 },
      T0 + 37_100,
    );
    const back = apply(resumed, { type: 'returned', player: 1 }, T0 + 38_000);
    // Charged: 5 s before the drain; given back: the whole 31 s from the drain to the return.
    expect(remainingAt(back, 1, T0 + 38_000)).toBe(54_000);
  });

  it('gives the first-move window back too', () => {
    const game = newGame(
      { id: 'game-0003', variant: '7x6c4', clock: null, seats: [A, B], limits: HANDOVER_LIMITS },
      T0,
    );
    const paused = apply(game, { type: 'handover', player: 1, at: T0 + 10_000 }, T0 + 10_000);
    expect(abortDeadline(paused)).toBe(T0 + 30_000 + HANDOVER_MAX_MS);
    const back = apply(paused, { type: 'returned', player: 1 }, T0 + 12_000);
    expect(abortDeadline(back)).toBe(T0 + 32_000);
  });
});
