import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log.js';
import type { RunningServer } from '../../src/server/app.js';
import { TestClient, sqliteBackend, startTestServer, type Backend } from './helpers.js';
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
});
