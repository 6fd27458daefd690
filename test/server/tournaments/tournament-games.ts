import { LocalBus } from '../../../src/server/bus/local.js';
import type { GameState } from '../../../src/server/game/state.js';
import { createLogger } from '../../../src/server/log.js';
import { GameService } from '../../../src/server/games.js';
import { Metrics } from '../../../src/server/metrics.js';
import type { GameStore } from '../../../src/server/store/types.js';
import type { TournamentSettingsInput } from '../../../src/tournament/index.js';
import { openTournamentStore } from '../../../src/server/tournaments/open.js';
import type { TournamentDeps, TournamentService } from '../../../src/server/tournaments/service.js';
import type { TournamentStore } from '../../../src/server/tournaments/store.js';
import { afterAll, beforeAll } from 'vitest';
import { ServerProcess, type Backend } from '../helpers.js';

export const LIMITS = { abortMs: 30_000, leaveMs: 90_000 };

/**
 * What a `TournamentService` outside a server needs to make its games: the real game
 * service's `start` over `games` (as the server wires it), with the games it made.
 */
export function tournamentGames(
  games: GameStore,
): Pick<TournamentDeps, 'games' | 'startGame'> & { readonly made: GameState[] } {
  const made: GameState[] = [];
  const service = new GameService({
    store: games,
    bus: new LocalBus(),
    now: Date.now,
    random: Math.random,
    metrics: new Metrics(),
    log: createLogger('silent', () => undefined),
    limits: LIMITS,
    onStored: (state) => made.push(state),
  });
  return { games, startGame: (setup) => service.start(setup), made };
}

/** The tournament tables of `backend`, on a connection of their own (another process's view). */
export const tournamentStoreOf = (backend: Backend): TournamentStore =>
  openTournamentStore({
    databaseUrl: backend.env['DATABASE_URL'],
    databaseSchema: backend.env['DATABASE_SCHEMA'] ?? 'public',
    databasePath: backend.env['DATABASE_PATH'] ?? '',
  });

/**
 * A public tournament (an arena of 30 minutes unless `settings` say otherwise) starting `now`,
 * with `count` players joined straight through the service: ids `p0-<id>`…, names `n0`…,
 * rated 1500, seat hashes `000…`, `111…`.
 */
export async function seededTournament(
  service: TournamentService,
  now: number,
  count: number,
  settings: Partial<TournamentSettingsInput> & { readonly name: string },
): Promise<{ readonly id: string; readonly players: readonly string[] }> {
  const made = await service.create(
    {
      kind: 'arena',
      variant: '7x6',
      clock: { initialMs: 180_000, incrementMs: 0 },
      startsAt: now,
      durationMinutes: 30,
      ...settings,
    },
    now,
    { creator: null, private: false },
  );
  if (!made.ok || !made.value) throw new Error('not created');
  const id = made.value.id;
  const players = Array.from({ length: count }, (_, i) => `p${i}-${id}`);
  for (const [i, p] of players.entries()) {
    await service.join(id, { id: p, name: `n${i}`, rating: 1500 }, String(i).repeat(64), now);
  }
  return { id, players };
}

/** What a suite of real server processes over one store reads and writes beside them. */
export interface ProcessSuite {
  readonly backend: Backend;
  readonly games: GameStore;
  readonly store: TournamentStore;
  /** A new server process on the suite's store (killed at the suite's end), started. */
  serve(env?: Record<string, string>): Promise<ServerProcess>;
}

/**
 * Opens a fresh `make()` store (games and tournament tables) before the suite and, after it,
 * kills every server process `serve` started and drops the store. Read inside tests only.
 */
export function processSuite(make: () => Backend): ProcessSuite {
  let open: { backend: Backend; games: GameStore; store: TournamentStore } | undefined;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    const backend = make();
    open = { backend, games: await backend.open(), store: tournamentStoreOf(backend) };
  });
  afterAll(async () => {
    for (const p of processes) await p.kill('SIGKILL');
    await open?.store.close();
    await open?.games.close();
    await open?.backend.cleanup();
  });
  const get = () => {
    if (!open) throw new Error('the suite is read before it started');
    return open;
  };
  return {
    get backend() {
      return get().backend;
    },
    get games() {
      return get().games;
    },
    get store() {
      return get().store;
    },
    serve: async (env = {}) => {
      const p = new ServerProcess({ ...get().backend.env, TOURNAMENT_SCHEDULE: 'off', ...env });
      processes.push(p);
      await p.start();
      return p;
    },
  };
}
