import { describe, expect, it } from 'vitest';
import { BACKEND_CASES } from '../helpers.js';
import { suiteServer } from '../lobby.js';

/**
 * Defect: `GET /api/leaderboard?limit=2.5` and `GET /api/games?limit=99.9` answered 500
 * `internal` (the number reached SQL). Every query parameter of the list endpoints now goes
 * through the protocol's schemas: a bad one is `400 bad_message` naming it, on every endpoint.
 */
const errorOf = (json: unknown): { code?: string; message?: string } =>
  (json as { error?: { code?: string; message?: string } }).error ?? {};

const ENDPOINTS = ['api/games', 'api/leaderboard'] as const;
const BAD_LIMITS = ['2.5', '99.9', '-1', 'abc', '0', '101', '1e2', '', '99999999999999999999999'];

describe.each(BACKEND_CASES)('list endpoint queries (%s)', (_n, make) => {
  const suite = suiteServer(make);

  const get = async (path: string): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(suite.url + path);
    return { status: response.status, json: await response.json() };
  };

  it.each(ENDPOINTS.flatMap((endpoint) => BAD_LIMITS.map((limit) => [endpoint, limit] as const)))(
    '%s?limit=%j is 400 bad_message naming limit',
    async (endpoint, limit) => {
      const reply = await get(`${endpoint}?limit=${encodeURIComponent(limit)}`);
      expect(reply.status).toBe(400);
      expect(errorOf(reply.json).code).toBe('bad_message');
      expect(errorOf(reply.json).message).toMatch(/^limit: must be a whole number from 1 to 100/);
    },
  );

  it.each(ENDPOINTS)('%s takes limits 1 and 100 and no limit at all', async (endpoint) => {
    for (const query of ['?limit=1', '?limit=100', '']) {
      expect((await get(endpoint + query)).status, query).toBe(200);
    }
  });

  it.each(ENDPOINTS)('%s refuses unknown and repeated parameters by name', async (endpoint) => {
    expect(await get(`${endpoint}?limt=5`)).toMatchObject({
      status: 400,
      json: { error: { code: 'bad_message', message: 'limt: unknown query parameter' } },
    });
    expect(await get(`${endpoint}?limit=5&limit=6`)).toMatchObject({
      status: 400,
      json: { error: { code: 'bad_message', message: 'limit: given more than once' } },
    });
  });

  it('the leaderboard names a bad pool', async () => {
    const chess = await get('api/leaderboard?pool=chess');
    expect([chess.status, errorOf(chess.json).code]).toEqual([400, 'bad_message']);
    expect(errorOf(chess.json).message).toMatch(/^pool: must be one of classic, connect4/);
    expect((await get('api/leaderboard?pool=connectN&limit=3')).status).toBe(200);
  });
});
