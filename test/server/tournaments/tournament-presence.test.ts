import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentStore } from '../../../src/server/tournaments/store.js';
import { BACKEND_CASES, TestClient, newSecret } from '../helpers.js';
import { ClientSet, createPlayer, eventually, suiteServer, type Named } from '../lobby.js';
import { tournamentStoreOf } from './tournament-games.js';
import {
  createTournament,
  joinTournament,
  pairingOf,
  tournamentPage,
} from './tournament-clients.js';
import { describeTwoProcesses } from '../two-processes.js';

/**
 * One player, several connections (docs/protocol.md, "Tournaments"): joining again from a
 * second tab or device is answered `again` and registers nothing twice, every connection hears
 * of the pairing, a player whose pages all closed is not paired until back (on any process),
 * and withdrawing then rejoining keeps the score.
 */

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
    const id = await createTournament(tab1, ann, 'Two tabs');
    const seat = newSecret();
    expect(await joinTournament(tab1, id, ann, seat)).toMatchObject({
      type: 'tournamentJoined',
      again: false,
    });
    expect(await joinTournament(tab2, id, ann, seat)).toMatchObject({
      type: 'tournamentJoined',
      again: true,
    });
    expect((await tournamentPage(server.url, id)).standings.map((s) => s.name)).toEqual([
      'Ann Two Tabs',
    ]);

    expect(await joinTournament(other, id, bob, newSecret())).toMatchObject({ again: false });
    const [p1, p2, pb] = await Promise.all([pairingOf(tab1), pairingOf(tab2), pairingOf(other)]);
    expect(p2).toEqual(p1);
    expect(pb.gameId).toBe(p1.gameId);
    expect(p1.opponent.name).toBe('Bob One Tab');
    // Either tab takes the seat with the secret both joined with.
    expect(await tab2.request({ type: 'join', gameId: p1.gameId, secret: seat })).toMatchObject({
      type: 'joined',
      seat: p1.seat,
    });
    expect((await tournamentPage(server.url, id)).players).toBe(2);
  });

  it('a player whose page closed is not paired until back; withdraw and rejoin keep the score', async () => {
    const [ann, bob, cid, dan] = (await Promise.all(
      ['Ann Away', 'Bob Here', 'Cid Here', 'Dan Later'].map((n) => createPlayer(server.url, n)),
    )) as [Named, Named, Named, Named];
    const host = await clients.connect(server.url);
    const id = await createTournament(host, ann, 'Away and back');
    const annSeat = newSecret();
    const gone = await TestClient.connect(server.url);
    expect(await joinTournament(gone, id, ann, annSeat)).toMatchObject({
      type: 'tournamentJoined',
    });
    await gone.close();
    await markedAbsent(store, id, ann.player.id);

    // Bob and Cid are paired with each other: the ticks run, and Ann is left out.
    const [cb, cc] = await Promise.all([clients.connect(server.url), clients.connect(server.url)]);
    await joinTournament(cb, id, bob, newSecret());
    await joinTournament(cc, id, cid, newSecret());
    const [pb, pc] = await Promise.all([pairingOf(cb), pairingOf(cc)]);
    expect([pb.opponent.name, pc.opponent.name]).toEqual(['Cid Here', 'Bob Here']);

    // Back on a new connection: joining again marks her present; she is paired with Dan.
    const back = await clients.connect(server.url);
    expect(await joinTournament(back, id, ann, annSeat)).toMatchObject({ again: true });
    const cd = await clients.connect(server.url);
    const danSeat = newSecret();
    await joinTournament(cd, id, dan, danSeat);
    const [pa, pd] = await Promise.all([pairingOf(back), pairingOf(cd)]);
    expect(pa.opponent.name).toBe('Dan Later');
    expect(pd.gameId).toBe(pa.gameId);

    // Dan resigns: Ann has 2 points, which a withdrawal and a rejoin keep.
    const annScore = async (): Promise<number | undefined> =>
      (await tournamentPage(server.url, id)).standings.find((s) => s.playerId === ann.player.id)
        ?.score;
    expect(await cd.request({ type: 'join', gameId: pd.gameId, secret: danSeat })).toMatchObject({
      type: 'joined',
      seat: pd.seat,
    });
    expect(await cd.request({ type: 'resign', gameId: pd.gameId })).toMatchObject({ type: 'ack' });
    await eventually(async () => ((await annScore()) === 2 ? true : undefined), 10_000);
    expect(
      await back.request({ type: 'tournamentWithdraw', tournamentId: id, player: ann.secret }),
    ).toMatchObject({ type: 'tournamentWithdrawn' });
    expect(await joinTournament(back, id, ann, annSeat)).toMatchObject({ again: false });
    expect(await annScore()).toBe(2);
  });
});

describeTwoProcesses(
  'tournament presence on two processes',
  'tournaments/tournament-presence.test.ts',
  { TOURNAMENT_SCHEDULE: 'off' },
  ({ servers, backend, clients }) => {
    let store: TournamentStore | undefined;

    afterAll(async () => {
      // Before the suite's processes stop and its store is dropped (vitest runs after-hooks
      // last-registered first).
      await store?.close();
    });

    it('closing the tab on one process leaves the player present while a tab on the other is open', async () => {
      const [a, b] = (await Promise.all(servers.map((s) => s.start()))) as [string, string];
      store = tournamentStoreOf(backend);
      const ann = await createPlayer(a, 'Ann Both Places');
      const here = await TestClient.connect(a);
      const there = await clients.connect(b);
      const id = await createTournament(there, ann, 'Two places');
      const seat = newSecret();
      await joinTournament(here, id, ann, seat);
      expect(await joinTournament(there, id, ann, seat)).toMatchObject({ again: true });
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
