import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/server/bus/local.js';
import { newGame } from '../../src/server/game/reducer.js';
import { Hub, type Member } from '../../src/server/hub.js';
import { createLogger } from '../../src/server/log.js';
import { Metrics } from '../../src/server/metrics.js';
import type { ServerMessage } from '../../src/protocol/index.js';
import { sleep } from './helpers.js';

function hub(onFlag: (id: string) => void): Hub {
  return new Hub({
    bus: new LocalBus(),
    node: 'test-node',
    now: Date.now,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    onFlag,
  });
}

const member = (seat: 1 | 2 | null, inbox: ServerMessage[]): Member => ({
  seat,
  send: (m) => inbox.push(m),
});

describe('hub', () => {
  it('asks for a flag check when the running clock reaches zero, without any command', async () => {
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
    expect(flagged).toEqual([]);
    for (let i = 0; i < 50 && flagged.length === 0; i++) await sleep(20);
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
});
