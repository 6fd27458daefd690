import { afterAll, describe, expect, it } from 'vitest';
import { requireOrSkip } from '../support/skips.js';
import type { PlayerPage, PublicPlayer, ServerMessage } from '../../src/protocol/index.js';
import {
  BACKENDS,
  REDIS_MISSING,
  ServerProcess,
  TEST_REDIS_URL,
  TestClient,
  newSecret,
  uniqueName,
  type Backend,
} from './helpers.js';

type Msg<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
const is =
  <T extends ServerMessage['type']>(type: T) =>
  (m: ServerMessage): m is Msg<T> =>
    m.type === type;

/**
 * A computer game across two processes sharing the database and Redis: started on one, it goes
 * on from the other after the first dies, and its rated end counts once.
 */
const redisReady = requireOrSkip(
  'computer games on two processes (test/server/bots-two-processes.test.ts)',
  REDIS_MISSING,
);

describe.runIf(redisReady).each(BACKENDS.map((make) => [make().name, make] as const))(
  'computer games on two processes (%s)',
  (_name, make) => {
    const backend: Backend = make();
    const prefix = `${uniqueName('c4test')}:`;
    const env = { ...backend.env, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const servers = [new ServerProcess(env), new ServerProcess(env)];
    const clients: TestClient[] = [];

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

    it('a computer game started on one process goes on from the other, rated once', async () => {
      const [a, b] = await Promise.all(servers.map((s) => s.start()));
      const identity = newSecret();
      const created = await fetch(`${a!}api/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: identity, name: 'Two Process' }),
      });
      const me = ((await created.json()) as { player: PublicPlayer }).player;
      const seat = newSecret();
      const onA = await connect(a!);
      const matched = (await onA.request({
        type: 'seek',
        variant: '7x6c4',
        clock: null,
        secret: seat,
        player: identity,
        computer: 'now',
      })) as Msg<'matched'>;
      expect(matched.type).toBe('matched');
      const { gameId } = matched;
      await onA.request({ type: 'join', gameId, secret: seat });
      let game = await onA.gameAt(0);
      if (game.turn === matched.seat) {
        await onA.request({ type: 'move', gameId, column: 3, version: game.version });
      }
      // The computer answers on A.
      game = await onA.gameAt(matched.seat === 1 ? 2 : 1, 20_000);
      expect(game.turn).toBe(matched.seat);
      await servers[0]!.kill('SIGKILL');

      // On B: the human moves, and B (where the human now is) plays the computer's reply.
      const onB = await connect(b!);
      await onB.request({ type: 'join', gameId, secret: seat, player: identity });
      const before = (await onB.gameAt(game.version)).version;
      expect((await onB.request({ type: 'move', gameId, column: 0, version: before })).type).toBe(
        'ack',
      );
      const answered = await onB.gameAt(before + 2, 20_000);
      expect(answered.moves).toHaveLength(before + 2);
      expect(answered.turn).toBe(matched.seat);

      expect((await onB.request({ type: 'resign', gameId })).type).toBe('ack');
      const page = (await (await fetch(`${b!}api/players/${me.id}`)).json()) as PlayerPage;
      expect(page.player.ratings).toEqual([
        expect.objectContaining({ pool: 'classic', games: 1, losses: 1 }),
      ]);
      expect(page.history['classic']).toHaveLength(1);
    }, 90_000);
  },
);
