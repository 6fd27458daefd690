import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PlayerPage, PublicPlayer } from '../../../src/protocol/index.js';
import { BACKENDS, ServerProcess, TestClient, newSecret, type Backend } from '../helpers.js';
import { computerSeek, is, readGame, type Msg } from '../lobby.js';

describe.each(BACKENDS.map((make) => [make().name, make] as const))(
  'computer games survive SIGKILL (%s)',
  (_name, make) => {
    const backends: Backend[] = [];
    const servers: ServerProcess[] = [];
    const clients: TestClient[] = [];

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
    });
    afterAll(async () => {
      for (const b of backends) await b.cleanup();
    });

    const start = async (backend: Backend, port = 0): Promise<ServerProcess> => {
      // The computer takes at least 2.5 s per move: the kill below lands while it thinks.
      const server = new ServerProcess({ ...backend.env, BOT_MIN_MOVE_MS: '2500' });
      servers.push(server);
      await server.start(port);
      return server;
    };
    const connect = async (url: string): Promise<TestClient> => {
      const client = await TestClient.connect(url);
      clients.push(client);
      await client.waitFor(is('hello'));
      return client;
    };

    it('a kill while the computer thinks loses nothing; after a restart it moves, and a rated end counts once', async () => {
      const backend = make();
      backends.push(backend);
      let server = await start(backend);
      const { port, url } = server;
      const identity = newSecret();
      const created = await fetch(`${url}api/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: identity, name: 'Fault Tester' }),
      });
      const me = ((await created.json()) as { player: PublicPlayer }).player;

      // Play the computer; make sure it is the computer's turn, then kill while it thinks.
      const seat = newSecret();
      let client = await connect(url);
      const matched = await client.request(computerSeek(seat, identity));
      expect(matched.type).toBe('matched');
      const gameId = (matched as Msg<'matched'>).gameId;
      const mySeat = (matched as Msg<'matched'>).seat;
      await client.request({ type: 'join', gameId, secret: seat });
      let game = await client.gameAt(0);
      if (mySeat === 1) {
        expect((await client.request({ type: 'move', gameId, column: 3, version: 0 })).type).toBe(
          'ack',
        );
        game = await client.gameAt(1);
      }
      expect(game.turn).not.toBe(mySeat);
      const before = game.version;
      await server.kill('SIGKILL');

      server = await start(backend, port);
      // Nothing was lost or half-written, and the restarted server resumes the computer's turn.
      expect((await readGame(url, gameId)).version).toBe(before);
      client = await connect(url);
      await client.request({ type: 'join', gameId, secret: seat });
      game = await client.gameAt(before + 1, 20_000);
      expect(game.moves).toHaveLength(before + 1);
      expect(game.turn).toBe(mySeat);

      if (game.moves.length < 2) {
        const move = { type: 'move', gameId, column: 0, version: game.version };
        expect((await client.request(move)).type).toBe('ack');
      }
      // Both sides have moved: resigning is a rated loss. Kill right after the end is acknowledged.
      expect((await client.request({ type: 'resign', gameId })).type).toBe('ack');
      await server.kill('SIGKILL');
      await start(backend, port);
      const end = await readGame(url, gameId);
      expect(end.status).toBe('finished');
      const change = end.ratingChanges?.[mySeat - 1];
      expect(change?.after).toBeLessThan(1500);
      // A retry after the restart changes nothing: one game, one rating change.
      client = await connect(url);
      await client.request({ type: 'join', gameId, secret: seat });
      expect(await client.request({ type: 'resign', gameId })).toMatchObject({
        type: 'error',
        code: 'game_over',
      });
      const page = (await (await fetch(`${url}api/players/${me.id}`)).json()) as PlayerPage;
      expect(page.player.ratings).toEqual([
        expect.objectContaining({ pool: 'classic', games: 1, losses: 1 }),
      ]);
      expect(page.history['classic']).toHaveLength(1);
      expect(page.history['classic']?.[0]?.rating).toBe(Math.round(change!.after));
    }, 90_000);
  },
);
