import type { Bus } from '../bus/types.js';
import type { Logger } from '../log.js';
import type { GameService } from '../games.js';
import type { Metrics } from '../metrics.js';
import { newId } from '../secrets.js';
import type { Route } from '../http/router.js';
import type { StoreConfig } from '../store/open.js';
import type { GameStore } from '../store/types.js';
import { tournamentRoutes } from './http.js';
import { openTournamentStore } from './open.js';
import { TournamentRunner } from './runner.js';
import { TournamentPresence } from './presence.js';
import { TournamentPushes } from './pushes.js';
import { parseSchedule } from './schedule.js';
import { TournamentService } from './service.js';
import { TournamentWatchers } from './watchers.js';

export interface Tournaments {
  readonly service: TournamentService;
  readonly runner: TournamentRunner;
  /** This process's connections that joined a tournament, told of their games. */
  readonly pushes: TournamentPushes;
  /** Who has a tournament page open on this process (renewed; closing marks absent). */
  readonly presence: TournamentPresence;
  /** This process's connections following a tournament (`tournamentWatch`). */
  readonly watchers: TournamentWatchers;
  /** The tournament HTTP reads, for the server's route table. */
  readonly routes: readonly Route[];
  close(): Promise<void>;
}

/**
 * Everything tournaments need in one process, so the server wires them in a few lines. The
 * schedule is laid before it resolves: a server that says it is ready lists its tournaments.
 */
export async function startTournaments(deps: {
  readonly config: StoreConfig & { readonly tournamentSchedule?: string };
  readonly games: GameStore;
  /** Makes the paired games, as it makes every other game. */
  readonly service: Pick<GameService, 'start'>;
  readonly bus: Bus;
  readonly node: string;
  readonly now: () => number;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly tickMs?: number;
}): Promise<Tournaments> {
  const schedule = parseSchedule(deps.config.tournamentSchedule, deps.now());
  if (!schedule.ok) throw new Error(schedule.error);
  const store = openTournamentStore(deps.config);
  const pushes = new TournamentPushes(deps.bus, deps.log);
  // They read the tournament through the service below, which tells them of its changes.
  const watchers = new TournamentWatchers({
    bus: deps.bus,
    detail: (id) => service.detail(id),
    now: deps.now,
    log: deps.log,
  });
  const service = new TournamentService({
    store,
    games: deps.games,
    startGame: (setup) => deps.service.start(setup),
    node: deps.node,
    newId,
    log: deps.log,
    onGame: (state, tournamentId, round) => {
      pushes.gameCreated(state, tournamentId, round);
    },
    onChange: (tournamentId) => {
      watchers.changed(tournamentId);
    },
  });
  const runner = new TournamentRunner({
    service,
    schedule: schedule.value,
    now: deps.now,
    log: deps.log,
    ...(deps.tickMs === undefined ? {} : { tickMs: deps.tickMs }),
  });
  await runner.fillSchedule(deps.now());
  runner.start();
  const presence = new TournamentPresence({
    bus: deps.bus,
    service,
    pushes,
    now: deps.now,
    log: deps.log,
  });
  presence.start();
  return {
    service,
    runner,
    pushes,
    presence,
    watchers,
    routes: tournamentRoutes({ tournaments: service, metrics: deps.metrics, now: deps.now }),
    close: async () => {
      runner.stop();
      presence.stop();
      watchers.close();
      await store.close();
    },
  };
}
