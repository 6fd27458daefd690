import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireOrSkip } from '../../support/skips.js';
import { CLASSIC, Position } from '../../../src/core/index.js';
import type { OnlineClient, PublicGame } from '../../../src/web/online/client.js';
import { Bot, checkExactlyOnce, nodeClient, until } from '../bot.js';
import {
  BACKENDS,
  REDIS_MISSING,
  ServerProcess,
  TEST_REDIS_URL,
  createGame,
  newSecret,
  uniqueName,
  type Backend,
} from '../helpers.js';

/**
 * Two real server processes sharing one database and one Redis: players on different
 * processes play one game, a spectator on either sees it live, quick match pairs across them.
 */
const redisReady = requireOrSkip(
  'two processes sharing Redis (test/server/bus/redis.test.ts)',
  REDIS_MISSING,
);

describe.runIf(redisReady).each(BACKENDS.map((make) => [make().name, make] as const))(
  'two processes sharing Redis (%s)',
  (_name, make) => {
    const backend: Backend = make();
    const prefix = `${uniqueName('c4test')}:`;
    const env = { ...backend.env, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const servers = [new ServerProcess(env), new ServerProcess(env)];
    const clients: OnlineClient[] = [];
    const client = (url: string): OnlineClient => {
      const c = nodeClient(url);
      clients.push(c);
      return c;
    };

    // Both processes start before either test: a start that fails fails both tests with the
    // server's own stderr, instead of leaving the second test to wait on a socket to nowhere.
    beforeAll(async () => {
      await Promise.all(servers.map((s) => s.start()));
    }, 60_000);

    afterAll(async () => {
      for (const c of clients) c.close();
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      await backend.cleanup();
    });

    it('players on two processes finish a game; spectators and presence follow', async () => {
      const [a, b] = servers.map((s) => s.url);
      const secrets = [newSecret(), newSecret()];
      const created = await createGame(a!, {
        variant: '7x6c4',
        clock: { initialMs: 300_000, incrementMs: 1000 },
        side: 1,
        secret: secrets[0],
      });
      const gameId = created.json['gameId'] as string;
      const p1 = client(a!);
      const p2 = client(b!);
      const watchA = client(a!);
      const watchB = client(b!);
      await p1.join(gameId, secrets[0]);
      await watchB.join(gameId);
      // Player 1 (on A) sees player 2 (on B) arrive and connect.
      await p2.join(gameId, secrets[1]);
      await until(
        () => p1.game?.status === 'playing' && p1.game.seats[1].connected,
        10_000,
        'presence across processes',
      );
      await watchA.join(gameId);
      const bots = [new Bot(p1), new Bot(p2)];
      // The bots act on the next snapshot; nudge the first mover with the one already here.
      if (p1.seat === p1.game?.turn) await p1.move(3);
      await until(
        () => p1.game?.status === 'finished' && p2.game?.status === 'finished',
        30_000,
        'the end',
      );
      const final: PublicGame = p2.game!;
      expect(p1.game?.moves).toEqual(final.moves);
      checkExactlyOnce(final, bots, 1);
      expect(Position.fromMoves(CLASSIC, final.moves).ok).toBe(true);
      await until(
        () => watchA.game?.version === final.version && watchB.game?.version === final.version,
        10_000,
        'spectators',
      );

      // Player 2 leaves: player 1 on the other process sees it disconnect.
      p2.close();
      await until(
        () => p1.game?.seats[1].connected === false,
        10_000,
        'disconnect seen across processes',
      );
    });

    it('quick match pairs seekers waiting on different processes', async () => {
      const a = servers[0]!.url;
      const b = servers[1]!.url;
      const s1 = client(a);
      const s2 = client(b);
      const matched: { gameId: string; seat: number }[] = [];
      s1.on('matched', (m) => matched.push(m));
      s2.on('matched', (m) => matched.push(m));
      const clock = { initialMs: 60_000, incrementMs: 0 };
      expect((await s1.seek('8x7c4', clock, newSecret())).type).toBe('seeking');
      await s2.seek('8x7c4', clock, newSecret());
      await until(() => matched.length === 2, 10_000, 'both matched');
      expect(matched[0]!.gameId).toBe(matched[1]!.gameId);
      expect(matched[0]!.seat + matched[1]!.seat).toBe(3);
    });
  },
);
