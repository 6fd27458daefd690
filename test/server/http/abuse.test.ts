import { connect as tcpConnect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server/app.js';
import { createLogger } from '../../../src/server/log.js';
import type { ServerMessage } from '../../../src/protocol/index.js';
import {
  TestClient,
  createGame,
  newSecret,
  sqliteBackend,
  startTestServer,
  type Backend,
} from '../helpers.js';

/** Attacks from outside, each of which once worked: they must now be refused. */

let backend: Backend | undefined;
let server: RunningServer | undefined;
const clients: TestClient[] = [];

async function start(env: Record<string, string>, log?: (line: string) => void) {
  backend = sqliteBackend();
  server = await startTestServer(backend, log ? { log: createLogger('info', log) } : {}, {
    ...env,
  });
  return server;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
  await backend?.cleanup();
  server = undefined;
  backend = undefined;
});

async function socket(url: string, headers: Record<string, string> = {}): Promise<TestClient> {
  const client = await TestClient.connect(url, headers);
  clients.push(client);
  await client.waitFor((m): m is ServerMessage => m.type === 'hello');
  return client;
}

const gamesCreated = (s: RunningServer): Promise<number> => s.metrics.gamesCreated.value();

/** Sends raw bytes over TCP and resolves with everything the server answers until it closes. */
function raw(url: string, text: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const tcp = tcpConnect(Number(port), '127.0.0.1', () => tcp.write(text));
    let answer = '';
    tcp.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    tcp.on('error', reject);
    tcp.on('close', () => {
      resolve(answer);
    });
  });
}

describe('quick match cannot be used to make games without limit', () => {
  it('a connection seeking with fresh secrets is never paired with itself', async () => {
    const s = await start({});
    const lone = await socket(s.url);
    const pool = { type: 'seek', variant: '5x4c3', clock: null };
    for (let i = 0; i < 5; i++) {
      expect(await lone.request({ ...pool, secret: newSecret() })).toMatchObject({
        type: 'seeking',
      });
    }
    expect(await gamesCreated(s)).toBe(0);
    // Another player is still paired with the one seek that connection holds.
    const other = await socket(s.url);
    expect(await other.request({ ...pool, secret: newSecret() })).toMatchObject({
      type: 'matched',
    });
    expect(await gamesCreated(s)).toBe(1);
  });

  it('seeks spend the per-address game budget that POST /api/games spends', async () => {
    const s = await start({ HTTP_CREATE_BURST: '3', HTTP_CREATE_PER_MINUTE: '1' });
    const body = { variant: '7x6c4', clock: null, side: 1 };
    expect((await createGame(s.url, { ...body, secret: newSecret() })).status).toBe(201);
    expect((await createGame(s.url, { ...body, secret: newSecret() })).status).toBe(201);
    const a = await socket(s.url);
    const b = await socket(s.url);
    const pool = { type: 'seek', variant: '5x4c3', clock: null };
    expect(await a.request({ ...pool, secret: newSecret() })).toMatchObject({ type: 'seeking' });
    const refused = await b.request({ ...pool, secret: newSecret() });
    expect(refused).toMatchObject({ type: 'error', code: 'rate_limited' });
    expect((await createGame(s.url, { ...body, secret: newSecret() })).status).toBe(429);
    expect(await gamesCreated(s)).toBe(2);
  });

  it('one address may hold only so many sockets at once', async () => {
    const s = await start({ WS_MAX_PER_ADDRESS: '2' });
    const first = await socket(s.url);
    await socket(s.url);
    await expect(TestClient.connect(s.url)).rejects.toThrow(/429/);
    await first.close();
    // A socket closed frees its place (the server counts it down on close: wait for that).
    let third: TestClient | undefined;
    for (let attempt = 0; !third && attempt < 100; attempt++) {
      third = await TestClient.connect(s.url).catch(() => undefined);
    }
    expect(third).toBeDefined();
    if (third) clients.push(third);
  });
});

describe('behind a reverse proxy', () => {
  const create = (url: string, forwardedFor: string) =>
    fetch(url + 'api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: newSecret() }),
    }).then((r) => r.status);

  it('with TRUST_PROXY, each forwarded client has its own budget', async () => {
    const s = await start({
      TRUST_PROXY: 'loopback',
      HTTP_CREATE_BURST: '1',
      HTTP_CREATE_PER_MINUTE: '1',
    });
    expect(await create(s.url, '198.51.100.1')).toBe(201);
    expect(await create(s.url, '198.51.100.1')).toBe(429);
    expect(await create(s.url, '198.51.100.2')).toBe(201);
  });

  it("without it (the default), X-Forwarded-For is ignored: it is anyone's to forge", async () => {
    const s = await start({ HTTP_CREATE_BURST: '1', HTTP_CREATE_PER_MINUTE: '1' });
    expect(await create(s.url, '198.51.100.1')).toBe(201);
    expect(await create(s.url, '198.51.100.2')).toBe(429);
  });
});

describe('host names', () => {
  it('refuses a foreign Host (DNS rebinding) over HTTP and WebSocket; PUBLIC_URL is accepted', async () => {
    const s = await start({ PUBLIC_URL: 'https://c4.example' });
    const port = new URL(s.url).port;
    const rebound = await raw(
      s.url,
      `GET /api/games HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(rebound).toMatch(/^HTTP\/1\.1 403/);
    expect(rebound).toContain('"forbidden"');
    await expect(
      TestClient.connect(s.url, {
        host: `evil.example:${port}`,
        origin: `http://evil.example:${port}`,
      }),
    ).rejects.toThrow(/403/);
    const named = await raw(
      s.url,
      'GET /api/games HTTP/1.1\r\nHost: c4.example\r\nConnection: close\r\n\r\n',
    );
    expect(named).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('slow and broken requests', () => {
  it('a body announced far larger than the limit is refused at once with 413', async () => {
    const s = await start({});
    const answer = await raw(
      s.url,
      'POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{"a":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it('a body that never arrives is cut off by the request timeout (408)', async () => {
    const s = await start({ HTTP_REQUEST_TIMEOUT_MS: '300' });
    const answer = await raw(
      s.url,
      'POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client aborting mid-body is logged as an abort, not as a server error', async () => {
    const lines: string[] = [];
    let sawAbort: () => void = () => undefined;
    const aborted = new Promise<void>((resolve) => (sawAbort = resolve));
    const s = await start({}, (line) => {
      lines.push(line);
      if (line.includes('aborted by the client')) sawAbort();
    });
    const { port } = new URL(s.url);
    const tcp = tcpConnect(Number(port), '127.0.0.1', () => {
      tcp.write(
        'POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
        () => tcp.destroy(),
      );
    });
    await aborted;
    const levels = lines.map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(levels.filter((l) => l.level === 'error')).toEqual([]);
    expect(levels.find((l) => l.msg.includes('aborted'))?.level).toBe('info');
  });
});
