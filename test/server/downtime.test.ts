import { describe, expect, it } from 'vitest';
import { TestClient, sqliteBackend, startTestServer } from './helpers.js';
import { joinBoth, openGame, readGame } from './lobby.js';

const CLOCK_30S = { initialMs: 30_000, incrementMs: 0 };

describe('time while the server is down', () => {
  it('is given back to the side to move: a 30 s clock survives a 31 s outage', async () => {
    const backend = sqliteBackend();
    let clock = 1_000_000_000;
    const now = () => clock;
    const first = await startTestServer(backend, { now });
    const { gameId, secrets } = await openGame(first.url, CLOCK_30S);
    const [p1, p2] = await joinBoth(first.url, gameId, secrets);
    expect(await p1.request({ type: 'move', gameId, column: 3, version: 1 })).toMatchObject({
      type: 'ack',
    });
    clock += 4_000; // player 2 thinks for 4 s, then the service stops
    await Promise.all([p1.close(), p2.close()]);
    await first.close();

    clock += 31_000;
    const second = await startTestServer(backend, { now });
    try {
      const game = await readGame(second.url, gameId);
      expect(game.status).toBe('playing');
      expect(game.clocks?.running).toBe(2);
      expect(game.clocks?.remainingMs[1]).toBe(26_000);
      const watcher = await TestClient.connect(second.url);
      await watcher.request({ type: 'join', gameId });
      expect((await watcher.gameAt(0)).result).toBeNull();
      await watcher.close();
    } finally {
      await second.close();
      await backend.cleanup();
    }
  });

  it('a process starting while another is alive gives nothing back', async () => {
    const backend = sqliteBackend();
    let clock = 2_000_000_000;
    const now = () => clock;
    const first = await startTestServer(backend, { now });
    const { gameId, secrets } = await openGame(first.url, CLOCK_30S);
    const p2 = await TestClient.connect(first.url);
    await p2.request({ type: 'join', gameId, secret: secrets[1] });
    clock += 1_000;
    const second = await startTestServer(backend, { now });
    try {
      const game = await readGame(second.url, gameId);
      expect(game.clocks?.remainingMs[0]).toBe(29_000);
    } finally {
      await p2.close();
      await second.close();
      await first.close();
      await backend.cleanup();
    }
  });
});
