import { describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../../src/server/game/state.js';
import { newId } from '../../../src/server/secrets.js';
import { TICK_MS } from '../../../src/server/tournaments/runner.js';
import {
  LEASE_MS,
  OWNER_SILENT_MS,
  TournamentService,
} from '../../../src/server/tournaments/service.js';
import type { PairingRow } from '../../../src/server/tournaments/store.js';
import { BACKEND_CASES, type ServerProcess } from '../helpers.js';
import { processSuite, seededTournament, tournamentGames } from './tournament-games.js';

/**
 * A Swiss run by a real server process on SQLite, killed with SIGKILL at the pairing moment of
 * round 1 and in the middle of round 2 (one game over and maybe not yet counted, the other
 * ending while no process runs): each restarted process takes over once the dead one's
 * heartbeat falls silent (without waiting for its lease to lapse), makes any game the pairing named but the dead process had not made, counts every
 * result once, pairs nobody twice, and pairs the next round on time.
 */
const [sqlite] = BACKEND_CASES;

describe.each([sqlite!])('a Swiss survives SIGKILL mid-round (%s)', (_name, make) => {
  const suite = processSuite(make);
  /** A server process running the tournaments; the first-move abort kept out of the way. */
  const serve = () => suite.serve({ ABORT_MS: '600000' });

  /**
   * Waits for `probe` while `server` lives: its death fails the wait at once, naming how it
   * died, instead of a timeout later.
   */
  async function whileAlive<T>(
    server: ServerProcess,
    probe: () => Promise<T | undefined>,
    timeout: number,
  ): Promise<T> {
    let died: string | undefined;
    void server.exited.then((how) => (died = server.describe(how)));
    return vi.waitFor(
      async () => {
        if (died !== undefined) throw new Error(`the server ${died}`);
        const value = await probe();
        if (value === undefined) throw new Error('not yet');
        return value;
      },
      { timeout, interval: 50 },
    );
  }

  const roundOf = async (id: string, round: number): Promise<PairingRow[] | undefined> => {
    const rows = (await suite.store.pairings(id)).filter((p) => p.round === round);
    return rows.length > 0 ? rows : undefined;
  };

  /** Ends a game as a win of `winner` at `at` (as its players would, without a process). */
  async function end(gameId: string, winner: 1 | 2): Promise<number> {
    const g = (await suite.games.getGame(gameId))!;
    const at = Date.now();
    const done: GameState = {
      ...g,
      version: g.version + 1,
      status: 'finished',
      result: { kind: 'win', winner, reason: 'resign' },
      updatedAt: at,
    };
    expect(await suite.games.compareAndSet(done, g.version)).toBe(true);
    return at;
  }

  it('loses no result, pairs nobody twice and pairs each next round on time', async () => {
    const { games, store } = suite;
    const admin = new TournamentService({ store, ...tournamentGames(games), node: 'test', newId });
    const { id, players } = await seededTournament(admin, Date.now(), 4, {
      name: 'Crash Swiss',
      kind: 'swiss',
      rounds: 3,
      durationMinutes: undefined,
    });

    // Round 1: killed the moment its pairing is stored (its games made or not yet).
    let server = await serve();
    const round1 = await whileAlive(server, () => roundOf(id, 1), 30_000);
    await server.kill('SIGKILL');
    const firstKill = Date.now();
    expect(round1).toHaveLength(2);

    server = await serve();
    const secondStart = Date.now();
    // The games the pairing named exist once the new process holds the lease; nothing re-paired.
    await whileAlive(
      server,
      async () => {
        for (const p of round1) if (!(await games.getGame(p.gameId!))) return undefined;
        return true;
      },
      LEASE_MS + 20_000,
    );
    expect(await store.pairings(id)).toEqual(round1);
    let lastEnd = 0;
    for (const p of round1) lastEnd = await end(p.gameId!, 1);
    const round2 = await whileAlive(server, () => roundOf(id, 2), 30_000);
    // On time: within a few ticks of the last result, or of the dead process's heartbeat
    // falling silent (then the new process takes its lease), whichever came later.
    const due2 = Math.max(lastEnd, firstKill + OWNER_SILENT_MS, secondStart);
    expect(round2[0]!.pairedAt - due2).toBeLessThan(10 * TICK_MS);

    // Round 2: one game ends and the process is killed at once (counted or not yet), the other
    // ends while no process runs.
    await vi.waitFor(async () => {
      for (const p of round2) expect(await games.getGame(p.gameId!)).toBeDefined();
    });
    await end(round2[0]!.gameId!, 2);
    await server.kill('SIGKILL');
    const killedAt = Date.now();
    await end(round2[1]!.gameId!, 1);

    server = await serve();
    const thirdStart = Date.now();
    const round3 = await whileAlive(server, () => roundOf(id, 3), LEASE_MS + 30_000);
    // On time: as soon as the dead process fell silent, long before its lease would lapse.
    const due3 = Math.max(killedAt + OWNER_SILENT_MS, thirdStart);
    expect(round3[0]!.pairedAt - due3).toBeLessThan(10 * TICK_MS);

    const all = await store.pairings(id);
    expect(all.map((p) => p.outcome)).toEqual(['first', 'first', 'second', 'first', null, null]);
    for (const round of [1, 2, 3]) {
      const seated = all.filter((p) => p.round === round).flatMap((p) => [p.first, p.second]);
      expect(new Set(seated).size, `round ${round}`).toBe(4);
      expect(new Set(seated)).toEqual(new Set(players));
    }
    const met = all.map((p) => [p.first, p.second].sort().join(' '));
    expect(new Set(met).size).toBe(met.length);
    const standings = (await admin.detail(id))!.standings;
    expect(standings.reduce((n, r) => n + r.score, 0)).toBe(4);
    expect(standings.reduce((n, r) => n + r.games, 0)).toBe(8);
  }, 150_000);
});
