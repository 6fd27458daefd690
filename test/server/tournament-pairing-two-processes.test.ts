import { afterAll, describe, expect, it } from 'vitest';
import { requireOrSkip } from '../support/skips.js';
import { BACKEND_CASES, REDIS_MISSING, newSecret } from './helpers.js';
import { ClientSet, createPlayer, is } from './lobby.js';
import { twoProcesses } from './two-processes.js';

/**
 * A tournament's players on different processes: whichever process creates the game (the
 * lease holder), both hear of it over the bus.
 */
const redisReady = requireOrSkip(
  'tournament pairings on two processes (test/server/tournament-pairing-two-processes.test.ts)',
  REDIS_MISSING,
);

describe.runIf(redisReady).each(BACKEND_CASES)(
  'tournament pairings on two processes (%s)',
  (_name, make) => {
    const { servers, stop } = twoProcesses(make(), { TOURNAMENT_SCHEDULE: 'off' });
    const clients = new ClientSet();

    afterAll(async () => {
      await clients.closeAll();
      await stop();
    });

    it('players joined through different processes both get tournamentPairing and join the game', async () => {
      const [a, b] = await Promise.all(servers.map((s) => s.start()));
      const [ada, bob] = await Promise.all([
        createPlayer(a!, 'Ada Apart'),
        createPlayer(b!, 'Bob Apart'),
      ]);
      const [ca, cb] = await Promise.all([clients.connect(a!), clients.connect(b!)]);
      const created = await ca.request({
        type: 'tournamentCreate',
        player: ada.secret,
        settings: {
          kind: 'arena',
          name: 'Two processes',
          variant: '7x6',
          clock: { initialMs: 60_000, incrementMs: 0 },
          startsAt: Date.now(),
          durationMinutes: 30,
        },
      });
      const tournamentId = (created as { tournamentId: string }).tournamentId;
      const seats = [newSecret(), newSecret()] as const;
      expect(
        await ca.request({
          type: 'tournamentJoin',
          tournamentId,
          player: ada.secret,
          secret: seats[0],
        }),
      ).toMatchObject({ type: 'tournamentJoined' });
      expect(
        await cb.request({
          type: 'tournamentJoin',
          tournamentId,
          player: bob.secret,
          secret: seats[1],
        }),
      ).toMatchObject({ type: 'tournamentJoined' });

      const [pa, pb] = await Promise.all([
        ca.waitFor(is('tournamentPairing'), 15_000),
        cb.waitFor(is('tournamentPairing'), 15_000),
      ]);
      expect(pb.gameId).toBe(pa.gameId);
      expect([pa.seat, pb.seat].sort()).toEqual([1, 2]);
      expect(pa.opponent.name).toBe('Bob Apart');
      expect(await cb.request({ type: 'join', gameId: pb.gameId, secret: seats[1] })).toMatchObject(
        { type: 'joined', seat: pb.seat },
      );
    });
  },
);
