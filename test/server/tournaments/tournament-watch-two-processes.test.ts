import { expect, it } from 'vitest';
import type { ServerMessage, TournamentDetail } from '../../../src/protocol/index.js';
import { newSecret } from '../helpers.js';
import { createPlayer } from '../lobby.js';
import { createTournament, joinTournament } from './tournament-clients.js';
import { describeTwoProcesses } from '../two-processes.js';

/**
 * `tournamentWatch` on one process, every change made on the other: the joins, the pairing, the
 * result. The watcher sees the standings move without asking again.
 */
describeTwoProcesses(
  'tournament watch pushes on two processes',
  'tournaments/tournament-watch-two-processes.test.ts',
  { TOURNAMENT_SCHEDULE: 'off' },
  ({ servers, clients }) => {
    it('a watcher on the other process gets the joins, the pairing and the result', async () => {
      const [a, b] = await Promise.all(servers.map((s) => s.start()));
      const [ada, bob] = await Promise.all([
        createPlayer(a!, 'Ada Watched'),
        createPlayer(a!, 'Bob Watched'),
      ]);
      const [ca, cb, watcher] = await Promise.all([
        clients.connect(a!),
        clients.connect(a!),
        clients.connect(b!),
      ]);
      const tournamentId = await createTournament(ca, ada, 'Watched apart');
      expect(await watcher.request({ type: 'tournamentWatch', tournamentId })).toMatchObject({
        type: 'tournament',
        tournament: { id: tournamentId },
      });
      /** The next push whose tournament passes `test`. */
      const pushed = (test: (t: TournamentDetail) => boolean): Promise<TournamentDetail> =>
        watcher
          .waitFor(
            (m): m is Extract<ServerMessage, { type: 'tournament' }> =>
              m.type === 'tournament' && m.id === undefined && test(m.tournament),
            15_000,
          )
          .then((m) => m.tournament);

      const seats = [newSecret(), newSecret()] as const;
      await joinTournament(ca, tournamentId, ada, seats[0]);
      await joinTournament(cb, tournamentId, bob, seats[1]);
      const paired = await pushed((t) => t.pairings.some((p) => p.outcome === null));
      expect(paired.status).toBe('running');
      expect(paired.standings.map((s) => s.name).sort()).toEqual(['Ada Watched', 'Bob Watched']);

      const game = paired.pairings[0]!;
      const adaFirst = game.first.playerId === ada.player.id;
      await ca.request({ type: 'join', gameId: game.gameId!, secret: seats[0] });
      expect(await ca.request({ type: 'resign', gameId: game.gameId! })).toMatchObject({
        type: 'ack',
      });
      const after = await pushed((t) => t.standings.some((s) => s.score > 0));
      expect(after.standings[0]).toMatchObject({ name: 'Bob Watched', score: 2, games: 1 });
      expect(after.pairings.find((p) => p.gameId === game.gameId)?.outcome).toBe(
        adaFirst ? 'second' : 'first',
      );
    });
  },
);
