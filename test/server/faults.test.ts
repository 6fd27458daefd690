import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { versionedSocketUrl } from '../../src/protocol/index.js';
import { CLASSIC, Position } from '../../src/core/index.js';
import type { OnlineClient, PublicGame } from '../../src/web/online/client.js';
import { Bot, checkExactlyOnce, nodeClient, until } from './bot.js';
import { BACKENDS, ServerProcess, createGame, newSecret, type Backend } from './helpers.js';

const readGame = async (url: string, id: string): Promise<PublicGame> =>
  ((await (await fetch(`${url}api/games/${id}`)).json()) as { game: PublicGame }).game;

describe.each(BACKENDS.map((make) => [make().name, make] as const))(
  'faults with real processes (%s)',
  (_name, make) => {
    const backends: Backend[] = [];
    const servers: ServerProcess[] = [];
    const clients: OnlineClient[] = [];

    const newBackend = (): Backend => {
      const b = make();
      backends.push(b);
      return b;
    };
    const startProcess = async (backend: Backend, port = 0): Promise<ServerProcess> => {
      const server = new ServerProcess(backend.env);
      servers.push(server);
      await server.start(port);
      return server;
    };
    const client = (url: string): OnlineClient => {
      const c = nodeClient(url);
      clients.push(c);
      return c;
    };

    afterEach(async () => {
      for (const c of clients.splice(0)) c.close();
      await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
    });
    afterAll(async () => {
      for (const b of backends) await b.cleanup();
    });

    it('SIGKILL between and during moves: clients reconnect and finish with every accepted move once', async () => {
      const backend = newBackend();
      let server = await startProcess(backend);
      const port = server.port;
      const url = server.url;
      const secrets = [newSecret(), newSecret()];
      const created = await createGame(url, {
        variant: '7x6c4',
        clock: { initialMs: 600_000, incrementMs: 0 },
        side: 1,
        secret: secrets[0],
      });
      const gameId = created.json['gameId'] as string;
      const p1 = client(url);
      const p2 = client(url);
      const watcher = client(url);
      // Bots that take no win before move 16 and wait at move 8 (they move within milliseconds,
      // faster than the test polls), so the kill during a move below has turns left to use.
      const bots = [new Bot(p1, 16), new Bot(p2, 16)];
      for (const bot of bots) bot.holdAtMoves(8);
      await p1.join(gameId, secrets[0]);
      await p2.join(gameId, secrets[1]);
      await watcher.join(gameId);

      // Kill between moves: after a few moves, while nobody is mid-request.
      await until(() => (p1.game?.moves.length ?? 0) >= 4, 15_000, 'four moves');
      await server.kill('SIGKILL');
      server = await startProcess(backend, port);
      await until(() => p1.status === 'open' && p2.status === 'open', 15_000, 'reconnect');
      await until(() => (p2.game?.moves.length ?? 0) >= 8, 15_000, 'eight moves');

      // Kill during a move: right after player 1 proposes its next move.
      let killed: Promise<void> | undefined;
      const target = bots[0]!.proposals + 1;
      bots[0]!.onPropose((n) => {
        if (n === target) killed = server.kill('SIGKILL');
      });
      for (const bot of bots) bot.resume();
      await until(() => killed !== undefined, 15_000, 'a proposal to kill on');
      await killed;
      server = await startProcess(backend, port);

      await until(
        () => p1.game?.status === 'finished' && p2.game?.status === 'finished',
        30_000,
        'the end',
      );
      const final = await readGame(url, gameId);
      expect(final.moves).toEqual(p1.game?.moves);
      // Two SIGKILLs: each restart may give the clock back (one more version, not a move).
      checkExactlyOnce(final, bots, 1, 2);
      expect(Position.fromMoves(CLASSIC, final.moves).ok).toBe(true);
      await until(() => watcher.game?.version === final.version, 10_000, 'the watcher');
      expect(final.clocks?.remainingMs[0]).toBeGreaterThan(500_000);
    });

    it('a client that drops mid-move, and two tabs of one seat, never double-apply', async () => {
      const backend = newBackend();
      const server = await startProcess(backend);
      const url = server.url;
      const secrets = [newSecret(), newSecret()];
      const created = await createGame(url, {
        variant: '7x6c4',
        clock: null,
        side: 1,
        secret: secrets[0],
      });
      const gameId = created.json['gameId'] as string;

      // Seat 1 opens a raw socket, proposes a move and vanishes before any reply.
      const raw = new WebSocket(url.replace('http', 'ws') + versionedSocketUrl('ws'));
      await new Promise((r) => raw.once('open', r));
      const p2 = client(url);
      await p2.join(gameId, secrets[1]);
      raw.send(JSON.stringify({ type: 'join', gameId, secret: secrets[0] }));
      raw.send(JSON.stringify({ type: 'move', gameId, column: 3, version: 1 }));
      raw.terminate();
      // Wait until the server has seen the socket go (only p2's remains), not a fixed time.
      const connections = async (): Promise<number> => {
        const text = await (await fetch(`${url}metrics`)).text();
        return Number(/^c4_connections (\d+)$/m.exec(text)?.[1] ?? NaN);
      };
      await vi.waitFor(
        async () => {
          expect(await connections()).toBe(1);
        },
        {
          timeout: 10_000,
          interval: 20,
        },
      );
      const afterDrop = await readGame(url, gameId);
      expect(afterDrop.moves.length).toBeLessThanOrEqual(1);

      // Now seat 1 plays from two tabs at once, both proposing on every turn.
      const tabA = client(url);
      const tabB = client(url);
      const bots = [new Bot(tabA), new Bot(tabB), new Bot(p2)];
      await tabA.join(gameId, secrets[0]);
      await tabB.join(gameId, secrets[0]);
      await until(() => tabA.game?.status === 'finished', 30_000, 'the end');
      const final = await readGame(url, gameId);
      checkExactlyOnce(final, bots, 1);
      expect(Position.fromMoves(CLASSIC, final.moves).ok).toBe(true);
      // Every version got at most one acknowledged move, whichever tab sent it.
      const versions = [...bots[0]!.acked.keys()].filter((v) => bots[1]!.acked.has(v));
      expect(versions).toEqual([]);
    });

    it('graceful shutdown tells clients to reconnect, and they resume on the new process', async () => {
      const backend = newBackend();
      const server = await startProcess(backend);
      const port = server.port;
      const url = server.url;
      const secrets = [newSecret(), newSecret()];
      const created = await createGame(url, {
        variant: '7x6c4',
        clock: null,
        side: 2,
        secret: secrets[0],
      });
      const gameId = created.json['gameId'] as string;
      const a = client(url);
      const b = client(url);
      await a.join(gameId, secrets[0]);
      await b.join(gameId, secrets[1]);
      await until(() => a.game?.status === 'playing', 5000, 'start');
      expect(b.seat).toBe(1);
      expect((await b.move(0)).type).toBe('ack');
      await server.kill('SIGTERM');
      // The old process is gone: snapshots from here on are the new one's (a's rejoin brings one).
      const fresh: PublicGame[] = [];
      a.on('game', (game) => fresh.push(game));
      await startProcess(backend, port);
      // a moves on the snapshot its rejoin brought: the drain's handover of a's turn and a's
      // return (its first-move window given back) are changes of the game since the one before.
      await until(
        () => a.status === 'open' && fresh.some((g) => g.seats[1].connected),
        15_000,
        'resume',
      );
      expect(a.seat).toBe(2);
      expect((await a.move(0)).type).toBe('ack');
      expect((await readGame(url, gameId)).moves).toEqual([0, 0]);
    });
  },
);
