import { afterAll, describe, expect, it } from 'vitest';
import type { ServerMessage, TournamentDetail } from '../../src/protocol/index.js';
import { requireOrSkip } from '../support/skips.js';
import { BACKEND_CASES, REDIS_MISSING, newSecret } from './helpers.js';
import { ClientSet, createPlayer } from './lobby.js';
import { twoProcesses } from './two-processes.js';

/**
 * `tournamentWatch` on one process, every change made on the other: the joins, the pairing, the
 * result. The watcher sees the standings move without asking again.
 */
const redisReady = requireOrSkip(
  'tournament watch pushes on two processes (test/server/tournament-watch-two-processes.test.ts)',
  REDIS_MISSING,
);

describe.runIf(redisReady).each(BACKEND_CASES)(
  'tournament watch pushes on two processes (%s)',
  (_name, make) => {
    const { servers, stop } = twoProcesses(make(), { TOURNAMENT_SCHEDULE: 'off' });
    const clients = new ClientSet();

    afterAll(async () => {
      await clients.closeAll();
      await stop();
    });

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
      const created = await ca.request({
        type: 'tournamentCreate',
        player: ada.secret,
        settings: {
          kind: 'arena',
          name: 'Watched apart',
          variant: '7x6',
          clock: { initialMs: 60_000, incrementMs: 0 },
          startsAt: Date.now(),
          durationMinutes: 30,
        },
      });
      const tournamentId = (created as { tournamentId: string }).tournamentId;
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
      await ca.request({
        type: 'tournamentJoin',
        tournamentId,
        player: ada.secret,
        secret: seats[0],
      });
      await cb.request({
        type: 'tournamentJoin',
        tournamentId,
        player: bob.secret,
        secret: seats[1],
      });
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
