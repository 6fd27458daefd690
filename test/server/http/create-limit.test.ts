import { describe, expect, it } from 'vitest';
import { KeyedRateLimit } from '../../../src/server/ws/rate-limit.js';
import { createGame, newSecret, sqliteBackend, startTestServer } from '../helpers.js';

describe('game creation budget per client address', () => {
  it('refills per key and forgets the least recently seen keys beyond its bound', () => {
    const limit = new KeyedRateLimit(1, 2, 2);
    expect([limit.take('a', 0), limit.take('a', 0), limit.take('a', 0)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limit.take('a', 1000)).toBe(true);
    expect(limit.take('b', 0)).toBe(true);
    // 'c' pushes out 'a' (least recent), which then starts again with a full burst.
    expect(limit.take('c', 0)).toBe(true);
    expect([limit.take('a', 1000), limit.take('a', 1000)]).toEqual([true, true]);
  });

  it('says how long until the next token, and takes back a refunded one', () => {
    const limit = new KeyedRateLimit(0.5, 1);
    expect(limit.takeOrWait('a', 0)).toBe(0);
    expect(limit.takeOrWait('a', 0)).toBe(2000);
    expect(limit.takeOrWait('a', 1500)).toBe(500);
    limit.refund('a');
    expect(limit.takeOrWait('a', 1500)).toBe(0);
    // A refund never raises a bucket above its burst.
    limit.refund('a');
    limit.refund('a');
    expect([limit.takeOrWait('a', 1500), limit.takeOrWait('a', 1500)]).toEqual([0, 2000]);
  });

  it('answers 429 rate_limited over HTTP once the burst is spent, storing nothing more', async () => {
    const backend = sqliteBackend();
    const server = await startTestServer(
      backend,
      {},
      { HTTP_CREATE_BURST: '2', HTTP_CREATE_PER_MINUTE: '1' },
    );
    try {
      const body = () => ({ variant: '7x6c4', clock: null, side: 1, secret: newSecret() });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await createGame(server.url, body())).status);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await createGame(server.url, body());
      expect(refused.json).toEqual({
        error: { code: 'rate_limited', message: 'too many games created; try again in a minute' },
      });
    } finally {
      await server.close();
      await backend.cleanup();
    }
  });
});
