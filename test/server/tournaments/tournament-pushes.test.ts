import { describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../../src/server/bus/local.js';
import type { GameState } from '../../../src/server/game/state.js';
import type { ServerMessage } from '../../../src/protocol/index.js';
import type { Session } from '../../../src/server/session.js';
import { TournamentPushes } from '../../../src/server/tournaments/pushes.js';

const session = (): Session & { got: ServerMessage[] } => {
  const got: ServerMessage[] = [];
  return { address: '127.0.0.1', open: true, got, push: (m) => got.push(m) };
};

// Only what the registry reads of a game: its id and seated players.
const game = (id: string): GameState =>
  ({
    id,
    players: [
      { id: 'ada', name: 'Ada', rating: 1600 },
      { id: 'bob', name: 'Bob', rating: 1400 },
    ],
  }) as unknown as GameState;

describe('tournament pairing pushes', () => {
  it('tells each joined session its seat and opponent; forgets withdrawn players and closed sessions', async () => {
    const pushes = new TournamentPushes(new LocalBus());
    const [ada, bob, adaOther] = [session(), session(), session()];
    await pushes.add('t1', 'ada', ada);
    await pushes.add('t1', 'bob', bob);
    await pushes.add('t2', 'ada', adaOther);

    pushes.gameCreated(game('g1'), 't1', null);
    await vi.waitFor(() => {
      expect(bob.got).toHaveLength(1);
    });
    expect(ada.got).toEqual([
      {
        type: 'tournamentPairing',
        tournamentId: 't1',
        gameId: 'g1',
        seat: 1,
        opponent: { playerId: 'bob', name: 'Bob', rating: 1400 },
        round: null,
      },
    ]);
    expect(bob.got[0]).toMatchObject({ seat: 2, opponent: { playerId: 'ada' } });
    expect(adaOther.got).toEqual([]); // another tournament's

    pushes.removePlayer('t1', 'bob');
    pushes.removeSession(ada);
    pushes.gameCreated(game('g2'), 't1', 2);
    pushes.gameCreated(game('g3'), 't2', 1);
    await vi.waitFor(() => {
      expect(adaOther.got).toHaveLength(1);
    });
    expect(ada.got).toHaveLength(1);
    expect(bob.got).toHaveLength(1);
    expect(adaOther.got[0]).toMatchObject({ gameId: 'g3', round: 1 });
  });
});
