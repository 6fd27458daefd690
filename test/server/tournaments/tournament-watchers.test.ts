import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../../src/server/bus/local.js';
import type { ServerMessage, TournamentDetail } from '../../../src/protocol/index.js';
import type { Session } from '../../../src/server/session.js';
import { TournamentWatchers } from '../../../src/server/tournaments/watchers.js';
import { sampleTournament } from '../../support/tournament-fixture.js';

const session = (): Session & { got: ServerMessage[]; open: boolean } => {
  const got: ServerMessage[] = [];
  return { address: '127.0.0.1', open: true, got, push: (m) => got.push(m) };
};

/** A tournament whose player count tells the reads apart. */
const detail = (id: string, players: number): TournamentDetail => sampleTournament({ id, players });

function setup() {
  const bus = new LocalBus();
  let reads = 0;
  const watchers = new TournamentWatchers({
    bus,
    detail: (id) => Promise.resolve(id === 'gone' ? undefined : detail(id, ++reads)),
    now: () => Date.now(),
  });
  return { watchers, reads: () => reads };
}

const players = (s: { got: ServerMessage[] }): number[] =>
  s.got.flatMap((m) => (m.type === 'tournament' ? [m.tournament.players] : []));

afterEach(() => {
  vi.useRealTimers();
});

describe('tournament watchers', () => {
  it('pushes a change at once, then at most one per interval however many changes come', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const { watchers, reads } = setup();
    const [a, b] = [session(), session()];
    await watchers.watch('t1', a);
    await watchers.watch('t1', b);

    watchers.changed('t1');
    await vi.advanceTimersByTimeAsync(0);
    expect(players(a)).toEqual([1]);
    expect(players(b)).toEqual([1]);

    // A burst within the interval: one read, sent when the interval is over.
    for (let i = 0; i < 20; i++) watchers.changed('t1');
    await vi.advanceTimersByTimeAsync(999);
    expect(players(a)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(players(a)).toEqual([1, 2]);
    expect(reads()).toBe(2);
    // Later pushes carry no request id: only the watch reply does.
    expect(a.got[1]).not.toHaveProperty('id');
  });

  it('watching another tournament stops the first; a closed session is forgotten', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const { watchers } = setup();
    const [a, b] = [session(), session()];
    await watchers.watch('t1', a);
    await watchers.watch('t1', b);
    await watchers.watch('t2', a);
    expect(watchers.size).toBe(2);

    watchers.changed('t1');
    watchers.changed('t2');
    await vi.advanceTimersByTimeAsync(0);
    expect(a.got.map((m) => m.type === 'tournament' && m.tournament.id)).toEqual(['t2']);
    expect(b.got.map((m) => m.type === 'tournament' && m.tournament.id)).toEqual(['t1']);

    watchers.removeSession(b);
    b.open = false;
    watchers.changed('t1');
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.got).toHaveLength(1);
    expect(watchers.size).toBe(1);
  });

  it('sends nothing to a session that has gone, or for a tournament that no longer reads', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const { watchers } = setup();
    const [a, gone] = [session(), session()];
    await watchers.watch('gone', a);
    await watchers.watch('t1', gone);
    gone.open = false;
    watchers.changed('gone');
    watchers.changed('t1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(a.got).toEqual([]);
    expect(gone.got).toEqual([]);
  });

  it('does not send the same snapshot twice', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const watchers = new TournamentWatchers({
      bus: new LocalBus(),
      detail: (id) => Promise.resolve(detail(id, 7)),
      now: () => Date.now(),
    });
    const a = session();
    await watchers.watch('t1', a);
    for (let i = 0; i < 3; i++) {
      watchers.changed('t1');
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(players(a)).toEqual([7]);
  });
});
