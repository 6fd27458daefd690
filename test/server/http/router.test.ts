import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameListQuerySchema } from '../../../src/protocol/index.js';
import { send } from '../../../src/server/http/respond.js';
import { createRouter, route } from '../../../src/server/http/router.js';
import { Metrics } from '../../../src/server/metrics.js';

/**
 * The one route table of the HTTP API on its own (docs/protocol.md, "HTTP API"): HEAD, 405 with
 * `Allow`, percent-decoding and query checks, the same for every route.
 */
describe('HTTP route table', () => {
  const metrics = new Metrics();
  const router = createRouter(
    [
      route({
        path: '/api/things',
        query: GameListQuerySchema,
        get: async ({ res, query }) => {
          send(res, 200, { limit: query.limit }, metrics);
          return Promise.resolve();
        },
        post: async ({ res }) => {
          send(res, 201, { made: true }, metrics);
          return Promise.resolve();
        },
      }),
      route({
        path: '/api/things/mine',
        post: async ({ res }) => {
          send(res, 200, { mine: true }, metrics);
          return Promise.resolve();
        },
      }),
      route({
        path: '/api/things/:id',
        get: async ({ res, params }) => {
          send(res, 200, { id: params[0] }, metrics);
          return Promise.resolve();
        },
      }),
    ],
    metrics,
  );
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      void router(req, res).then((handled) => {
        if (!handled) send(res, 299, { web: true }, metrics);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const call = async (path: string, method = 'GET') => {
    const res = await fetch(base + path, { method });
    const text = await res.text();
    return {
      status: res.status,
      allow: res.headers.get('allow'),
      body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
    };
  };
  const code = (body: unknown): unknown => (body as { error?: { code?: unknown } }).error?.code;

  it('serves each method it has, HEAD as GET, and parses the query', async () => {
    expect(await call('/api/things?limit=7')).toMatchObject({ status: 200, body: { limit: 7 } });
    expect(await call('/api/things')).toMatchObject({ status: 200, body: { limit: 20 } });
    expect(await call('/api/things', 'HEAD')).toMatchObject({ status: 200, body: undefined });
    expect(await call('/api/things', 'POST')).toMatchObject({ status: 201 });
    expect(await call('/api/things/mine', 'POST')).toMatchObject({ body: { mine: true } });
  });

  it('decodes path parameters, and answers 404 for one that is not UTF-8 percent-encoding', async () => {
    expect((await call('/api/things/a%20b')).body).toEqual({ id: 'a b' });
    for (const bad of ['%E0%A4%A', '%', '%zz', '%C0%AF', '%FF']) {
      const answer = await call(`/api/things/${bad}`);
      expect([bad, answer.status, code(answer.body)]).toEqual([bad, 404, 'not_found']);
    }
  });

  it('answers another method 405 with Allow naming the ones it has', async () => {
    expect(await call('/api/things', 'DELETE')).toMatchObject({
      status: 405,
      allow: 'GET, HEAD, POST',
    });
    expect(await call('/api/things/mine')).toMatchObject({ status: 405, allow: 'POST' });
    expect(await call('/api/things/x', 'PUT')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
  });

  it('refuses unknown, repeated and over-long queries on every route, even without parameters', async () => {
    for (const path of [
      '/api/things/x?foo=1',
      '/api/things?limit=1&limit=2',
      `/api/things?limit=1&pad=${'x'.repeat(2000)}`,
      '/api/things/mine?x=1',
    ]) {
      const method = path.startsWith('/api/things/mine') ? 'POST' : 'GET';
      const answer = await call(path, method);
      expect([path.slice(0, 40), answer.status, code(answer.body)]).toEqual([
        path.slice(0, 40),
        400,
        'bad_message',
      ]);
    }
  });

  it('answers unknown /api/ paths 404 and leaves every other path to the caller', async () => {
    for (const path of ['/api', '/api/nothing', '/api/things/x/y', '/api/things/']) {
      expect([path, code((await call(path)).body)]).toEqual([path, 'not_found']);
    }
    expect(await call('/index.html')).toMatchObject({ status: 299 });
    expect(await call('/apis')).toMatchObject({ status: 299 });
  });
});
