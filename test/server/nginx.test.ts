import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { versionedSocketUrl, type PublicGame } from '../../src/protocol/index.js';
import { describeIf } from '../support/skips.js';
import {
  REDIS_MISSING,
  TEST_DATABASE_URL,
  TestClient,
  newSecret,
  postgresBackend,
} from './helpers.js';
import { is } from './lobby.js';
import {
  httpsRequest,
  nginxMissing,
  requestLogLine,
  startNginx,
  type RunningNginx,
} from './nginx.js';
import { postgresMissing } from './services.js';
import { twoProcesses, type TwoProcesses } from './two-processes.js';

const MISSING = nginxMissing() ?? (await postgresMissing(TEST_DATABASE_URL)) ?? REDIS_MISSING;

/** A built app in miniature: a page and one content-hashed script big enough to compress. */
function webRoot(): { dir: string; script: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Connect Four</title>\n');
  const script = `export const board = ${JSON.stringify(Array.from({ length: 3000 }, (_, i) => i % 7))};\n`;
  writeFileSync(path.join(dir, 'assets', 'app-3f9a1c2e.js'), script);
  return { dir, script };
}

/** Opens a socket through `url` with `origin`; the status of a refused upgrade, or 101. */
function upgradeStatus(url: string, origin: string, ca?: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + versionedSocketUrl('ws'), {
      headers: { origin },
      ...(ca ? { ca } : {}),
    });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describeIf('nginx in front of two processes on PostgreSQL + Redis', MISSING, () => {
  let nginx: RunningNginx | undefined;
  let cluster: TwoProcesses;
  let web: { dir: string; script: string };
  let base: string;
  let ca: Buffer;

  beforeAll(async () => {
    web = webRoot();
    cluster = twoProcesses(postgresBackend(), {
      TRUST_PROXY: 'loopback',
      WEB_ROOT: web.dir,
      // The request lines, to find one request in nginx's log and the server's.
      LOG_LEVEL: 'info',
      // Two games per address and process, refilled far slower than the test runs.
      HTTP_CREATE_BURST: '2',
      HTTP_CREATE_PER_MINUTE: '0.01',
    });
    await Promise.all(cluster.servers.map((s) => s.start()));
    nginx = await startNginx(cluster.servers.map((s) => s.port));
    base = nginx.httpsUrl;
    ca = nginx.ca;
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await cluster.stop();
    rmSync(web.dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) =>
    httpsRequest(base + p, { ca, headers });

  it('terminates TLS, redirects plain HTTP and answers the health check', async () => {
    const health = await get('healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toMatchObject({
      ok: true,
      store: 'postgres',
      bus: 'redis',
    });
    expect((await get('metrics')).status).toBe(404);
    const plain = await fetch(nginx!.httpUrl + 'play', { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1\/play$/);
  });

  it("one request is found in nginx's access log and the server's log by one id", async () => {
    const reply = await get('api/games?limit=1', { 'x-request-id': 'forged-by-the-client' });
    expect(reply.status).toBe(200);
    // HTTPS only from now on, for a year, on every answer.
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
    const ids = await vi.waitFor(
      () => {
        const line = readFileSync(nginx!.accessLog, 'utf8')
          .split('\n')
          .find((l) => l.includes('"GET /api/games?limit=1 '));
        const [, rid, upstream] = /rid=(\w+) upstream=(\S+)/.exec(line ?? '') ?? [];
        if (!rid || !upstream) throw new Error('no access log line yet');
        return { rid, upstream };
      },
      { timeout: 5000, interval: 25 },
    );
    const port = Number(ids.upstream.split(':').at(-1));
    const server = cluster.servers.find((s) => s.port === port)!;
    const logged = await vi.waitFor(() => requestLogLine(server.stdout, ids.rid), {
      timeout: 5000,
      interval: 25,
    });
    expect(logged).toMatchObject({ level: 'info', method: 'GET', path: '/api/games', status: 200 });
  });

  it('passes static files with their cache headers and compresses them once', async () => {
    const asset = await get('assets/app-3f9a1c2e.js', { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(asset.body).toString()).toBe(web.script);
    const etag = asset.headers['etag'];
    expect(typeof etag).toBe('string');
    const again = await get('assets/app-3f9a1c2e.js', {
      'accept-encoding': 'gzip',
      'if-none-match': etag as string,
    });
    expect(again.status).toBe(304);
    const page = await get('', { 'accept-encoding': 'identity' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
  });

  it('plays a game through the proxy with a spectator, across both processes', async () => {
    const origin = base.slice(0, -1);
    const secrets = [newSecret(), newSecret()] as const;
    const created = await httpsRequest(base + 'api/games', {
      ca,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: secrets[0] }),
      // Its own address, so the rate-limit test below starts from full buckets.
      localAddress: '127.0.0.3',
    });
    expect(created.status).toBe(201);
    const gameId = (JSON.parse(created.body.toString()) as { gameId: string }).gameId;
    // Three sockets round-robin over two processes: both serve this game.
    const [p1, p2, watcher] = [
      await TestClient.connect(base, { origin }, { ca }),
      await TestClient.connect(base, { origin }, { ca }),
      await TestClient.connect(base, { origin }, { ca }),
    ];
    try {
      for (const c of [p1, p2, watcher]) await c.waitFor(is('hello'));
      await p1.request({ type: 'join', gameId, secret: secrets[0] });
      await p2.request({ type: 'join', gameId, secret: secrets[1] });
      await watcher.request({ type: 'join', gameId });
      const columns = [0, 1, 0, 1, 0, 1, 0];
      for (const column of columns) {
        const game = JSON.parse((await get(`api/games/${gameId}`)).body.toString()) as {
          game: PublicGame;
        };
        const mover = game.game.turn === 2 ? p2 : p1;
        const reply = await mover.request({
          type: 'move',
          gameId,
          column,
          version: game.game.version,
        });
        expect(reply).toMatchObject({ type: 'ack' });
      }
      const seen = await watcher.waitFor(
        (m): m is Extract<typeof m, { type: 'game' }> =>
          m.type === 'game' && m.game.status === 'finished',
        10_000,
      );
      expect(seen.game.moves).toEqual(columns);
      expect(seen.game.result).toMatchObject({ kind: 'win', winner: 1 });
    } finally {
      await Promise.all([p1.close(), p2.close(), watcher.close()]);
    }
  });

  it('keys rate limits on the real client: a forged X-Forwarded-For moves no bucket', async () => {
    const create = (forged: string | undefined, localAddress: string) =>
      httpsRequest(base + 'api/games', {
        ca,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(forged ? { 'x-forwarded-for': forged } : {}),
        },
        body: JSON.stringify({ variant: '7x6c4', clock: null, side: 1, secret: newSecret() }),
        localAddress,
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      statuses.push((await create(`203.0.113.${i}`, '127.0.0.1')).status);
    }
    // Two per process at most: had the forged addresses counted, all six would pass.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(4);
    expect(statuses).toContain(429);
    // Another real address has its own budget, seen through the proxy.
    expect((await create(undefined, '127.0.0.2')).status).toBe(201);
  });

  it('refuses the upgrade of a foreign Origin through the proxy as it does directly', async () => {
    const origin = base.slice(0, -1);
    expect(await upgradeStatus(base, 'https://evil.example', ca)).toBe(403);
    expect(await upgradeStatus(cluster.servers[0].url, 'https://evil.example')).toBe(403);
    // The page's own origin passes: nginx forwards the scheme and the Host with its port.
    expect(await upgradeStatus(base, origin, ca)).toBe(101);
  });
});
