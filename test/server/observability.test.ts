import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log.js';
import type { RunningServer } from '../../src/server/app.js';
import { TestClient, newSecret, sqliteBackend, startTestServer, type Backend } from './helpers.js';
import { is, openGame, readGame } from './lobby.js';

/** A server whose log lines are kept, parsed, for the test to read. */
async function loggedServer(
  backend: Backend,
  env: Record<string, string>,
): Promise<{ server: RunningServer; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('debug', (line) =>
    lines.push(JSON.parse(line) as Record<string, unknown>),
  );
  return { server: await startTestServer(backend, { log }, env), lines };
}

/** Opens a game, seat 1 joins with `headers` (seat 2 plainly) and moves once; the game's id. */
async function oneMove(url: string, headers: Record<string, string>): Promise<string> {
  const { gameId, secrets } = await openGame(url, null);
  const client = await TestClient.connect(url, headers);
  const other = await TestClient.connect(url);
  try {
    await client.waitFor(is('hello'));
    await client.request({ type: 'join', gameId, secret: secrets[0] });
    await other.request({ type: 'join', gameId, secret: secrets[1] });
    const { version } = await readGame(url, gameId);
    expect(await client.request({ type: 'move', gameId, column: 3, version })).toMatchObject({
      type: 'ack',
    });
  } finally {
    await Promise.all([client.close(), other.close()]);
  }
  return gameId;
}

describe('observability', () => {
  let backend: Backend;
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
    await backend.cleanup();
  });

  it("a move is logged with its connection's id, the proxy's request id when trusted", async () => {
    backend = sqliteBackend();
    const { server, lines } = await loggedServer(backend, { TRUST_PROXY: 'loopback' });
    servers.push(server);
    const gameId = await oneMove(server.url, { 'x-request-id': 'nginx-req-0042' });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'debug',
        msg: 'move',
        conn: 'nginx-req-0042',
        game: gameId,
        column: 3,
        accepted: true,
      }),
    );
    const metrics = await (await fetch(server.url + 'metrics')).text();
    expect(metrics).toMatch(/^# TYPE c4_event_loop_lag_seconds gauge$/m);
    // The process's own (prom-client's defaults) and the stores' waits beside the server's.
    for (const family of [
      /^process_resident_memory_bytes \d/m,
      /^process_open_fds \d/m,
      /^nodejs_heap_size_used_bytes \d/m,
      /^nodejs_eventloop_lag_p99_seconds /m,
      /^# TYPE c4_pg_pool_wait_seconds histogram$/m,
      /^# TYPE c4_redis_publish_seconds histogram$/m,
      /^c4_move_latency_seconds_count 1$/m,
    ]) {
      expect(metrics).toMatch(family);
    }
  });

  it('a request id from an untrusted peer is not believed: the server makes its own', async () => {
    backend = sqliteBackend();
    const { server, lines } = await loggedServer(backend, {});
    servers.push(server);
    const gameId = await oneMove(server.url, { 'x-request-id': 'chosen-by-client' });
    const move = lines.find((l) => l['msg'] === 'move' && l['game'] === gameId);
    expect(move?.['conn']).toEqual(expect.any(String));
    expect(move?.['conn']).not.toBe('chosen-by-client');
  });

  it('a game’s lines carry the id of the request or socket that led to them', async () => {
    backend = sqliteBackend();
    const { server, lines } = await loggedServer(backend, { TRUST_PROXY: 'loopback' });
    servers.push(server);
    // Created by an API request: "game created" has the request's id, as its "request" line.
    const secrets = [newSecret(), newSecret()] as const;
    const created = await fetch(server.url + 'api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'nginx-req-create' },
      body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: secrets[0] }),
    });
    const { gameId } = (await created.json()) as { gameId: string };
    for (const msg of ['request', 'game created']) {
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'info', msg, req: 'nginx-req-create' }),
      );
    }
    expect(lines.find((l) => l['msg'] === 'game created')?.['game']).toBe(gameId);
    // Ended over a socket: "game finished" has that socket's id, not the other seat's.
    const red = await TestClient.connect(server.url, { 'x-request-id': 'nginx-conn-red' });
    const yellow = await TestClient.connect(server.url, { 'x-request-id': 'nginx-conn-yellow' });
    try {
      await red.request({ type: 'join', gameId, secret: secrets[0] });
      await yellow.request({ type: 'join', gameId, secret: secrets[1] });
      const { version } = await readGame(server.url, gameId);
      await red.request({ type: 'move', gameId, column: 3, version });
      await yellow.request({ type: 'move', gameId, column: 3, version: version + 1 });
      expect(await red.request({ type: 'resign', gameId })).toMatchObject({ type: 'ack' });
    } finally {
      await Promise.all([red.close(), yellow.close()]);
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'game finished', game: gameId, conn: 'nginx-conn-red' }),
    );
    // A line no request led to carries no id.
    const listening = lines.find((l) => l['msg'] === 'listening');
    expect(listening).toBeDefined();
    expect(listening).not.toHaveProperty('req');
    expect(listening).not.toHaveProperty('conn');
  });
});
