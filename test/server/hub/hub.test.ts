import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../../src/server/bus/local.js';
import { gameChannel, type BusMessage } from '../../../src/server/bus/types.js';
import { newGame } from '../../../src/server/game/reducer.js';
import { Hub, type Member } from '../../../src/server/hub/hub.js';
import { createLogger } from '../../../src/server/log.js';
import { Metrics } from '../../../src/server/metrics.js';
import type { ServerMessage } from '../../../src/protocol/index.js';

function hub(onDue: (id: string) => void, bus = new LocalBus()): Hub {
  return new Hub({
    bus,
    node: 'test-node',
    now: Date.now,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    onDue: (id) => {
      onDue(id);
      return undefined;
    },
  });
}

const member = (seat: 1 | 2 | null, inbox: ServerMessage[]): Member => ({
  seat,
  send: (m) => inbox.push(m),
});

describe('hub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a flag check when the running clock reaches zero, without any command', async () => {
    // The hub's clock and its timers are both the fake ones: time moves only when told to.
    vi.useFakeTimers({ now: 1_000_000 });
    const flagged: string[] = [];
    const h = hub((id) => flagged.push(id));
    const state = newGame(
      {
        id: 'flaggame1',
        variant: '7x6c4',
        clock: { initialMs: 60, incrementMs: 0 },
        seats: ['a', 'b'],
      },
      Date.now(),
    );
    await h.join(state, member(1, []));
    vi.advanceTimersByTime(59);
    expect(flagged).toEqual([]);
    // At the deadline (60 ms) plus the hub's 20 ms margin, and not before.
    vi.advanceTimersByTime(20);
    expect(flagged).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flagged).toEqual(['flaggame1']);
    h.close();
  });

  it('pushes newer versions to members, ignores older ones, and reports presence', async () => {
    const h = hub(() => undefined);
    const state = newGame({ id: 'pushgame1', variant: '7x6c4', clock: null, seats: ['a', 'b'] }, 0);
    const inbox: ServerMessage[] = [];
    const watcherInbox: ServerMessage[] = [];
    await h.join(state, member(null, watcherInbox));
    await h.join(state, member(1, inbox));
    const last = (box: ServerMessage[]) => {
      const m = box.at(-1);
      return m?.type === 'game' ? m.game : undefined;
    };
    expect(last(watcherInbox)?.seats.map((s) => s.connected)).toEqual([true, false]);
    h.update({ ...state, version: 1, moves: [3] });
    expect(last(inbox)?.moves).toEqual([3]);
    const count = inbox.length;
    h.update({ ...state, version: 1, moves: [4] });
    h.update(state);
    expect(inbox.length).toBe(count);
    h.close();
  });

  it('keeps a member who joins while another process stores a newer version', async () => {
    // Redis can hand over a message in the same read as the subscription's reply: the newer
    // state reaches the hub before the join's wait for the subscription is over.
    class EagerBus extends LocalBus {
      newer: BusMessage | undefined;
      override async subscribe(channel: string): Promise<void> {
        await super.subscribe(channel);
        if (this.newer) await this.publish(channel, this.newer);
      }
    }
    const bus = new EagerBus();
    const h = hub(() => undefined, bus);
    const state = newGame({ id: 'racegame1', variant: '7x6c4', clock: null, seats: ['a', 'b'] }, 0);
    bus.newer = { kind: 'game', state: { ...state, version: 1, moves: [3] } };
    const inbox: ServerMessage[] = [];
    await h.join(state, member(1, inbox));
    const versions = () => inbox.flatMap((m) => (m.type === 'game' ? [m.game.version] : []));
    expect(versions().at(-1)).toBe(1);
    // Later versions still reach the member: the room it joined is the one the hub updates.
    await bus.publish(gameChannel(state.id), {
      kind: 'game',
      state: { ...state, version: 2, moves: [3, 3] },
    });
    await Promise.resolve();
    expect(versions().at(-1)).toBe(2);
    h.close();
  });
});
