import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/server/game/state.js';
import { newId } from '../../../src/server/secrets.js';
import type { GameStore } from '../../../src/server/store/types.js';
import { TournamentService } from '../../../src/server/tournaments/service.js';
import type { TournamentStore } from '../../../src/server/tournaments/store.js';
import { BACKEND_CASES, newSecret, type Backend } from '../helpers.js';
import {
  ClientSet,
  createPlayer,
  eventually,
  finished,
  readGame,
  readPlayerPage,
  suiteServer,
} from '../lobby.js';
import {
  LIMITS,
  seededTournament,
  tournamentGames,
  tournamentStoreOf,
} from './tournament-games.js';
import {
  createTournament,
  joinTournament,
  pairingOf,
  tournamentPage,
} from './tournament-clients.js';

/**
 * Tournament games are made by the matchmaking service's `startGame`, like any game between two
 * given players: rated in their pool, with the first-move abort, and their result reaches the
 * tournament once however many processes settle it.
 */
describe.each(BACKEND_CASES)('tournament games are games like any other (%s)', (_name, make) => {
  const clients = new ClientSet();
  const server = suiteServer(make, { TOURNAMENT_SCHEDULE: 'off' }, clients);

  it('an arena game is timed and rated in its pool, and its result counts in the standings', async () => {
    const ann = await createPlayer(server.url, 'Ann Rated');
    const bob = await createPlayer(server.url, 'Bob Rated');
    const [ca, cb] = await Promise.all([clients.connect(server.url), clients.connect(server.url)]);
    const tournamentId = await createTournament(ca, ann, 'Rated arena');
    const seats = { [ann.player.id]: newSecret(), [bob.player.id]: newSecret() };
    for (const [client, who] of [
      [ca, ann],
      [cb, bob],
    ] as const) {
      await joinTournament(client, tournamentId, who, seats[who.player.id]!);
    }
    const [pa, pb] = await Promise.all([pairingOf(ca), pairingOf(cb)]);
    await ca.request({ type: 'join', gameId: pa.gameId, secret: seats[ann.player.id] });
    await cb.request({ type: 'join', gameId: pb.gameId, secret: seats[bob.player.id] });
    const start = await readGame(server.url, pa.gameId);
    expect(start).toMatchObject({ status: 'playing', rated: true, variant: '7x6c4' });
    // The first-move rule of every game: seat 1 aborts it by not moving in time.
    expect(start.abortAt).toBe(start.createdAt + LIMITS.abortMs);

    // Seat 1 wins in column 0 (seat 2 answers in column 1).
    const bySeat = pa.seat === 1 ? [ca, cb] : [cb, ca];
    for (let version = 0; version < 7; version++) {
      const mover = bySeat[version % 2]!;
      const reply = await mover.request({
        type: 'move',
        gameId: pa.gameId,
        column: version % 2,
        version,
      });
      expect(reply.type).toBe('ack');
    }
    const end = await finished(ca);
    expect(end.result).toMatchObject({ kind: 'win', winner: 1 });
    expect(end.ratingChanges?.every((c) => c !== null)).toBe(true);
    const winner = pa.seat === 1 ? ann : bob;
    const page = await readPlayerPage(server.url, winner.player.id);
    expect(page.player.ratings.find((r) => r.pool === 'classic')).toMatchObject({
      games: 1,
      wins: 1,
    });
    const standings = await eventually(async () => {
      const t = await tournamentPage(server.url, tournamentId);
      return t.standings.some((s) => s.games === 1) ? t.standings : undefined;
    }, 10_000);
    expect(standings.map((s) => [s.name, s.score, s.games])).toEqual([
      [winner.player.name, 2, 1],
      [winner === ann ? 'Bob Rated' : 'Ann Rated', 0, 1],
    ]);
  });
});

describe.each(BACKEND_CASES)('a tournament result counts once (%s)', (_name, make) => {
  let backend: Backend;
  let games: GameStore;
  const stores: TournamentStore[] = [];

  beforeAll(async () => {
    backend = make();
    games = await backend.open();
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await games.close();
    await backend.cleanup();
  });

  /** One more process: its own store connection, its own matchmaking, counting what it does. */
  function instance(node: string) {
    const store = tournamentStoreOf(backend);
    stores.push(store);
    const finishes: number[] = [];
    const told: string[] = [];
    const counting: TournamentStore = Object.assign(Object.create(store) as TournamentStore, {
      finish: async (id: string, seq: number, outcome: string, at: number) => {
        const wrote = await store.finish(id, seq, outcome, at);
        if (wrote) finishes.push(seq);
        return wrote;
      },
    });
    const made = tournamentGames(games);
    const service = new TournamentService({
      store: counting,
      ...made,
      node,
      newId,
      onGame: (state) => told.push(state.id),
    });
    return { service, store, finishes, told, made: made.made };
  }

  it('two processes settling and healing at once: one game, one push, one outcome', async () => {
    const [a, b] = [instance('a'), instance('b')];
    const now = Date.now();
    const { id } = await seededTournament(a.service, now, 2, {
      name: 'Twice settled',
      clock: { initialMs: 60_000, incrementMs: 0 },
    });
    // The pairing is written but its game is not (a crash between the two): both processes
    // step at once (the lease bypassed, as if both believed they held it) and heal it.
    const t = (await a.store.get(id))!;
    const gameId = newId();
    await a.store.advance(t, {
      pairings: [
        {
          seq: 0,
          round: null,
          gameId,
          first: `p0-${id}`,
          second: `p1-${id}`,
          outcome: null,
          pairedAt: now,
          finishedAt: null,
        },
      ],
    });
    await Promise.all([a.service.step(id, now + 1000), b.service.step(id, now + 1000)]);
    expect(await games.getGame(gameId)).toBeDefined();
    expect([...a.made, ...b.made].filter((g) => g.id === gameId)).toHaveLength(1);
    expect([...a.told, ...b.told].filter((g) => g === gameId)).toHaveLength(1);

    // The game ends; both settle it at once, twice over.
    const g = (await games.getGame(gameId))!;
    const done: GameState = {
      ...g,
      version: g.version + 1,
      status: 'finished',
      result: { kind: 'win', winner: 2, reason: 'resign' },
      updatedAt: now + 5000,
    };
    expect(await games.compareAndSet(done, g.version)).toBe(true);
    for (let i = 0; i < 2; i++) {
      await Promise.all([a.service.step(id, now + 6000), b.service.step(id, now + 6000)]);
    }
    expect([...a.finishes, ...b.finishes]).toEqual([0]);
    const standings = (await a.service.detail(id))!.standings;
    expect(standings.map((s) => [s.name, s.score, s.games])).toEqual([
      ['n1', 2, 1],
      ['n0', 0, 1],
    ]);
  });
});
