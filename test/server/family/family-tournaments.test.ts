import { describe, expect, it } from 'vitest';
import { BACKEND_CASES, newSecret } from '../helpers.js';
import {
  ClientSet,
  createPlayer,
  finished,
  readGame,
  readPlayerPage,
  suiteServer,
} from '../lobby.js';
import {
  arenaNow,
  createTournament,
  joinTournament,
  pairingOf,
  tournamentPage,
} from '../tournaments/tournament-clients.js';

/**
 * A tournament of a family game: its games are of that game, rated in its pool, and a pop is
 * played in them like in any game.
 */
describe.each(BACKEND_CASES)('family tournaments (%s)', (_name, make) => {
  const clients = new ClientSet();
  const server = suiteServer(make, { TOURNAMENT_SCHEDULE: 'off' }, clients);

  it.each([
    ['arena', 'popout'],
    ['swiss', 'five'],
  ] as const)('%s of %s: games of that game, rated in its pool', async (kind, game) => {
    const ann = await createPlayer(server.url, `Ann ${kind}`);
    const bob = await createPlayer(server.url, `Bob ${kind}`);
    const [ca, cb] = await Promise.all([clients.connect(server.url), clients.connect(server.url)]);
    // The game's own board: no variant.
    const arena = Object.fromEntries(
      Object.entries(arenaNow(`${game} cup`)).filter(([key]) => key !== 'variant'),
    );
    const settings =
      kind === 'arena'
        ? { ...arena, game }
        : { ...arena, kind: 'swiss', rounds: 1, durationMinutes: undefined, game };
    const tournamentId = await createTournament(ca, ann, `${game} cup`, settings);
    expect(await tournamentPage(server.url, tournamentId)).toMatchObject({ game });
    const seats = { [ann.player.id]: newSecret(), [bob.player.id]: newSecret() };
    await joinTournament(ca, tournamentId, ann, seats[ann.player.id]!);
    await joinTournament(cb, tournamentId, bob, seats[bob.player.id]!);
    const [pa, pb] = await Promise.all([pairingOf(ca), pairingOf(cb)]);
    await ca.request({ type: 'join', gameId: pa.gameId, secret: seats[ann.player.id] });
    await cb.request({ type: 'join', gameId: pb.gameId, secret: seats[bob.player.id] });
    const start = await readGame(server.url, pa.gameId);
    expect(start).toMatchObject({ game, status: 'playing', rated: true });
    const [red, yellow] = pa.seat === 1 ? [ca, cb] : [cb, ca];
    // Red drops in column 4, Yellow answers, and in PopOut Red pops its disc back out.
    const moves =
      game === 'popout'
        ? [
            [red, 3, 'drop'],
            [yellow, 4, 'drop'],
            [red, 3, 'pop'],
          ]
        : [
            [red, 3, 'drop'],
            [yellow, 4, 'drop'],
          ];
    for (const [version, [who, column, moveKind]] of moves.entries()) {
      const reply = await (who as typeof red).request({
        type: 'move',
        gameId: pa.gameId,
        column,
        kind: moveKind,
        version,
      });
      expect(reply).toMatchObject({ type: 'ack' });
    }
    await yellow.request({ type: 'resign', gameId: pa.gameId });
    const end = await finished(red);
    expect(end).toMatchObject({ game, result: { kind: 'win', reason: 'resign' } });
    const winner = pa.seat === 1 ? ann : bob;
    const page = await readPlayerPage(server.url, winner.player.id);
    expect(page.player.ratings.find((r) => r.pool === game)).toMatchObject({ games: 1, wins: 1 });
    expect(page.games[0]).toMatchObject({ game, pool: game });
  });
});
