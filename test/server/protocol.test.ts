import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/app.js';
import { PROTOCOL_VERSION, type PublicGame, type ServerMessage } from '../../src/protocol/index.js';
import {
  BACKENDS,
  TestClient,
  createGame,
  newSecret,
  startTestServer,
  type Backend,
} from './helpers.js';
import { is, type Msg } from './lobby.js';
import { until } from './bot.js';

function expectError(reply: ServerMessage, code: string): void {
  expect(reply.type).toBe('error');
  expect(reply.type === 'error' && reply.code).toBe(code);
}

describe.each(BACKENDS.map((make) => [make().name, make] as const))('protocol (%s)', (_n, make) => {
  let backend: Backend;
  let server: RunningServer;
  let offset = 0;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    backend = make();
    server = await startTestServer(backend, {
      now: () => Date.now() + offset,
      rate: { perSecond: 20, burst: 40 },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
    await backend.cleanup();
  });

  const connect = async (headers: Record<string, string> = {}): Promise<TestClient> => {
    const client = await TestClient.connect(server.url, headers);
    clients.push(client);
    await client.waitFor(is('hello'));
    return client;
  };

  const stored = async (gameId: string): Promise<PublicGame> => {
    const response = await fetch(`${server.url}api/games/${gameId}`);
    return ((await response.json()) as { game: PublicGame }).game;
  };

  /** A started game: two seated clients (player 1 first) and a spectator. */
  async function startedGame(clock: unknown = null) {
    const secrets = [newSecret(), newSecret()] as const;
    const created = await createGame(server.url, {
      variant: '7x6c4',
      clock,
      side: 1,
      secret: secrets[0],
    });
    expect(created.status).toBe(201);
    const gameId = created.json['gameId'] as string;
    const p1 = await connect();
    const p2 = await connect();
    const watcher = await connect();
    expect(await p1.request({ type: 'join', gameId, secret: secrets[0] })).toMatchObject({
      type: 'joined',
      seat: 1,
    });
    expect(await p2.request({ type: 'join', gameId, secret: secrets[1] })).toMatchObject({
      type: 'joined',
      seat: 2,
    });
    expect(await watcher.request({ type: 'join', gameId, secret: newSecret() })).toMatchObject({
      type: 'joined',
      seat: null,
    });
    await watcher.gameAt(1);
    return { gameId, secrets, p1, p2, watcher };
  }

  it('creates games over HTTP and validates the request', async () => {
    const ok = await createGame(server.url, {
      variant: '7x7c5',
      clock: { initialMs: 300_000, incrementMs: 2000 },
      side: 'random',
      secret: newSecret(),
    });
    expect(ok.status).toBe(201);
    expect([1, 2]).toContain(ok.json['seat']);
    expect(JSON.stringify(ok.json)).not.toMatch(/secret|hash/i);
    const bad = await createGame(server.url, {
      variant: '2x2c2',
      clock: null,
      side: 1,
      secret: newSecret(),
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'bad_variant' } });
    const weak = await createGame(server.url, {
      variant: '7x6c4',
      clock: null,
      side: 1,
      secret: 'short',
    });
    expect(weak.json).toMatchObject({ error: { code: 'bad_message' } });
    const json = { 'content-type': 'application/json' };
    const junk = await fetch(`${server.url}api/games`, {
      method: 'POST',
      headers: json,
      body: '{nope',
    });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ error: { code: 'bad_json' } });
    const huge = await fetch(`${server.url}api/games`, {
      method: 'POST',
      headers: json,
      body: 'x'.repeat(10_000),
    });
    expect(huge.status).toBe(413);
    const foreign = await fetch(`${server.url}api/games`, {
      method: 'POST',
      headers: { ...json, origin: 'https://evil.example' },
      body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: newSecret() }),
    });
    expect(foreign.status).toBe(403);
    expect((await fetch(`${server.url}api/games/nosuchgame1`)).status).toBe(404);
  });

  it('HTTP: wrong methods get 405 with Allow, HEAD reads like GET, bodies must be JSON', async () => {
    const put = await fetch(`${server.url}api/games`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await put.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    const del = await fetch(`${server.url}api/games/abcdefgh`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${server.url}api/games?limit=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/json/);
    const form = await fetch(`${server.url}api/games`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: newSecret() }),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('serves health and metrics', async () => {
    const health = await fetch(`${server.url}healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, store: backend.name });
    const metrics = await (await fetch(`${server.url}metrics`)).text();
    for (const name of [
      'c4_connections',
      'c4_moves_total',
      'c4_errors_total',
      'c4_move_latency_seconds_bucket',
      'c4_games_created_total',
    ]) {
      expect(metrics).toContain(name);
    }
  });

  it('refuses WebSocket upgrades from foreign origins', async () => {
    await expect(
      TestClient.connect(server.url, { origin: 'https://evil.example' }),
    ).rejects.toThrow(/403/);
    const own = await connect({ origin: server.url.replace(/\/$/, '') });
    // The hello carries the quick-match wait before the computer plays (BOT_WAIT_MS), which
    // the lobby shows.
    expect(own.messages[0]).toMatchObject({ type: 'hello', protocol: PROTOCOL_VERSION });
    expect(typeof (own.messages[0] as { computerAfterMs?: unknown }).computerAfterMs).toBe(
      'number',
    );
  });

  it('join: seats by secret, the rest watch, unknown games are not found', async () => {
    const { gameId, p1, p2, watcher } = await startedGame();
    const game = await p1.gameAt(1);
    expect(game.status).toBe('playing');
    await p1.waitFor((m): m is Msg<'game'> => m.type === 'game' && m.game.seats[1].connected);
    const late = await connect();
    expectError(await late.request({ type: 'join', gameId: 'nosuchgame1' }), 'not_found');
    expectError(await late.request({ type: 'join', gameId: '../etc' }), 'bad_message');
    expect(await late.request({ type: 'join', gameId })).toMatchObject({ seat: null });
    expect(p2.messages.some((m) => JSON.stringify(m).includes('secret'))).toBe(false);
    expect(watcher.latestGame()?.status).toBe('playing');
  });

  it('the WxH short form is accepted and answered in canonical WxHcN', async () => {
    const created = await createGame(server.url, {
      variant: '7x6',
      clock: null,
      side: 1,
      secret: newSecret(),
    });
    expect(created.status).toBe(201);
    expect((created.json['game'] as PublicGame).variant).toBe('7x6c4');
  });

  it('a failed join leaves the connection in the game it was in', async () => {
    const { gameId, p1 } = await startedGame();
    expectError(await p1.request({ type: 'join', gameId: 'nosuchgame1' }), 'not_found');
    expect(await p1.request({ type: 'move', gameId, column: 3, version: 1 })).toMatchObject({
      type: 'ack',
    });
  });

  it('watch: a new secret on a waiting game does not take the seat when watching', async () => {
    const created = await createGame(server.url, {
      variant: '7x6c4',
      clock: null,
      side: 2,
      secret: newSecret(),
    });
    const gameId = created.json['gameId'] as string;
    const viewer = await connect();
    expect(
      await viewer.request({ type: 'join', gameId, secret: newSecret(), watch: true }),
    ).toMatchObject({ seat: null });
    expect((await stored(gameId)).status).toBe('waiting');
  });

  it('move: accepted moves reach everyone; stale, out-of-turn, spectator and illegal moves are refused', async () => {
    const { gameId, p1, p2, watcher } = await startedGame();
    expect(await p1.request({ type: 'move', gameId, column: 3, version: 1 })).toMatchObject({
      type: 'ack',
      version: 2,
    });
    expect((await watcher.gameAt(2)).moves).toEqual([3]);
    expect((await p2.gameAt(2)).turn).toBe(2);

    expectError(await p1.request({ type: 'move', gameId, column: 3, version: 2 }), 'not_your_turn');
    expectError(await p2.request({ type: 'move', gameId, column: 3, version: 1 }), 'stale_version');
    expectError(await p2.request({ type: 'move', gameId, column: 3, version: 9 }), 'stale_version');
    expectError(
      await watcher.request({ type: 'move', gameId, column: 3, version: 2 }),
      'not_a_seat',
    );
    expectError(await p2.request({ type: 'move', gameId, column: 7, version: 2 }), 'illegal_move');
    expectError(await p2.request({ type: 'move', gameId, column: -1, version: 2 }), 'bad_message');
    expectError(
      await p2.request({ type: 'move', gameId: 'othergame1', column: 1, version: 2 }),
      'not_joined',
    );
    // A refused move comes with a fresh snapshot so the client can resync.
    expect(p2.latestGame()?.version).toBe(2);
    expect((await stored(gameId)).moves).toEqual([3]);
  });

  it('the same move delivered twice applies once', async () => {
    const { gameId, p1 } = await startedGame();
    const move = { type: 'move', gameId, column: 0, version: 1 };
    const [a, b] = await Promise.all([p1.request(move), p1.request(move)]);
    expect([a.type, b.type].sort()).toEqual(['ack', 'error']);
    expect((await stored(gameId)).moves).toEqual([0]);
  });

  it('two tabs of one seat racing: exactly one move wins', async () => {
    const { gameId, secrets, p1 } = await startedGame();
    const tab2 = await connect();
    expect(await tab2.request({ type: 'join', gameId, secret: secrets[0] })).toMatchObject({
      seat: 1,
    });
    const replies = await Promise.all([
      p1.request({ type: 'move', gameId, column: 1, version: 1 }),
      tab2.request({ type: 'move', gameId, column: 5, version: 1 }),
    ]);
    expect(replies.filter((r) => r.type === 'ack')).toHaveLength(1);
    expect((await stored(gameId)).moves).toHaveLength(1);
  });

  it('malformed frames each get their error and the connection stays usable', async () => {
    const { gameId, p1 } = await startedGame();
    const errorAfter = async (raw: string | Buffer): Promise<ServerMessage> => {
      const from = p1.messages.length;
      p1.ws.send(raw);
      return p1.waitFor(is('error'), 5000, from);
    };
    expectError(await errorAfter('{"type":'), 'bad_json');
    expectError(await errorAfter('[1,2]'), 'bad_message');
    expectError(await errorAfter('"move"'), 'bad_message');
    expectError(await errorAfter('{"no":"type"}'), 'bad_message');
    expectError(await errorAfter('{"type":"teleport"}'), 'unknown_type');
    expectError(
      await errorAfter(JSON.stringify({ type: 'move', gameId, column: 1 })),
      'bad_message',
    );
    expectError(
      await errorAfter(JSON.stringify({ type: 'move', gameId, column: 1, version: 1, extra: 1 })),
      'bad_message',
    );
    expectError(
      await errorAfter(JSON.stringify({ type: 'move', gameId, column: 1.5, version: 1 })),
      'bad_message',
    );
    expectError(await errorAfter(Buffer.from([1, 2, 3])), 'bad_message');
    expectError(
      await errorAfter(JSON.stringify({ type: 'ping', t: 1, pad: 'x'.repeat(5000) })),
      'too_large',
    );
    expect(p1.closed).toBe(false);
    expect(await p1.request({ type: 'ping', t: 42 })).toMatchObject({ type: 'pong', t: 42 });
    expect(await p1.request({ type: 'move', gameId, column: 2, version: 1 })).toMatchObject({
      type: 'ack',
    });
    expect((await stored(gameId)).moves).toEqual([2]);
  });

  it('every message type refuses invalid fields with bad_message', async () => {
    const { gameId, p1, watcher } = await startedGame();
    const invalid: Record<string, unknown>[] = [
      { type: 'join' },
      { type: 'join', gameId, secret: 'too-short' },
      { type: 'join', gameId, watch: 'yes' },
      { type: 'move', gameId, column: '3', version: 1 },
      { type: 'move', gameId, column: 3, version: -1 },
      { type: 'resign' },
      { type: 'resign', gameId: 42 },
      { type: 'rematch', gameId: '' },
      { type: 'seek', variant: '7x6c4', clock: null },
      { type: 'seek', variant: 'classic', clock: null, secret: newSecret() },
      {
        type: 'seek',
        variant: '7x6c4',
        clock: { initialMs: 1000, incrementMs: 0 },
        secret: newSecret(),
      },
      { type: 'cancelSeek', extra: true },
      { type: 'ping' },
      { type: 'ping', t: 'now' },
    ];
    for (const message of invalid) {
      expectError(await p1.request(message), 'bad_message');
    }
    expectError(await watcher.request({ type: 'resign', gameId }), 'not_a_seat');
    expectError(await watcher.request({ type: 'rematch', gameId }), 'not_a_seat');
    expect(p1.closed).toBe(false);
    const game = await stored(gameId);
    expect(game.status).toBe('playing');
    expect(game.moves).toEqual([]);
  });

  it('a frame beyond the hard limit closes that connection only (1009)', async () => {
    const { gameId, p2 } = await startedGame();
    const brute = await connect();
    brute.ws.send('x'.repeat(100_000));
    expect(await brute.whenClosed).toBe(1009);
    expect(await p2.request({ type: 'ping', t: 1 })).toMatchObject({ type: 'pong' });
    expect((await stored(gameId)).status).toBe('playing');
  });

  it('a flood is rate limited, every refusal answering its request id; the budget refills', async () => {
    const { gameId, p1 } = await startedGame();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => p1.request({ type: 'ping', t: i })),
    );
    const limited = replies.filter((m) => m.type === 'error' && m.code === 'rate_limited');
    // The burst (40) passes; the rest of 200 frames sent at once cannot have earned tokens.
    expect(limited.length).toBeGreaterThan(100);
    // The burst of 40, less the token the join took.
    expect(replies.filter((m) => m.type === 'pong').length).toBeGreaterThanOrEqual(39);
    expect(p1.closed).toBe(false);
    // The server's clock moves on three seconds: the bucket (20/s) is full again.
    offset += 3000;
    expect(await p1.request({ type: 'move', gameId, column: 4, version: 1 })).toMatchObject({
      type: 'ack',
    });
  });

  it('errors echo the request id whenever the frame carries a readable one', async () => {
    const p1 = await connect();
    const tooLarge = await p1.request({ type: 'ping', t: 1, pad: 'x'.repeat(5000) });
    expectError(tooLarge, 'too_large');
    expectError(await p1.request({ type: 'teleport' }), 'unknown_type');
    expectError(await p1.request({ type: 'move' }), 'bad_message');
    // Without readable JSON there is no id to echo: the error comes without one.
    const from = p1.messages.length;
    p1.send('{"id":"x1","type":');
    const badJson = await p1.waitFor(is('error'), 5000, from);
    expectError(badJson, 'bad_json');
    expect('id' in badJson).toBe(false);
  });

  it('resign ends the game; a rematch swaps the sides', async () => {
    const { gameId, secrets, p1, p2 } = await startedGame();
    expectError(await p1.request({ type: 'rematch', gameId }), 'game_not_over');
    expect(await p2.request({ type: 'resign', gameId })).toMatchObject({ type: 'ack' });
    const over = await p1.gameAt(2);
    expect(over.result).toEqual({ kind: 'win', winner: 1, reason: 'resign' });
    expectError(await p1.request({ type: 'resign', gameId }), 'game_over');
    await p1.request({ type: 'rematch', gameId });
    expect((await p2.gameAt(3)).rematch.offeredBy).toBe(1);
    await p2.request({ type: 'rematch', gameId });
    const accepted = await p1.gameAt(4);
    const next = accepted.rematch.gameId!;
    expect(next).toBeTruthy();
    expect(await p1.request({ type: 'join', gameId: next, secret: secrets[0] })).toMatchObject({
      seat: 2,
    });
    expect(await p2.request({ type: 'join', gameId: next, secret: secrets[1] })).toMatchObject({
      seat: 1,
    });
    expect((await stored(next)).previousGameId).toBe(gameId);
  });

  /** Both sides make their first move (a side that never moved is aborted, not flagged). */
  async function openingPlayed(gameId: string, p1: TestClient, p2: TestClient): Promise<void> {
    for (const [mover, version] of [
      [p1, 1],
      [p2, 2],
      [p1, 3],
    ] as const) {
      expect(await mover.request({ type: 'move', gameId, column: 3, version })).toMatchObject({
        type: 'ack',
      });
    }
  }

  it('clocks: the side that runs out of time loses, by the server clock', async () => {
    const { gameId, p1, p2 } = await startedGame({ initialMs: 30_000, incrementMs: 0 });
    await openingPlayed(gameId, p1, p2);
    offset += 31_000;
    expectError(await p2.request({ type: 'move', gameId, column: 4, version: 4 }), 'game_over');
    const flagged = await stored(gameId);
    expect(flagged.result).toEqual({ kind: 'win', winner: 1, reason: 'timeout' });
    expect(flagged.clocks?.remainingMs[1]).toBe(0);
    expect(flagged.moves).toEqual([3, 3, 3]);
  });

  it('clocks: the server flags a silent side by its own timer, with no move to trigger it', async () => {
    const { gameId, p1, p2, watcher } = await startedGame({ initialMs: 30_000, incrementMs: 0 });
    await openingPlayed(gameId, p1, p2);
    const movedAt = Date.now() + offset;
    // Everyone leaves (the room and its timer go), the server clock jumps to 1 s before
    // player 2's flag falls, and a spectator comes back: the room's new timer must fire on its own.
    const open = (): Promise<number> => server.metrics.connections.value();
    const before = await open();
    await Promise.all([p1.close(), p2.close(), watcher.close()]);
    // The server has let go of all three (and so of the room and its timer).
    await until(
      async () => (await open()) === before - 3,
      5000,
      'the server to see three sockets close',
    );
    offset = movedAt + 30_000 - 1000 - Date.now();
    const returning = await connect();
    const joined = await returning.request({ type: 'join', gameId, secret: newSecret() });
    expect(joined).toMatchObject({ type: 'joined', seat: null });
    expect((await returning.gameAt(4)).result).toBeNull();
    const flagged = await returning.waitFor(
      (m): m is Extract<ServerMessage, { type: 'game' }> =>
        m.type === 'game' && m.game.result !== null,
      5000,
    );
    expect(flagged.game.result).toEqual({ kind: 'win', winner: 1, reason: 'timeout' });
    expect(flagged.game.clocks?.remainingMs[1]).toBe(0);
    const kept = await stored(gameId);
    expect(kept.result).toEqual({ kind: 'win', winner: 1, reason: 'timeout' });
    expect(kept.moves).toEqual([3, 3, 3]);
  });

  it('quick match pairs two seekers; cancel leaves the queue', async () => {
    const a = await connect();
    const b = await connect();
    const c = await connect();
    const pool = { type: 'seek', variant: '6x5c4', clock: null };
    expect(await a.request({ ...pool, secret: newSecret() })).toMatchObject({ type: 'seeking' });
    b.send({ ...pool, secret: newSecret() });
    const [ma, mb] = await Promise.all([a.waitFor(is('matched')), b.waitFor(is('matched'))]);
    expect(ma.gameId).toBe(mb.gameId);
    expect(ma.seat + mb.seat).toBe(3);
    expect((await stored(ma.gameId)).status).toBe('playing');
    expect(await c.request({ ...pool, secret: newSecret() })).toMatchObject({ type: 'seeking' });
    expect(await c.request({ type: 'cancelSeek' })).toMatchObject({ type: 'ack' });
    const d = await connect();
    expect(await d.request({ ...pool, secret: newSecret() })).toMatchObject({ type: 'seeking' });
    expectError(
      await d.request({ type: 'seek', variant: '2x2c2', clock: null, secret: newSecret() }),
      'bad_variant',
    );
  });

  it('lists finished games for the history page', async () => {
    const { gameId, p1 } = await startedGame();
    await p1.request({ type: 'resign', gameId });
    const list = (await (await fetch(`${server.url}api/games?limit=50`)).json()) as {
      games: { id: string }[];
    };
    expect(list.games.map((g) => g.id)).toContain(gameId);
  });
});
