import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PlayerPage, PublicGame, ServerMessage } from '../../src/protocol/index.js';
import { describeIf } from '../support/skips.js';
import {
  REDIS_MISSING,
  TEST_DATABASE_URL,
  TestClient,
  newSecret,
  postgresBackend,
} from './helpers.js';
import { is } from './lobby.js';
import { httpsRequest, nginxMissing, startNginx, type RunningNginx } from './nginx.js';
import { postgresMissing } from './services.js';
import { twoProcesses, type TwoProcesses } from './two-processes.js';

const MISSING = nginxMissing() ?? (await postgresMissing(TEST_DATABASE_URL)) ?? REDIS_MISSING;

/**
 * Columns 0, 1 and 2 filled bottom to top (no four anywhere), then seat 1 completes row 0
 * with column 3: nineteen moves, a win for seat 1, a rated result to apply exactly once.
 */
const PLAN = [...[0, 1, 2].flatMap((c) => Array<number>(6).fill(c)), 3];

describeIf('rolling restart behind nginx (PostgreSQL + Redis)', MISSING, () => {
  let nginx: RunningNginx | undefined;
  let cluster: TwoProcesses;
  let web: string;
  let base: string;
  let ca: Buffer;
  let origin: string;

  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'c4-web-'));
    cluster = twoProcesses(postgresBackend(), {
      TRUST_PROXY: 'loopback',
      WEB_ROOT: web,
      SHUTDOWN_GRACE_MS: '3000',
    });
    await Promise.all(cluster.servers.map((s) => s.start()));
    nginx = await startNginx(cluster.servers.map((s) => s.port));
    base = nginx.httpsUrl;
    ca = nginx.ca;
    origin = base.slice(0, -1);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await cluster.stop();
    rmSync(web, { recursive: true, force: true });
  });

  const getJson = async <T>(p: string): Promise<T> =>
    JSON.parse((await httpsRequest(base + p, { ca })).body.toString()) as T;
  const readGame = async (id: string): Promise<PublicGame> =>
    (await getJson<{ game: PublicGame }>(`api/games/${id}`)).game;

  /** A player's seat as the web client keeps it: reconnects through nginx and rejoins. */
  class Seat {
    client: TestClient | undefined;
    first: TestClient | undefined;
    reconnects = 0;
    gameId = '';
    constructor(
      readonly secret: string,
      readonly identity: string,
    ) {}

    async socket(): Promise<TestClient> {
      if (this.client && !this.client.closed) return this.client;
      if (this.client) this.reconnects++;
      const client = await TestClient.connect(base, { origin }, { ca });
      await client.waitFor(is('hello'));
      if (this.gameId)
        await client.request({ type: 'join', gameId: this.gameId, secret: this.secret });
      this.client = client;
      this.first ??= client;
      return client;
    }

    /** A request answered, or undefined when the socket closed first (the server stopping). */
    async ask(message: Record<string, unknown>): Promise<ServerMessage | undefined> {
      const client = await this.socket();
      return Promise.race([
        client.request(message, 10_000),
        client.whenClosed.then(() => undefined),
      ]);
    }

    /** Makes move `index` of the game: once, however the connection fares meanwhile. */
    async move(index: number, column: number): Promise<void> {
      let reply: ServerMessage | undefined;
      for (let attempt = 0; attempt < 20; attempt++) {
        const game = await readGame(this.gameId);
        if (game.moves.length > index) {
          // Stored, its acknowledgement lost with the old socket: not made again.
          expect(game.moves[index]).toBe(column);
          return;
        }
        reply = await this.ask({
          type: 'move',
          gameId: this.gameId,
          column,
          version: game.version,
        });
        if (reply?.type === 'ack') return;
      }
      throw new Error(`move ${index} never went through: ${JSON.stringify(reply)}`);
    }
  }

  async function ratedGame(
    n: number,
  ): Promise<{ gameId: string; seats: Record<1 | 2, Seat>; ids: string[] }> {
    const named = await Promise.all(
      [1, 2].map(async (k) => {
        const secret = newSecret();
        const reply = await httpsRequest(base + 'api/players', {
          ca,
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ secret, name: `Rolling ${n}${k === 1 ? 'a' : 'b'}` }),
        });
        expect(reply.status).toBe(201);
        const id = (JSON.parse(reply.body.toString()) as { player: { id: string } }).player.id;
        return { secret, id };
      }),
    );
    const [a, b] = [
      new Seat(newSecret(), named[0]!.secret),
      new Seat(newSecret(), named[1]!.secret),
    ];
    const seek = { type: 'seek', variant: '7x6c4', clock: null, computer: 'never' };
    expect(await a.ask({ ...seek, secret: a.secret, player: a.identity })).toMatchObject({
      type: 'seeking',
    });
    const matched = await b.ask({ ...seek, secret: b.secret, player: b.identity });
    expect(matched?.type).toBe('matched');
    const { gameId, seat } = matched as Extract<ServerMessage, { type: 'matched' }>;
    for (const s of [a, b]) {
      s.gameId = gameId;
      await s.ask({ type: 'join', gameId, secret: s.secret });
    }
    return {
      gameId,
      seats: seat === 1 ? { 1: b, 2: a } : { 1: a, 2: b },
      ids: named.map((p) => p.id),
    };
  }

  /** Moves `from` to `to` (exclusive) of every game, the games in parallel. */
  const playAll = (games: readonly { seats: Record<1 | 2, Seat> }[], from: number, to: number) =>
    Promise.all(
      games.map(async ({ seats }) => {
        for (let i = from; i < to; i++) await seats[i % 2 === 0 ? 1 : 2].move(i, PLAN[i]!);
      }),
    );

  /** SIGTERM one process while moves go on, then start it again on its port. */
  async function restart(k: 0 | 1, during: Promise<unknown>): Promise<void> {
    const server = cluster.servers[k];
    const port = server.port;
    await Promise.all([server.kill('SIGTERM'), during]);
    await server.start(port);
  }

  it('restarting each process in turn while games are played loses, doubles and re-rates nothing', async () => {
    const games = [];
    for (let n = 0; n < 3; n++) games.push(await ratedGame(n));
    await playAll(games, 0, 6);
    await restart(0, playAll(games, 6, 12));
    await restart(1, playAll(games, 12, PLAN.length));

    // Every seat's first socket was on a process that was restarted: each was told to go
    // (1012, "server restarting"), and players carried on over new sockets.
    const seats = games.flatMap((g) => [g.seats[1], g.seats[2]]);
    await vi.waitFor(
      async () => {
        expect(await Promise.all(seats.map((s) => s.first!.whenClosed))).toEqual(
          seats.map(() => 1012),
        );
      },
      { timeout: 10_000 },
    );
    expect(seats.reduce((n, s) => n + s.reconnects, 0)).toBeGreaterThan(0);
    for (const { gameId, ids } of games) {
      const game = await readGame(gameId);
      expect(game.moves).toEqual(PLAN);
      expect(game.result).toMatchObject({ kind: 'win', winner: 1 });
      for (const id of ids) {
        const page = await getJson<PlayerPage>(`api/players/${id}`);
        expect(page.player.ratings.map((r) => r.games)).toEqual([1]);
        expect(
          Object.values(page.history)
            .flat()
            .map((h) => h.gameId),
        ).toEqual([gameId]);
      }
    }
    for (const s of seats) await s.client?.close();
  }, 120_000);
  it('charges the side to move no clock for the handover when its process is restarted', async () => {
    const [drained, survivor] = cluster.servers;
    const port = drained.port;
    const secrets = [newSecret(), newSecret()] as const;
    const created = await fetch(survivor.url + 'api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        variant: '7x6c4',
        clock: { initialMs: 120_000, incrementMs: 0 },
        side: 1,
        secret: secrets[0],
      }),
    });
    const { gameId } = (await created.json()) as { gameId: string };
    // Straight to the processes, not through nginx: the side to move must be on the one drained.
    const mover = await TestClient.connect(drained.url);
    const other = await TestClient.connect(survivor.url);
    expect(await mover.request({ type: 'join', gameId, secret: secrets[0] })).toMatchObject({
      type: 'joined',
      seat: 1,
    });
    expect(await other.request({ type: 'join', gameId, secret: secrets[1] })).toMatchObject({
      type: 'joined',
      seat: 2,
    });
    // Both first moves (past the abort window), then seat 1 is to move with its clock running.
    expect(await mover.request({ type: 'move', gameId, column: 3, version: 1 })).toMatchObject({
      type: 'ack',
    });
    expect(await other.request({ type: 'move', gameId, column: 3, version: 2 })).toMatchObject({
      type: 'ack',
    });
    const before = (await mover.gameAt(3)).clocks!;
    expect(before.running).toBe(1);

    const stopped = drained.kill('SIGTERM');
    const { reconnectMs } = await mover.waitFor(is('shutdown'));
    await mover.whenClosed;
    // As the web client does: back after the delay the server asked for, on the other process.
    await new Promise((r) => setTimeout(r, reconnectMs));
    const back = await TestClient.connect(survivor.url);
    expect(await back.request({ type: 'join', gameId, secret: secrets[0] })).toMatchObject({
      type: 'joined',
    });
    const after = (await back.gameAt(3)).clocks!;
    expect(after.running).toBe(1);

    const elapsed = after.serverNow - before.serverNow;
    const charged = before.remainingMs[0] - after.remainingMs[0];
    // Without the handover the whole gap (at least the 0.5 s reconnect delay) would be charged;
    // what is left is the time before the drain began and after the return: milliseconds.
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(charged).toBeGreaterThanOrEqual(0);
    expect(charged).toBeLessThan(300);
    expect(after.remainingMs[1]).toBe(before.remainingMs[1]);
    // And the game goes on from there.
    const version = back.latestGame()!.version;
    expect(await back.request({ type: 'move', gameId, column: 4, version })).toMatchObject({
      type: 'ack',
    });
    await stopped;
    await drained.start(port);
    await Promise.all([back.close(), other.close()]);
  }, 60_000);
});
