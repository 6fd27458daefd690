import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TournamentResponseSchema, type TournamentDetail } from '../../src/protocol/index.js';
import type { TournamentStore } from '../../src/server/tournaments/store.js';
import { requireOrSkip } from '../support/skips.js';
import { BACKEND_CASES, REDIS_MISSING, TestClient, newSecret } from './helpers.js';
import {
  ClientSet,
  createPlayer,
  eventually,
  is,
  suiteServer,
  type Msg,
  type Named,
} from './lobby.js';
import { tournamentStoreOf } from './tournament-games.js';
import { twoProcesses } from './two-processes.js';

/**
 * One player, several connections (docs/protocol.md, "Tournaments"): joining again from a
 * second tab or device is answered `again` and registers nothing twice, every connection hears
 * of the pairing, a player whose pages all closed is not paired until back (on any process),
 * and withdrawing then rejoining keeps the score.
 */

const arenaNow = (name: string): Record<string, unknown> => ({
  kind: 'arena',
  name,
  variant: '7x6',
  clock: { initialMs: 60_000, incrementMs: 0 },
  startsAt: Date.now(),
  durationMinutes: 30,
});

async function create(client: TestClient, who: Named, name: string): Promise<string> {
  const created = await client.request({
    type: 'tournamentCreate',
    player: who.secret,
    settings: arenaNow(name),
  });
  expect(created.type).toBe('tournamentCreated');
  return (created as Msg<'tournamentCreated'>).tournamentId;
}

const join = (client: TestClient, tournamentId: string, who: Named, secret: string) =>
  client.request({ type: 'tournamentJoin', tournamentId, player: who.secret, secret });

const pairing = (client: TestClient): Promise<Msg<'tournamentPairing'>> =>
  client.waitFor(is('tournamentPairing'), 15_000);

async function detail(url: string, id: string): Promise<TournamentDetail> {
  const res = await fetch(new URL(`/api/tournaments/${id}`, url));
  return TournamentResponseSchema.parse(await res.json()).tournament;
}

/** Waits until the store says the player is marked absent (every page closed). */
const markedAbsent = (store: TournamentStore, id: string, playerId: string) =>
  eventually(async () => {
    const e = (await store.entrants(id)).find((r) => r.playerId === playerId);
    return e?.presentUntil === 0 ? true : undefined;
  }, 10_000);

describe.each(BACKEND_CASES)('one player, several connections (%s)', (_name, make) => {
  const clients = new ClientSet();
  const server = suiteServer(make, { TOURNAMENT_SCHEDULE: 'off' }, clients);
  let store: TournamentStore;

  beforeAll(() => {
    store = tournamentStoreOf(server.backend);
  });
  afterAll(async () => {
    await store.close();
  });

  it('a second tab joins again without a second entry, and both tabs hear of the pairing', async () => {
    const [ann, bob] = await Promise.all([
      createPlayer(server.url, 'Ann Two Tabs'),
      createPlayer(server.url, 'Bob One Tab'),
    ]);
    const [tab1, tab2, other] = await Promise.all([
      clients.connect(server.url),
      clients.connect(server.url),
      clients.connect(server.url),
    ]);
    const id = await create(tab1, ann, 'Two tabs');
    const seat = newSecret();
    expect(await join(tab1, id, ann, seat)).toMatchObject({
      type: 'tournamentJoined',
      again: false,
    });
    expect(await join(tab2, id, ann, seat)).toMatchObject({
      type: 'tournamentJoined',
      again: true,
    });
    expect((await detail(server.url, id)).standings.map((s) => s.name)).toEqual(['Ann Two Tabs']);

    expect(await join(other, id, bob, newSecret())).toMatchObject({ again: false });
    const [p1, p2, pb] = await Promise.all([pairing(tab1), pairing(tab2), pairing(other)]);
    expect(p2).toEqual(p1);
    expect(pb.gameId).toBe(p1.gameId);
    expect(p1.opponent.name).toBe('Bob One Tab');
    // Either tab takes the seat with the secret both joined with.
    expect(await tab2.request({ type: 'join', gameId: p1.gameId, secret: seat })).toMatchObject({
      type: 'joined',
      seat: p1.seat,
    });
    expect((await detail(server.url, id)).players).toBe(2);
  });

  it('a player whose page closed is not paired until back; withdraw and rejoin keep the score', async () => {
    const [ann, bob, cid, dan] = (await Promise.all(
      ['Ann Away', 'Bob Here', 'Cid Here', 'Dan Later'].map((n) => createPlayer(server.url, n)),
    )) as [Named, Named, Named, Named];
    const host = await clients.connect(server.url);
    const id = await create(host, ann, 'Away and back');
    const annSeat = newSecret();
    const gone = await TestClient.connect(server.url);
    expect(await join(gone, id, ann, annSeat)).toMatchObject({ type: 'tournamentJoined' });
    await gone.close();
    await markedAbsent(store, id, ann.player.id);

    // Bob and Cid are paired with each other: the ticks run, and Ann is left out.
    const [cb, cc] = await Promise.all([clients.connect(server.url), clients.connect(server.url)]);
    await join(cb, id, bob, newSecret());
    await join(cc, id, cid, newSecret());
    const [pb, pc] = await Promise.all([pairing(cb), pairing(cc)]);
    expect([pb.opponent.name, pc.opponent.name]).toEqual(['Cid Here', 'Bob Here']);

    // Back on a new connection: joining again marks her present; she is paired with Dan.
    const back = await clients.connect(server.url);
    expect(await join(back, id, ann, annSeat)).toMatchObject({ again: true });
    const cd = await clients.connect(server.url);
    const danSeat = newSecret();
    await join(cd, id, dan, danSeat);
    const [pa, pd] = await Promise.all([pairing(back), pairing(cd)]);
    expect(pa.opponent.name).toBe('Dan Later');
    expect(pd.gameId).toBe(pa.gameId);

    // Dan resigns: Ann has 2 points, which a withdrawal and a rejoin keep.
    const annScore = async (): Promise<number | undefined> =>
      (await detail(server.url, id)).standings.find((s) => s.playerId === ann.player.id)?.score;
    expect(await cd.request({ type: 'join', gameId: pd.gameId, secret: danSeat })).toMatchObject({
      type: 'joined',
      seat: pd.seat,
    });
    expect(await cd.request({ type: 'resign', gameId: pd.gameId })).toMatchObject({ type: 'ack' });
    await eventually(async () => ((await annScore()) === 2 ? true : undefined), 10_000);
    expect(
      await back.request({ type: 'tournamentWithdraw', tournamentId: id, player: ann.secret }),
    ).toMatchObject({ type: 'tournamentWithdrawn' });
    expect(await join(back, id, ann, annSeat)).toMatchObject({ again: false });
    expect(await annScore()).toBe(2);
  });
});

const redisReady = requireOrSkip(
  'tournament presence on two processes (test/server/tournament-presence.test.ts)',
  REDIS_MISSING,
);

describe.runIf(redisReady).each(BACKEND_CASES)(
  'tournament presence on two processes (%s)',
  (_name, make) => {
    const backend = make();
    const { servers, stop } = twoProcesses(backend, { TOURNAMENT_SCHEDULE: 'off' });
    const clients = new ClientSet();
    let store: TournamentStore | undefined;

    afterAll(async () => {
      await clients.closeAll();
      await store?.close();
      await stop();
    });

    it('closing the tab on one process leaves the player present while a tab on the other is open', async () => {
      const [a, b] = (await Promise.all(servers.map((s) => s.start()))) as [string, string];
      store = tournamentStoreOf(backend);
      const ann = await createPlayer(a, 'Ann Both Places');
      const here = await TestClient.connect(a);
      const there = await clients.connect(b);
      const id = await create(there, ann, 'Two places');
      const seat = newSecret();
      await join(here, id, ann, seat);
      expect(await join(there, id, ann, seat)).toMatchObject({ again: true });
      const entrant = async () =>
        (await store!.entrants(id)).find((e) => e.playerId === ann.player.id)!;
      const before = (await entrant()).presentUntil;

      // Process A marks her absent and says so; process B, where her other tab is, restores her.
      await here.close();
      const after = await eventually(async () => {
        const until = (await entrant()).presentUntil;
        return until !== before ? until : undefined;
      }, 10_000);
      await eventually(async () => ((await entrant()).presentUntil > 0 ? true : undefined), 10_000);
      expect(after === 0 || after > before).toBe(true);

      // Once the last tab closes too, she is absent.
      await clients.closeAll();
      await markedAbsent(store, id, ann.player.id);
    });
  },
);
