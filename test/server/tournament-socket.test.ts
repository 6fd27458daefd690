import { describe, expect, it } from 'vitest';
import { TournamentResponseSchema } from '../../src/protocol/index.js';
import { newSecret } from '../../src/server/secrets.js';
import { BACKEND_CASES } from './helpers.js';
import { ClientSet, createPlayer, is, suiteServer } from './lobby.js';

// The outside client's path, as docs/protocol.md ("Tournaments") gives it: every tournament
// message goes over the game socket and is answered by id.
describe.each(BACKEND_CASES)('tournaments over the WebSocket (%s)', (_name, make) => {
  const clients = new ClientSet();
  const server = suiteServer(make, { TOURNAMENT_SCHEDULE: 'off' }, clients);

  it('a named player creates a private arena, joins it, watches it; a stranger may not join', async () => {
    const ada = await createPlayer(server.url, 'Ada Sockets');
    const client = await clients.connect(server.url);
    const settings = {
      kind: 'arena',
      name: 'Socket friends',
      variant: '7x6',
      clock: { initialMs: 60_000, incrementMs: 0 },
      startsAt: Date.now() + 10 * 60_000,
      durationMinutes: 30,
    };
    const created = await client.request({
      type: 'tournamentCreate',
      player: ada.secret,
      settings,
    });
    expect(created).toMatchObject({ type: 'tournamentCreated' });
    const tournamentId = (created as { tournamentId: string }).tournamentId;

    const joined = await client.request({
      type: 'tournamentJoin',
      tournamentId,
      player: ada.secret,
      secret: newSecret(),
    });
    expect(joined).toMatchObject({ type: 'tournamentJoined', tournamentId });

    const stranger = await client.request({
      type: 'tournamentJoin',
      tournamentId,
      player: newSecret(),
      secret: newSecret(),
    });
    expect(stranger).toMatchObject({ type: 'error', code: 'identity_required' });

    const watched = await client.request({ type: 'tournamentWatch', tournamentId });
    expect(watched).toMatchObject({ type: 'tournament', tournament: { id: tournamentId } });

    // The HTTP read agrees with what the socket did.
    const page = TournamentResponseSchema.parse(
      await (await fetch(new URL(`/api/tournaments/${tournamentId}`, server.url))).json(),
    ).tournament;
    expect(page.standings.map((s) => s.name)).toEqual(['Ada Sockets']);
  });

  it('tells both players of an arena their game, seat and opponent; each joins it with their secret', async () => {
    const [ada, bob] = await Promise.all([
      createPlayer(server.url, 'Ada Paired'),
      createPlayer(server.url, 'Bob Paired'),
    ]);
    const [ca, cb] = await Promise.all([clients.connect(server.url), clients.connect(server.url)]);
    // Starting now: the runner's next tick (every second) pairs the two as soon as both are in.
    const created = await ca.request({
      type: 'tournamentCreate',
      player: ada.secret,
      settings: {
        kind: 'arena',
        name: 'Paired at once',
        variant: '7x6',
        clock: { initialMs: 60_000, incrementMs: 0 },
        startsAt: Date.now(),
        durationMinutes: 30,
      },
    });
    const tournamentId = (created as { tournamentId: string }).tournamentId;
    const seats = [newSecret(), newSecret()] as const;
    for (const [client, who, secret] of [
      [ca, ada, seats[0]],
      [cb, bob, seats[1]],
    ] as const) {
      expect(
        await client.request({ type: 'tournamentJoin', tournamentId, player: who.secret, secret }),
      ).toMatchObject({ type: 'tournamentJoined', tournamentId });
    }

    const [pa, pb] = await Promise.all([
      ca.waitFor(is('tournamentPairing'), 10_000),
      cb.waitFor(is('tournamentPairing'), 10_000),
    ]);
    expect(pa).toMatchObject({ tournamentId, round: null, opponent: { name: 'Bob Paired' } });
    expect(pb).toMatchObject({ tournamentId, round: null, opponent: { name: 'Ada Paired' } });
    expect(pb.gameId).toBe(pa.gameId);
    expect([pa.seat, pb.seat].sort()).toEqual([1, 2]);

    expect(await ca.request({ type: 'join', gameId: pa.gameId, secret: seats[0] })).toMatchObject({
      type: 'joined',
      gameId: pa.gameId,
      seat: pa.seat,
    });
    expect(await cb.request({ type: 'join', gameId: pb.gameId, secret: seats[1] })).toMatchObject({
      type: 'joined',
      gameId: pb.gameId,
      seat: pb.seat,
    });
  });

  it('refuses a malformed tournament message by name, as any other', async () => {
    const client = await clients.connect(server.url);
    const reply = await client.request({ type: 'tournamentWatch', tournamentId: 42 });
    expect(reply).toMatchObject({ type: 'error', code: 'bad_message' });
  });
});
