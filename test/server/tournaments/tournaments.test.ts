import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/server/game/state.js';
import type { GameStore } from '../../../src/server/store/types.js';
import { OWNER_SILENT_MS, TournamentService } from '../../../src/server/tournaments/service.js';
import type { TournamentRow, TournamentStore } from '../../../src/server/tournaments/store.js';
import { newId } from '../../../src/server/secrets.js';
import { arenaOf } from '../../../src/server/tournaments/replay.js';
import { pairFree } from '../../../src/tournament/index.js';
import { TournamentResponseSchema } from '../../../src/protocol/index.js';
import { BACKEND_CASES, type Backend } from '../helpers.js';
import { tournamentGames, tournamentStoreOf } from './tournament-games.js';

const T0 = Date.UTC(2030, 0, 1, 12, 0);
const clock = { initialMs: 180_000, incrementMs: 2_000 };
const players = ['ann', 'bob', 'cid', 'dee', 'eve'].map((name, i) => ({
  id: `player-${name}`,
  name,
  rating: 1600 - 50 * i,
}));
const hashOf = (id: string): string => id.padEnd(64, '0');

describe.each(BACKEND_CASES)('tournaments on %s', (_name, make) => {
  let backend: Backend;
  let games: GameStore;
  let store: TournamentStore;
  let second: TournamentStore;
  const service = (node: string, on: TournamentStore = store): TournamentService =>
    new TournamentService({ store: on, ...tournamentGames(games), node, newId });

  beforeAll(async () => {
    backend = make();
    games = await backend.open();
    store = tournamentStoreOf(backend);
    // A second connection stands for a second process.
    second = tournamentStoreOf(backend);
  });
  afterAll(async () => {
    await store.close();
    await second.close();
    await games.close();
    await backend.cleanup();
  });

  /** Ends a tournament game as `result` (seat 1 is always the pairing's first player). */
  async function end(gameId: string, result: GameState['result'], at: number): Promise<void> {
    const g = (await games.getGame(gameId))!;
    const done: GameState = {
      ...g,
      version: g.version + 1,
      status: 'finished',
      result,
      updatedAt: at,
    };
    expect(await games.compareAndSet(done, g.version)).toBe(true);
  }

  async function arena(s: TournamentService, name = 'Test arena'): Promise<TournamentRow> {
    const made = await s.create(
      { kind: 'arena', name, variant: '7x6', clock, startsAt: T0, durationMinutes: 30 },
      T0,
      { creator: null, private: false },
    );
    if (!made.ok || !made.value) throw new Error('not created');
    return made.value;
  }

  it('refuses absurd settings with their codes and stores nothing', async () => {
    const s = service('n1');
    const bad = await s.create(
      {
        kind: 'swiss',
        name: 'Never',
        variant: '7x6',
        clock,
        startsAt: Date.UTC(1990, 0, 1),
        rounds: 7,
      },
      T0,
      { creator: null, private: false },
    );
    expect(!bad.ok && bad.error.code).toBe('tournament_start_in_past');
    const many = await s.create(
      { kind: 'swiss', name: 'Never', variant: '7x6', clock, startsAt: T0, rounds: 10_000 },
      T0,
      { creator: null, private: false },
    );
    expect(!many.ok && many.error.code).toBe('tournament_bad_rounds');
    expect((await s.list(T0)).map((t) => t.name)).not.toContain('Never');
  });

  it('a scheduled tournament exists once, whichever process creates it', async () => {
    const input = {
      kind: 'arena',
      name: 'Hourly',
      variant: '7x6',
      clock,
      startsAt: T0 + 3_600_000,
      durationMinutes: 55,
    };
    const options = { creator: null, private: false, scheduleKey: `hourly@${T0}` };
    const [a, b] = await Promise.all([
      service('n1').create(input, T0, options),
      service('n2', second).create(input, T0, options),
    ]);
    const made = [a, b].filter((r) => r.ok && r.value !== null);
    expect(made).toHaveLength(1);
  });

  it('runs an arena: pairs, scores, re-pairs without rematches, keeps a withdrawn score, ends', async () => {
    const s = service('n1');
    const t = await arena(s);
    for (const p of players.slice(0, 4)) {
      expect((await s.join(t.id, p, hashOf(p.id), T0)).ok).toBe(true);
    }
    // Another tab or device: answered again, one entry, the newest seat secret kept.
    const twice = await s.join(t.id, players[0]!, hashOf('other-tab'), T0);
    expect(twice.ok && twice.value).toEqual({ again: true });
    const entries = await store.entrants(t.id);
    expect(entries).toHaveLength(4);
    expect(entries.find((e) => e.playerId === players[0]!.id)?.seatHash).toBe(hashOf('other-tab'));
    await s.join(t.id, players[0]!, hashOf(players[0]!.id), T0);

    await s.tick(T0 + 1000);
    let pairings = await store.pairings(t.id);
    expect(pairings).toHaveLength(2);
    const first = pairings.map((p) => [p.first, p.second].sort().join('-'));
    // Each game exists, rated, with the players' seat hashes and names.
    for (const p of pairings) {
      const g = (await games.getGame(p.gameId!))!;
      expect(g.status).toBe('playing');
      expect(g.seats).toEqual([hashOf(p.first), hashOf(p.second!)]);
      expect(g.rated).toBe(true);
    }
    // A second tick pairs nobody: everyone is playing.
    await s.tick(T0 + 2000);
    expect(await store.pairings(t.id)).toHaveLength(2);

    await end(pairings[0]!.gameId!, { kind: 'win', winner: 1, reason: 'connect' }, T0 + 60_000);
    await end(pairings[1]!.gameId!, { kind: 'draw', reason: 'draw' }, T0 + 61_000);
    // Finishing a game is a sign of presence: both are paired again at once.
    await s.tick(T0 + 62_000);
    pairings = await store.pairings(t.id);
    expect(pairings.slice(0, 2).map((p) => p.outcome)).toEqual(['first', 'draw']);
    expect(pairings).toHaveLength(4);
    const again = pairings.slice(2).map((p) => [p.first, p.second].sort().join('-'));
    for (const pair of again) expect(first).not.toContain(pair);

    const winner = pairings[0]!.first;
    let detail = (await s.detail(t.id))!;
    expect(TournamentResponseSchema.safeParse({ tournament: detail }).success).toBe(true);
    expect(detail.standings.find((r) => r.playerId === winner)!.score).toBe(2);
    expect(detail.standings.map((r) => r.score).sort()).toEqual([0, 1, 1, 2]);

    expect((await s.withdraw(t.id, winner)).ok).toBe(true);
    detail = (await s.detail(t.id))!;
    expect(detail.standings.find((r) => r.playerId === winner)).toMatchObject({
      score: 2,
      withdrawn: true,
    });

    // After the end: the running games finish and count, then the arena is over.
    const end1 = T0 + 30 * 60_000;
    await s.tick(end1);
    expect((await store.get(t.id))!.status).toBe('running');
    for (const p of pairings.slice(2))
      await end(p.gameId!, { kind: 'win', winner: 2, reason: 'resign' }, end1 + 5_000);
    await s.tick(end1 + 10_000);
    expect((await store.get(t.id))!.status).toBe('finished');
    expect(await store.pairings(t.id)).toHaveLength(4);
    const late = await s.join(t.id, players[4]!, hashOf(players[4]!.id), end1 + 20_000);
    expect(!late.ok && late.error.code).toBe('tournament_finished');
  });

  it('reads only the pairings after the settled ones, and pairs as from a full read', async () => {
    const asked: number[] = [];
    const spied = Object.assign(Object.create(store) as TournamentStore, {
      pairings: (id: string, fromSeq?: number) => {
        asked.push(fromSeq ?? 0);
        return store.pairings(id, fromSeq);
      },
    });
    const s = service('n1', spied);
    const t = await arena(s, 'Cached arena');
    for (const p of players.slice(0, 4)) await s.join(t.id, p, hashOf(p.id), T0);
    await s.tick(T0 + 1000);
    const [g0, g1] = await store.pairings(t.id);
    // The second game ends first: the first stays open, so nothing is settled for good yet.
    await end(g1!.gameId!, { kind: 'win', winner: 1, reason: 'connect' }, T0 + 30_000);
    await s.tick(T0 + 31_000);
    await end(g0!.gameId!, { kind: 'draw', reason: 'draw' }, T0 + 40_000);
    await s.tick(T0 + 41_000);
    await s.tick(T0 + 42_000);
    asked.length = 0;
    await s.tick(T0 + 43_000);
    expect(asked).toEqual([2]);
    const before = await store.pairings(t.id);
    // Each pair freed alone met again (nobody else was free); now both of those games end.
    expect(before.map((p) => p.outcome)).toEqual(['draw', 'first', null, null]);
    for (const p of before.slice(2)) {
      await end(p.gameId!, { kind: 'win', winner: 2, reason: 'resign' }, T0 + 50_000);
    }
    await s.tick(T0 + 51_000);
    const after = await store.pairings(t.id);
    // What a process reading every pairing would have paired at that moment.
    const settled = after.slice(0, before.length);
    const arenaNow = arenaOf(await store.entrants(t.id), settled, T0 + 51_000);
    const expected = pairFree(arenaNow, T0 + 51_000).pairs;
    expect(expected).toHaveLength(2);
    expect(after.slice(before.length).map((p) => ({ first: p.first, second: p.second }))).toEqual(
      expected,
    );
  });

  it('pairs only present players: a minute without a sign, or a no-show, and they wait', async () => {
    const s = service('n1');
    const t = await arena(s, 'Presence arena');
    for (const p of players.slice(0, 4)) await s.join(t.id, p, hashOf(p.id), T0);
    await s.tick(T0 + 61_000);
    expect(await store.pairings(t.id)).toHaveLength(0);
    for (const p of players.slice(0, 4)) await s.touch(t.id, p.id, T0 + 61_500);
    await s.tick(T0 + 62_000);
    const [a, b] = await store.pairings(t.id);
    // The first player of one game never moves: aborted, no points, and not paired again.
    await end(a!.gameId!, { kind: 'aborted', reason: 'no_first_move', player: 1 }, T0 + 92_000);
    await end(b!.gameId!, { kind: 'win', winner: 2, reason: 'connect' }, T0 + 93_000);
    await s.tick(T0 + 94_000);
    const next = (await store.pairings(t.id)).slice(2);
    expect(next).toHaveLength(1);
    expect([next[0]!.first, next[0]!.second]).not.toContain(a!.first);
    const standings = (await s.detail(t.id))!.standings;
    expect(standings.find((r) => r.playerId === a!.first)).toMatchObject({ score: 0, games: 0 });
  });

  it('two processes stepping at once pair each moment once', async () => {
    const s1 = service('n1');
    const s2 = service('n2', second);
    const t = await arena(s1, 'Race arena');
    for (const p of players.slice(0, 4)) await s1.join(t.id, p, hashOf(p.id), T0);
    // Both step (the lease is bypassed): the version lets only one pairing moment through.
    await Promise.all([s1.step(t.id, T0 + 1000), s2.step(t.id, T0 + 1000)]);
    const pairings = await store.pairings(t.id);
    expect(pairings).toHaveLength(2);
    const seated = pairings.flatMap((p) => [p.first, p.second]);
    expect(new Set(seated).size).toBe(4);
    // And the lease: only one process holds it at a time, until it expires or its holder's
    // heartbeat falls silent (a dead process), whichever comes first.
    const silent = (now: number): number => now - OWNER_SILENT_MS;
    expect(await store.lease(t.id, 'n1', T0, T0 + 15_000, silent(T0))).toBe(true);
    await games.beat('n1', T0);
    expect(await second.lease(t.id, 'n2', T0 + 1, T0 + 15_001, silent(T0 + 1))).toBe(false);
    const later = T0 + OWNER_SILENT_MS + 1;
    expect(await second.lease(t.id, 'n2', later, later + 15_000, silent(later))).toBe(true);
    expect(await store.lease(t.id, 'n1', later + 1, later + 15_001, silent(later + 1))).toBe(false);
    expect(await store.lease(t.id, 'n1', later + 15_001, later + 30_000, 0)).toBe(true);
  });

  it('creates a paired game lost to a crash between the pairing and the game', async () => {
    const s = service('n1');
    const t = await arena(s, 'Crash arena');
    for (const p of players.slice(0, 2)) await s.join(t.id, p, hashOf(p.id), T0);
    const started = { ...t, status: 'running' as const };
    expect(await store.advance(t, { status: 'running' })).toBe(true);
    const gameId = newId();
    // What a process killed right after the pairing's commit leaves: a pairing, no game.
    expect(
      await store.advance(
        { ...started, version: t.version + 1 },
        {
          pairings: [
            {
              seq: 0,
              round: null,
              gameId,
              first: players[0]!.id,
              second: players[1]!.id,
              outcome: null,
              pairedAt: T0 + 500,
              finishedAt: null,
            },
          ],
        },
      ),
    ).toBe(true);
    expect(await games.getGame(gameId)).toBeUndefined();
    await s.tick(T0 + 1000);
    expect((await games.getGame(gameId))?.status).toBe('playing');
    expect(await store.pairings(t.id)).toHaveLength(1);
  });

  it('runs a Swiss: rounds, a bye each, forfeits, withdrawal after two no-shows, tiebreaks', async () => {
    const s = service('n1');
    const made = await s.create(
      { kind: 'swiss', name: 'Test Swiss', variant: '7x7c5', clock, startsAt: T0, rounds: 3 },
      T0 - 1000,
      { creator: { id: 'player-ann', name: 'ann' }, private: true },
    );
    if (!made.ok || !made.value) throw new Error('not created');
    const t = made.value;
    for (const p of players) await s.join(t.id, p, hashOf(p.id), T0 - 500);
    let now = T0;
    const byes = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      await s.tick(now);
      const row = (await store.get(t.id))!;
      expect(row.round).toBe(round);
      const mine = (await store.pairings(t.id)).filter((p) => p.round === round);
      const bye = mine.find((p) => p.second === null);
      if (bye) {
        expect(byes.has(bye.first)).toBe(false);
        byes.add(bye.first);
      }
      // eve never shows up: her games are aborted on her first move.
      for (const p of mine.filter((x) => x.gameId !== null)) {
        const eveSeat = p.first === 'player-eve' ? 1 : p.second === 'player-eve' ? 2 : null;
        await end(
          p.gameId!,
          eveSeat === null
            ? { kind: 'win', winner: 1, reason: 'connect' }
            : { kind: 'aborted', reason: 'no_first_move', player: eveSeat },
          now + 60_000,
        );
      }
      now += 120_000;
      const late = await s.join(
        t.id,
        { id: 'player-zed', name: 'zed', rating: 1500 },
        hashOf('z'),
        now,
      );
      expect(!late.ok && late.error.code).toBe('tournament_closed');
    }
    // A player who withdrew may come back mid-event (not one withdrawn by two no-shows).
    expect((await s.withdraw(t.id, players[0]!.id)).ok).toBe(true);
    const annBack = await s.join(t.id, players[0]!, hashOf(players[0]!.id), now);
    expect(annBack.ok && annBack.value).toEqual({ again: false });
    await s.tick(now);
    const detail = (await s.detail(t.id))!;
    expect(detail.status).toBe('finished');
    expect(detail.private).toBe(true);
    expect((await s.list(now)).map((x) => x.id)).not.toContain(t.id);
    const eve = detail.standings.find((r) => r.playerId === 'player-eve')!;
    const eveGames = (await store.pairings(t.id)).filter(
      (p) => p.first === 'player-eve' || p.second === 'player-eve',
    );
    // The lowest-rated gets the round-1 bye (1 point), then two no-shows withdraw her.
    expect(eveGames.map((p) => [p.round, p.outcome])).toEqual([
      [1, 'bye'],
      [2, 'second_forfeit'],
      [3, 'second_forfeit'],
    ]);
    expect(eve).toMatchObject({ score: 1, withdrawn: true });
    for (const r of detail.standings) {
      expect(r.buchholz).toBeTypeOf('number');
      expect(r.sonnebornBerger).toBeTypeOf('number');
    }
    const scores = detail.standings.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});
