import { expect, it } from 'vitest';
import { newSecret } from '../helpers.js';
import { createPlayer } from '../lobby.js';
import { createTournament, joinTournament, pairingOf } from './tournament-clients.js';
import { describeTwoProcesses } from '../two-processes.js';

/**
 * A tournament's players on different processes: whichever process creates the game (the
 * lease holder), both hear of it over the bus.
 */
describeTwoProcesses(
  'tournament pairings on two processes',
  'tournaments/tournament-pairing-two-processes.test.ts',
  { TOURNAMENT_SCHEDULE: 'off' },
  ({ servers, clients }) => {
    it('players joined through different processes both get tournamentPairing and join the game', async () => {
      const [a, b] = await Promise.all(servers.map((s) => s.start()));
      const [ada, bob] = await Promise.all([
        createPlayer(a!, 'Ada Apart'),
        createPlayer(b!, 'Bob Apart'),
      ]);
      const [ca, cb] = await Promise.all([clients.connect(a!), clients.connect(b!)]);
      const tournamentId = await createTournament(ca, ada, 'Two processes');
      const seats = [newSecret(), newSecret()] as const;
      expect(await joinTournament(ca, tournamentId, ada, seats[0])).toMatchObject({
        type: 'tournamentJoined',
      });
      expect(await joinTournament(cb, tournamentId, bob, seats[1])).toMatchObject({
        type: 'tournamentJoined',
      });

      const [pa, pb] = await Promise.all([pairingOf(ca), pairingOf(cb)]);
      expect(pb.gameId).toBe(pa.gameId);
      expect([pa.seat, pb.seat].sort()).toEqual([1, 2]);
      expect(pa.opponent.name).toBe('Bob Apart');
      expect(await cb.request({ type: 'join', gameId: pb.gameId, secret: seats[1] })).toMatchObject(
        { type: 'joined', seat: pb.seat },
      );
    });
  },
);
