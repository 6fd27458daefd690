import { describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../../src/server/game/state.js';
import { newId } from '../../../src/server/secrets.js';
import { TournamentService } from '../../../src/server/tournaments/service.js';
import { BACKEND_CASES } from '../helpers.js';
import { processSuite, seededTournament, tournamentGames } from './tournament-games.js';

/**
 * A real server process runs an arena from the store, is killed with SIGKILL in the middle of
 * it, and another process takes over: the results of the games played meanwhile count once,
 * nobody is paired twice, and pairing goes on. (Joining happens straight through the store
 * here: the WebSocket messages are not routed yet.)
 */
describe.each(BACKEND_CASES)('a tournament survives SIGKILL (%s)', (_name, make) => {
  const suite = processSuite(make);

  it('resumes an arena after the process running it is killed', async () => {
    const { games, store } = suite;
    // This side only creates and joins; the server processes do all the pairing.
    const admin = new TournamentService({
      store,
      ...tournamentGames(games),
      node: 'test',
      newId,
    });
    const { id } = await seededTournament(admin, Date.now(), 4, {
      name: 'Crash arena',
    });
    const first = await suite.serve();
    // Paired, and the games created (a kill between the two is healed too: see
    // tournaments.test.ts, "a game lost to a crash").
    await vi.waitFor(
      async () => {
        const rows = await store.pairings(id);
        expect(rows).toHaveLength(2);
        for (const p of rows) expect(await games.getGame(p.gameId!)).toBeDefined();
      },
      { timeout: 20_000, interval: 100 },
    );
    await first.kill('SIGKILL');

    // Both games end while no process runs the tournament.
    const paired = await store.pairings(id);
    for (const p of paired) {
      const g = (await games.getGame(p.gameId!))!;
      const done: GameState = {
        ...g,
        version: g.version + 1,
        status: 'finished',
        result: { kind: 'win', winner: 1, reason: 'connect' },
        updatedAt: Date.now(),
      };
      expect(await games.compareAndSet(done, g.version)).toBe(true);
    }

    const second = await suite.serve();
    // The new process takes the lease once the dead one's heartbeat falls silent (6 s; the lease
    // itself would last 15 s), then settles and pairs.
    await vi.waitFor(
      async () => {
        expect(await store.pairings(id)).toHaveLength(4);
      },
      {
        timeout: 40_000,
        interval: 200,
      },
    );
    const after = await store.pairings(id);
    expect(after.slice(0, 2).map((p) => p.outcome)).toEqual(['first', 'first']);
    const open = after.filter((p) => p.outcome === null).flatMap((p) => [p.first, p.second]);
    expect(new Set(open).size).toBe(4);
    for (const p of after) expect(await games.getGame(p.gameId!)).toBeDefined();
    const standings = (await admin.detail(id))!.standings;
    expect(standings.map((r) => r.score).sort()).toEqual([0, 0, 2, 2]);
    await second.kill('SIGKILL');
  }, 90_000);
});
