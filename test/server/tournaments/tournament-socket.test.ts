import { describe, expect, it } from 'vitest';
import { newSecret } from '../../../src/server/secrets.js';
import { BACKEND_CASES } from '../helpers.js';
import { ClientSet, createPlayer, suiteServer } from '../lobby.js';
import {
  arenaNow,
  createTournament,
  joinTournament,
  pairingOf,
  tournamentPage,
} from './tournament-clients.js';

// The outside client's path, as docs/protocol.md ("Tournaments") gives it: every tournament
// message goes over the game socket and is answered by id.
describe.each(BACKEND_CASES)('tournaments over the WebSocket (%s)', (_name, make) => {
  const clients = new ClientSet();
  const server = suiteServer(make, { TOURNAMENT_SCHEDULE: 'off' }, clients);

  it('a named player creates a private arena, joins it, watches it; a stranger may not join', async () => {
    const ada = await createPlayer(server.url, 'Ada Sockets');
    const client = await clients.connect(server.url);
    const tournamentId = await createTournament(client, ada, 'Socket friends', {
      ...arenaNow('Socket friends'),
      startsAt: Date.now() + 10 * 60_000,
    });

    const joined = await joinTournament(client, tournamentId, ada, newSecret());
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
    const page = await tournamentPage(server.url, tournamentId);
    expect(page.standings.map((s) => s.name)).toEqual(['Ada Sockets']);
  });

  it('tells both players of an arena their game, seat and opponent; each joins it with their secret', async () => {
    const [ada, bob] = await Promise.all([
      createPlayer(server.url, 'Ada Paired'),
      createPlayer(server.url, 'Bob Paired'),
    ]);
    const [ca, cb] = await Promise.all([clients.connect(server.url), clients.connect(server.url)]);
    // Starting now: the runner's next tick (every second) pairs the two as soon as both are in.
    const tournamentId = await createTournament(ca, ada, 'Paired at once');
    const seats = [newSecret(), newSecret()] as const;
    for (const [client, who, secret] of [
      [ca, ada, seats[0]],
      [cb, bob, seats[1]],
    ] as const) {
      expect(await joinTournament(client, tournamentId, who, secret)).toMatchObject({
        type: 'tournamentJoined',
        tournamentId,
      });
    }

    const [pa, pb] = await Promise.all([pairingOf(ca, 10_000), pairingOf(cb, 10_000)]);
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
