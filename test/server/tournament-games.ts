import { LocalBus } from '../../src/server/bus/local.js';
import type { GameState } from '../../src/server/game/state.js';
import { createLogger } from '../../src/server/log.js';
import { Matchmaking } from '../../src/server/matchmaking/service.js';
import { Metrics } from '../../src/server/metrics.js';
import type { PlayerService } from '../../src/server/players.js';
import type { GameStore } from '../../src/server/store/types.js';
import type { TournamentDeps } from '../../src/server/tournaments/service.js';

/** Tournament seats carry their players already: the player service is never asked. */
const NO_PLAYERS = {} as unknown as PlayerService;

export const LIMITS = { abortMs: 30_000, leaveMs: 90_000 };

/**
 * What a `TournamentService` outside a server needs to make its games: the real matchmaking
 * service's `startGame` over `games` (as the server wires it), with the games it made.
 */
export function tournamentGames(
  games: GameStore,
): Pick<TournamentDeps, 'games' | 'startGame'> & { readonly made: GameState[] } {
  const made: GameState[] = [];
  const matchmaking = new Matchmaking({
    store: games,
    bus: new LocalBus(),
    players: NO_PLAYERS,
    now: Date.now,
    random: Math.random,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    limits: LIMITS,
    botWaitMs: 10_000,
    onStored: (state) => made.push(state),
  });
  // Its only timer renews quick-match seeks, which these tests never make.
  matchmaking.close();
  return { games, startGame: (setup) => matchmaking.startGame(setup), made };
}
