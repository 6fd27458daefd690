import { afterAll, describe, expect, it } from 'vitest';
import type { PublicGame, ServerMessage } from '../../src/protocol/index.js';
import { requireOrSkip } from '../support/skips.js';
import {
  BACKENDS,
  REDIS_MISSING,
  ServerProcess,
  TEST_REDIS_URL,
  TestClient,
  createGame,
  newSecret,
  startTestServer,
  uniqueName,
  type Backend,
} from './helpers.js';

type Msg<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
const is =
  <T extends ServerMessage['type']>(type: T) =>
  (m: ServerMessage): m is Msg<T> =>
    m.type === type;

const ABORT_MS = 1500;
const LEAVE_MS = 1500;

const readGame = async (url: string, id: string): Promise<PublicGame> =>
  ((await (await fetch(`${url}api/games/${id}`)).json()) as { game: PublicGame }).game;

describe.each(BACKENDS.map((make) => [make().name, make] as const))(
  'the abort after a restart (%s)',
  (_n, make) => {
    /** A started game (seat 1 to make the first move) on a server that then stops. */
    async function abandonedOn(backend: Backend, now: () => number) {
      const server = await startTestServer(backend, { now }, { ABORT_MS: String(ABORT_MS) });
      const secrets = [newSecret(), newSecret()];
      const created = await createGame(server.url, {
        variant: '7x6c4',
        clock: null,
        side: 1,
        secret: secrets[0],
      });
      const gameId = created.json['gameId'] as string;
      const players = [await TestClient.connect(server.url), await TestClient.connect(server.url)];
      await players[0]!.request({ type: 'join', gameId, secret: secrets[0] });
      await players[1]!.request({ type: 'join', gameId, secret: secrets[1] });
      const started = await players[0]!.gameAt(1);
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
          let game = resumed;
          const deadline = Date.now() + 10_000;
          while (game.status !== 'finished' && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            game = await readGame(second.url, gameId);
          }
          expect(game.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 1 });
          expect(game.version).toBe(resumed.version + 1);
        } finally {
          await second.close();
        }
      } finally {
        await backend.cleanup();
      }
    });
  },
);

const redisReady = requireOrSkip(
  'abort and leave on two processes (test/server/turn-rules-restart.test.ts)',
  REDIS_MISSING,
);

describe.runIf(redisReady).each(BACKENDS.map((make) => [make().name, make] as const))(
  'abort and leave on two processes sharing the store and Redis (%s)',
  (_n, make) => {
    const backend: Backend = make();
    const env = {
      ...backend.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `${uniqueName('c4test')}:`,
      ABORT_MS: String(ABORT_MS),
      LEAVE_MS: String(LEAVE_MS),
    };
    const servers = [new ServerProcess(env), new ServerProcess(env)];
    const clients: TestClient[] = [];
    let urls: string[] = [];
    let names = 0;

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      await backend.cleanup();
    });

    const connect = async (url: string): Promise<TestClient> => {
      const client = await TestClient.connect(url);
      clients.push(client);
      await client.waitFor(is('hello'));
      return client;
    };
    const identity = async (url: string): Promise<{ secret: string; id: string }> => {
      const secret = newSecret();
      const response = await fetch(`${url}api/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret, name: `Two ${++names}x` }),
      });
      return { secret, id: ((await response.json()) as { player: { id: string } }).player.id };
    };

    /** Two named players, one on each process, in a rated game without a clock. */
    async function split(variant: string) {
      if (urls.length === 0) urls = await Promise.all(servers.map((s) => s.start()));
      const [a, b] = [await identity(urls[0]!), await identity(urls[1]!)];
      const [ca, cb] = [await connect(urls[0]!), await connect(urls[1]!)];
      const [sa, sb] = [newSecret(), newSecret()];
      const seek = { type: 'seek', variant, clock: null, computer: 'never' };
      expect((await ca.request({ ...seek, secret: sa, player: a.secret })).type).toBe('seeking');
      const matched = (await cb.request({
        ...seek,
        secret: sb,
        player: b.secret,
      })) as Msg<'matched'>;
      expect(matched.type).toBe('matched');
      const { gameId } = matched;
      await ca.request({ type: 'join', gameId, secret: sa });
      await cb.request({ type: 'join', gameId, secret: sb });
      const byA = matched.seat === 1 ? 2 : 1;
      const seat = (s: 1 | 2): TestClient => (s === byA ? ca : cb);
      return { gameId, seat, ids: { [byA]: a.id, [matched.seat]: b.id } as Record<1 | 2, string> };
    }

    it('each process times the abort; it is applied once', async () => {
      const { gameId, seat } = await split('8x7c4');
      const start = await seat(1).gameAt(0);
      expect(start.abortAt).not.toBeNull();
      const ends = await Promise.all(
        ([1, 2] as const).map((s) =>
          seat(s)
            .waitFor(
              (m): m is Msg<'game'> => m.type === 'game' && m.game.status === 'finished',
              10_000,
            )
            .then((m) => m.game),
        ),
      );
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
      const end = await seat(2).waitFor(
        (m): m is Msg<'game'> => m.type === 'game' && m.game.status === 'finished',
        10_000,
      );
      expect(end.game.result).toEqual({ kind: 'win', winner: 2, reason: 'left' });
      expect(end.game.version).toBe(start.version + 3);
      for (const [s, outcome] of [
        [1, 'losses'],
        [2, 'wins'],
      ] as const) {
        const page = (await (await fetch(`${urls[1]!}api/players/${ids[s]}`)).json()) as {
          player: { ratings: Record<string, number>[] };
          history: Record<string, unknown[]>;
        };
        expect(page.player.ratings).toEqual([expect.objectContaining({ games: 1, [outcome]: 1 })]);
        expect(Object.values(page.history).flat()).toHaveLength(1);
      }
    }, 60_000);
  },
);
