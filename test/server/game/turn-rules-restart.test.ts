import { describe, expect, it } from 'vitest';
import { BACKEND_CASES, startTestServer, type Backend } from '../helpers.js';
import {
  createPlayer,
  eventually,
  finished,
  joinBoth,
  openGame,
  readGame,
  readPlayerPage,
  seekPair,
  type Msg,
} from '../lobby.js';
import { describeTwoProcesses } from '../two-processes.js';

const ABORT_MS = 1500;
const LEAVE_MS = 1500;

describe.each(BACKEND_CASES)('the abort after a restart (%s)', (_n, make) => {
  /** A started game (seat 1 to make the first move) on a server that then stops. */
  async function abandonedOn(backend: Backend, now: () => number) {
    const server = await startTestServer(backend, { now }, { ABORT_MS: String(ABORT_MS) });
    const { gameId, secrets } = await openGame(server.url, null);
    const players = await joinBoth(server.url, gameId, secrets);
    const started = await players[0].gameAt(1);
    expect(started.abortAt).toBe(now() + ABORT_MS);
    await Promise.all(players.map((p) => p.close()));
    await server.close();
    return { gameId, started };
  }

  it('a restarted server aborts a game whose first move never came, with nobody connected', async () => {
    const backend = make();
    let clock = 3_000_000_000;
    const now = () => clock;
    try {
      const { gameId, started } = await abandonedOn(backend, now);
      // Down for 2 s (a restart, not an outage: nothing is given back); the window is over.
      clock += ABORT_MS + 500;
      const second = await startTestServer(
        backend,
        { now, sweepMs: 100 },
        { ABORT_MS: String(ABORT_MS) },
      );
      try {
        // Settled by the sweep at start, before anyone connected.
        const game = await readGame(second.url, gameId);
        expect(game.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 1 });
        expect(game.version).toBe(started.version + 1);
      } finally {
        await second.close();
      }
    } finally {
      await backend.cleanup();
    }
  });

  it('an outage of the whole service gives the first-move window back; the sweep aborts later', async () => {
    const backend = make();
    let clock = 4_000_000_000;
    const now = () => clock;
    try {
      const { gameId, started } = await abandonedOn(backend, now);
      clock += 31_000;
      const second = await startTestServer(
        backend,
        { now, sweepMs: 50 },
        { ABORT_MS: String(ABORT_MS) },
      );
      try {
        const resumed = await readGame(second.url, gameId);
        expect(resumed.status).toBe('playing');
        expect(resumed.abortAt).toBe(started.abortAt! + 31_000);
        // The window runs out with nobody connected: the periodic sweep ends the game.
        clock = resumed.abortAt!;
        const game = await eventually(async () => {
          const read = await readGame(second.url, gameId);
          return read.status === 'finished' ? read : undefined;
        }, 10_000);
        expect(game.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 1 });
        expect(game.version).toBe(resumed.version + 1);
      } finally {
        await second.close();
      }
    } finally {
      await backend.cleanup();
    }
  });
});

describeTwoProcesses(
  'abort and leave on two processes sharing the store and Redis',
  'game/turn-rules-restart.test.ts',
  { ABORT_MS: String(ABORT_MS), LEAVE_MS: String(LEAVE_MS) },
  ({ servers, clients }) => {
    let urls: string[] = [];
    let names = 0;

    /** Two named players, one on each process, in a rated game without a clock. */
    async function split(variant: string) {
      if (urls.length === 0) urls = await Promise.all(servers.map((s) => s.start()));
      const [ua, ub] = [urls[0]!, urls[1]!];
      const players = [
        await createPlayer(ua, `Two ${++names}x`),
        await createPlayer(ub, `Two ${++names}x`),
      ] as const;
      const { gameId, seat } = await seekPair(clients, [ua, ub], players, { variant });
      return {
        gameId,
        seat: (s: 1 | 2) => seat[s].client,
        ids: { 1: seat[1].who.player.id, 2: seat[2].who.player.id },
      };
    }

    it('each process times the abort; it is applied once', async () => {
      const { gameId, seat } = await split('8x7c4');
      const start = await seat(1).gameAt(0);
      expect(start.abortAt).not.toBeNull();
      const ends = await Promise.all(([1, 2] as const).map((s) => finished(seat(s))));
      for (const end of ends) {
        expect(end.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 1 });
        expect(end.version).toBe(start.version + 1);
      }
      expect((await readGame(urls[0]!, gameId)).version).toBe(start.version + 1);
    }, 60_000);

    it('a player connected to the other process is present; once gone they lose by leaving, rated once', async () => {
      const { gameId, seat, ids } = await split('9x7c4');
      const start = await seat(1).gameAt(0);
      expect(
        (await seat(1).request({ type: 'move', gameId, column: 3, version: start.version })).type,
      ).toBe('ack');
      expect(
        (await seat(2).request({ type: 'move', gameId, column: 3, version: start.version + 1 }))
          .type,
      ).toBe('ack');
      // Seat 1, to move, is connected to the other process: seat 2's process knows it.
      const seen = await seat(2).waitFor(
        (m): m is Msg<'game'> =>
          m.type === 'game' && m.game.moves.length === 2 && m.game.seats[0].connected,
      );
      expect(seen.game.leftAt).toBeNull();
      const from = seat(2).messages.length;
      await seat(1).close();
      const away = await seat(2).waitFor(
        (m): m is Msg<'game'> => m.type === 'game' && !m.game.seats[0].connected,
        10_000,
        from,
      );
      expect(away.game.leftAt).not.toBeNull();
      const end = await finished(seat(2));
      expect(end.result).toEqual({ kind: 'win', winner: 2, reason: 'left' });
      expect(end.version).toBe(start.version + 3);
      for (const [s, outcome] of [
        [1, 'losses'],
        [2, 'wins'],
      ] as const) {
        const page = await readPlayerPage(urls[1]!, ids[s]);
        expect(page.player.ratings).toEqual([expect.objectContaining({ games: 1, [outcome]: 1 })]);
        expect(Object.values(page.history).flat()).toHaveLength(1);
      }
    }, 60_000);
  },
);
