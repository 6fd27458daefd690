import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusHandler, BusMessage } from '../../../src/server/bus/types.js';
import { newGame } from '../../../src/server/game/reducer.js';
import { Hub, PRESENCE_HEARTBEAT_MS } from '../../../src/server/hub/hub.js';
import { createLogger } from '../../../src/server/log.js';
import { Metrics } from '../../../src/server/metrics.js';

/**
 * A bus that records the heartbeat's presence reports (with the fake time they were sent), a
 * batched report counting once per game in it.
 */
class RecordingBus implements Bus {
  readonly kind = 'redis';
  readonly reports: { gameId: string; at: number }[] = [];
  onMessage(_handler: BusHandler): void {
    // Nothing comes back: only what this process sends is looked at.
  }
  subscribe(): Promise<void> {
    return Promise.resolve();
  }
  unsubscribe(): Promise<void> {
    return Promise.resolve();
  }
  publish(_channel: string, message: BusMessage): Promise<void> {
    if (message.kind === 'presence' && message.ask !== true) {
      this.reports.push({ gameId: message.gameId, at: Date.now() });
    }
    if (message.kind === 'presenceBatch') {
      for (const [gameId] of message.games) this.reports.push({ gameId, at: Date.now() });
    }
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function hubWithRooms(rooms: number): Promise<{ hub: Hub; bus: RecordingBus }> {
  const bus = new RecordingBus();
  const hub = new Hub({
    bus,
    node: 'n1',
    now: Date.now,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    onDue: () => undefined,
  });
  for (let i = 0; i < rooms; i++) {
    const state = newGame({ id: `g${i}`, variant: '7x6c4', clock: null, seats: ['a', 'b'] }, 0);
    await hub.join(state, { seat: 1, send: () => undefined });
  }
  bus.reports.length = 0;
  return { hub, bus };
}

describe('hub presence heartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports every room once per interval, a twentieth of them at a time', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { hub, bus } = await hubWithRooms(2000);
    await vi.advanceTimersByTimeAsync(3 * PRESENCE_HEARTBEAT_MS);
    const perRoom = new Map<string, number>();
    const perInstant = new Map<number, number>();
    for (const r of bus.reports) {
      perRoom.set(r.gameId, (perRoom.get(r.gameId) ?? 0) + 1);
      perInstant.set(r.at, (perInstant.get(r.at) ?? 0) + 1);
    }
    // Each room three times in three intervals, as when the whole set went at once...
    expect(perRoom.size).toBe(2000);
    expect(new Set(perRoom.values())).toEqual(new Set([3]));
    // ...but never more than a twentieth of the rooms in one callback.
    expect(Math.max(...perInstant.values())).toBe(100);
    expect(perInstant.size).toBe(60);
    hub.close();
  });

  it('visits a handful of rooms once per interval, not once per slice', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { hub, bus } = await hubWithRooms(3);
    await vi.advanceTimersByTimeAsync(4 * PRESENCE_HEARTBEAT_MS);
    const perRoom = new Map<string, number>();
    for (const r of bus.reports) perRoom.set(r.gameId, (perRoom.get(r.gameId) ?? 0) + 1);
    expect([...perRoom.values()]).toEqual([4, 4, 4]);
    hub.close();
  });
});
