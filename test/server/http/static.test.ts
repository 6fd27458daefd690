import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server/app.js';
import { sqliteBackend, startTestServer, type Backend } from '../helpers.js';

/** Raw HTTP (fetch would decompress and hide the encoding), headers and body bytes. */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  size: number;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let size = 0;
      res.on('data', (d: Buffer) => (size += d.length));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, size });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  let root: string;
  let backend: Backend;
  let server: RunningServer;
  const book = Buffer.alloc(200_000, 'c4 opening book ');
  const script = 'console.log("connect four");\n'.repeat(200);

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'c4-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>c4</title>');
    writeFileSync(path.join(root, 'sw.js'), 'self.x = 1;');
    writeFileSync(path.join(root, 'assets', 'index-BwSQZTlH.js'), script);
    writeFileSync(path.join(root, 'assets', '7x6-BNFNKQZ6.book'), book);
    backend = sqliteBackend();
    server = await startTestServer(backend, {}, { WEB_ROOT: root });
  });
  afterAll(async () => {
    await server.close();
    await backend.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it('hashed assets: compressed, immutable for a year, with an ETag that answers 304', async () => {
    const url = `${server.url}assets/index-BwSQZTlH.js`;
    const first = await get(url, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['content-type']).toMatch(/javascript/);
    expect(first.size).toBeLessThan(script.length / 4);
    const etag = first.headers['etag'];
    expect(typeof etag).toBe('string');
    const again = await get(url, { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(again.size).toBe(0);
  });

  it('the opening book travels compressed (brotli when accepted)', async () => {
    const answer = await get(`${server.url}assets/7x6-BNFNKQZ6.book`, {
      'accept-encoding': 'br, gzip',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.size).toBeLessThan(book.length / 10);
  });

  it('the page and the service worker are revalidated on every use', async () => {
    for (const file of ['', 'sw.js']) {
      const answer = await get(`${server.url}${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['etag']).toBeDefined();
    }
  });

  it('the page and its scripts are cross-origin isolated (shared memory for the solver)', async () => {
    for (const file of ['', 'some/route', 'assets/index-BwSQZTlH.js']) {
      const answer = await get(`${server.url}${file}`);
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['cross-origin-embedder-policy']).toBe('require-corp');
    }
  });

  it('client routes get the page; missing files 404; HEAD works; other methods 405', async () => {
    const route = await get(`${server.url}some/route`);
    expect(route.status).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect((await get(`${server.url}assets/missing-AAAAAAAA.js`)).status).toBe(404);
    const head = await get(server.url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.size).toBe(0);
    const post = await get(server.url, {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
    // A path out of the root finds nothing there: it is a client route like any other.
    const escape = await get(`${server.url}%2e%2e/%2e%2e/etc/passwd`);
    expect(escape.size).toBe('<!doctype html><title>c4</title>'.length);
  });
});
