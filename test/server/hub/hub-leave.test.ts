import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusHandler, BusMessage } from '../../../src/server/bus/types.js';
import { newGame, reduce } from '../../../src/server/game/reducer.js';
import type { GameState, SeatPlayer } from '../../../src/server/game/state.js';
import { Hub, type Away, type Member } from '../../../src/server/hub/hub.js';
import { createLogger } from '../../../src/server/log.js';
import { Metrics } from '../../../src/server/metrics.js';
import type { PublicGame, ServerMessage } from '../../../src/protocol/index.js';

const T0 = 1_000_000;
const LEAVE_MS = 90_000;

/** Redis pub/sub in miniature: every bus subscribed to a channel hears it, a tick later. */
class Network {
  private readonly buses = new Set<NetBus>();
  bus(): NetBus {
    const bus = new NetBus(this);
    this.buses.add(bus);
    return bus;
  }
  deliver(channel: string, message: BusMessage): void {
    for (const bus of this.buses) bus.hear(channel, message);
  }
}

class NetBus implements Bus {
  readonly kind = 'redis';
  private handler: BusHandler = () => undefined;
  private readonly channels = new Set<string>();
  constructor(private readonly network: Network) {}
  onMessage(handler: BusHandler): void {
    this.handler = handler;
  }
  subscribe(channel: string): Promise<void> {
    this.channels.add(channel);
    return Promise.resolve();
  }
  unsubscribe(channel: string): Promise<void> {
    this.channels.delete(channel);
    return Promise.resolve();
  }
  publish(channel: string, message: BusMessage): Promise<void> {
    // Through JSON, as over Redis.
    const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
    queueMicrotask(() => {
      this.network.deliver(channel, copy);
    });
    return Promise.resolve();
  }
  hear(channel: string, message: BusMessage): void {
    if (this.channels.has(channel)) this.handler(channel, message);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

interface Probe {
  readonly hub: Hub;
  readonly due: { id: string; away: Away | undefined; at: number }[];
}

function hub(bus: Bus, node: string): Probe {
  const due: Probe['due'] = [];
  const h = new Hub({
    bus,
    node,
    now: Date.now,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    onDue: (id, away) => {
      due.push({ id, away, at: Date.now() });
      return undefined;
    },
  });
  return { hub: h, due };
}

const ann: SeatPlayer = { id: 'ann', name: 'Ann' };
const bob: SeatPlayer = { id: 'bob', name: 'Bob' };

/** A rated game without a clock, both first moves made: seat 1 to move since T0. */
function ratedGame(id: string): GameState {
  let state = newGame(
    {
      id,
      variant: '7x6c4',
      clock: null,
      seats: ['a', 'b'],
      players: [ann, bob],
      rated: true,
      limits: { abortMs: 30_000, leaveMs: LEAVE_MS },
    },
    T0 - 2,
  );
  for (const [by, at] of [
    [1, T0 - 1],
    [2, T0],
  ] as const) {
    const moved = reduce(state, { type: 'move', by, column: 3, version: state.version }, at);
    if (!moved.ok) throw new Error(moved.error.code);
    state = moved.value.state;
  }
  return state;
}

function member(seat: 1 | 2 | null): Member & { inbox: ServerMessage[]; last(): PublicGame } {
  const inbox: ServerMessage[] = [];
  return {
    seat,
    inbox,
    send: (m) => inbox.push(m),
    last: () => {
      const games = inbox.filter((m) => m.type === 'game');
      const m = games.at(-1);
      if (!m) throw new Error('no snapshot yet');
      return m.game;
    },
  };
}

const leaves = (probe: Probe) => probe.due.filter((d) => d.away !== undefined);

describe('hub: leaving on your turn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the leave exactly when the side to move has been away the whole limit', async () => {
    vi.useFakeTimers({ now: T0 });
    const probe = hub(new Network().bus(), 'one');
    const state = ratedGame('leavegame1');
    const mover = member(1);
    const opponent = member(2);
    await probe.hub.join(state, mover);
    await probe.hub.join(state, opponent);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(opponent.last().leftAt).toBeNull();
    probe.hub.leave(state.id, mover);
    expect(opponent.last().seats[0].connected).toBe(false);
    expect(opponent.last().leftAt).toBe(T0 + 1_000 + LEAVE_MS);
    await vi.advanceTimersByTimeAsync(LEAVE_MS + 19);
    expect(leaves(probe)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(leaves(probe)[0]).toEqual({
      id: state.id,
      away: { player: 1, since: T0 + 1_000 },
      at: T0 + 1_000 + LEAVE_MS + 20,
    });
    probe.hub.close();
  });

  it('a player back within the limit is not asked to leave, however long the turn lasts', async () => {
    vi.useFakeTimers({ now: T0 });
    const probe = hub(new Network().bus(), 'one');
    const state = ratedGame('leavegame2');
    const first = member(1);
    const opponent = member(2);
    await probe.hub.join(state, first);
    await probe.hub.join(state, opponent);
    probe.hub.leave(state.id, first);
    await vi.advanceTimersByTimeAsync(LEAVE_MS - 1_000);
    expect(opponent.last().leftAt).toBe(T0 + LEAVE_MS);
    await probe.hub.join(state, member(1));
    expect(opponent.last().leftAt).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * LEAVE_MS);
    expect(leaves(probe)).toEqual([]);
    probe.hub.close();
  });

  it('keeps watching when everyone has gone, and decides on its own', async () => {
    vi.useFakeTimers({ now: T0 });
    const probe = hub(new Network().bus(), 'one');
    const state = ratedGame('leavegame3');
    const mover = member(1);
    const opponent = member(2);
    await probe.hub.join(state, mover);
    await probe.hub.join(state, opponent);
    probe.hub.leave(state.id, opponent);
    probe.hub.leave(state.id, mover);
    expect(probe.hub.isOpen(state.id)).toBe(true);
    await vi.advanceTimersByTimeAsync(LEAVE_MS + 20);
    expect(leaves(probe)[0]?.away).toEqual({ player: 1, since: T0 });
    // Once the game is over the watch ends.
    probe.hub.update({ ...state, version: state.version + 1, status: 'finished' });
    expect(probe.hub.isOpen(state.id)).toBe(false);
    probe.hub.close();
  });

  it('a player connected to another process is never taken for gone; leaving there is seen here', async () => {
    vi.useFakeTimers({ now: T0 });
    const network = new Network();
    const a = hub(network.bus(), 'process-a');
    const b = hub(network.bus(), 'process-b');
    const state = ratedGame('leavegame4');
    const mover = member(1);
    const opponent = member(2);
    await a.hub.join(state, mover);
    await b.hub.join(state, opponent);
    await vi.advanceTimersByTimeAsync(0);
    // B learns from A's presence report that seat 1 is connected (there, not here).
    expect(opponent.last().seats[0].connected).toBe(true);
    expect(opponent.last().leftAt).toBeNull();
    // Ten limits pass with heartbeats keeping the reports fresh: nobody is taken for gone.
    await vi.advanceTimersByTimeAsync(10 * LEAVE_MS);
    expect([leaves(a), leaves(b)]).toEqual([[], []]);
    const gone = Date.now();
    a.hub.leave(state.id, mover);
    await vi.advanceTimersByTimeAsync(0);
    expect(opponent.last().seats[0].connected).toBe(false);
    expect(opponent.last().leftAt).toBe(gone + LEAVE_MS);
    await vi.advanceTimersByTimeAsync(LEAVE_MS + 20);
    expect(leaves(b)[0]?.away).toEqual({ player: 1, since: gone });
    a.hub.close();
    b.hub.close();
  });

  it('heartbeats go batched between processes that batch, and game by game to an older one', async () => {
    vi.useFakeTimers({ now: T0 });
    const network = new Network();
    const a = hub(network.bus(), 'process-a');
    const b = hub(network.bus(), 'process-b');
    const batched = ratedGame('batchgame1');
    const shared = ratedGame('batchgame2');
    for (const state of [batched, shared]) {
      await a.hub.join(state, member(1));
      await b.hub.join(state, member(2));
    }
    // An older release with `shared` open: it reports game by game and reads only that.
    const old = network.bus();
    const heard: { kind: string; node: string; at: number }[] = [];
    old.onMessage((_channel, m) => {
      if (m.kind === 'presence') heard.push({ kind: m.kind, node: m.node, at: Date.now() });
    });
    await old.subscribe(`game:${shared.id}`);
    const report = (): Promise<void> =>
      old.publish(`game:${shared.id}`, {
        kind: 'presence',
        gameId: shared.id,
        node: 'process-old',
        counts: [0, 0],
        at: Date.now(),
      });
    await report();
    const batches: string[][] = [];
    const tap = network.bus();
    tap.onMessage((_channel, m) => {
      if (m.kind === 'presenceBatch') batches.push(m.games.map(([id]) => id));
    });
    await tap.subscribe('presence');
    for (let t = 0; t < 6; t++) {
      await vi.advanceTimersByTimeAsync(10_000);
      await report();
    }
    // After the first round (each learns the other batches), `batchgame1` goes in batches only...
    expect(batches.flat()).toContain(batched.id);
    expect(batches.flat()).not.toContain(shared.id);
    // ...while the older process hears each of A and B on `batchgame2` at every heartbeat (10 s,
    // give or take a slice: well inside the 25 s after which a report expires).
    for (const node of ['process-a', 'process-b']) {
      const times = heard.filter((h) => h.node === node).map((h) => h.at);
      expect(times.length).toBeGreaterThanOrEqual(6);
      for (let i = 1; i < times.length; i++) {
        expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(11_000);
      }
    }
    // Nobody was taken for gone meanwhile.
    expect(b.hub.snapshot(batched.id)?.seats[0].connected).toBe(true);
    expect(a.hub.snapshot(shared.id)?.seats[1].connected).toBe(true);
    a.hub.close();
    b.hub.close();
  });

  it('while the bus fails, reports may be lost: absence counts only from when they are trusted again', async () => {
    vi.useFakeTimers({ now: T0 });
    const probe = hub(new Network().bus(), 'one');
    const state = ratedGame('leavegame6');
    const mover = member(1);
    const opponent = member(2);
    await probe.hub.join(state, mover);
    await probe.hub.join(state, opponent);
    probe.hub.leave(state.id, mover);
    await vi.advanceTimersByTimeAsync(50_000);
    probe.hub.busTrouble();
    // Reports are trusted again 25 s after the trouble (every process has reported by then).
    const trusted = T0 + 50_000 + 25_000;
    expect(probe.hub.snapshot(state.id)?.leftAt).toBe(trusted + LEAVE_MS);
    await vi.advanceTimersByTimeAsync(trusted + LEAVE_MS - Date.now() - 1);
    expect(leaves(probe)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(leaves(probe)[0]?.away).toEqual({ player: 1, since: trusted });
    probe.hub.close();
  });

  it('a process that opens the game late asks the others, so it never dates an absence from its own start', async () => {
    vi.useFakeTimers({ now: T0 });
    const network = new Network();
    const a = hub(network.bus(), 'process-a');
    const b = hub(network.bus(), 'process-b');
    const state = ratedGame('leavegame5');
    await a.hub.join(state, member(1));
    // B had the game open during the opening (A remembers B), closed it, and opens it again
    // to watch it: A must answer now, not at its next heartbeat.
    const opening = { ...state, version: 1, moves: [] };
    const spectator = member(null);
    await b.hub.join(opening, spectator);
    await vi.advanceTimersByTimeAsync(0);
    b.hub.leave(state.id, spectator);
    expect(b.hub.isOpen(state.id)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await b.hub.watch(state)).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(b.hub.snapshot(state.id)?.seats[0].connected).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * LEAVE_MS);
    expect(leaves(b)).toEqual([]);
    a.hub.close();
    b.hub.close();
  });
});
