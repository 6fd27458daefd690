import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Bus } from '../bus/types.js';
import type { Logger } from '../log.js';
import type { Matchmaking } from '../matchmaking/service.js';
import type { Metrics } from '../metrics.js';
import { newId } from '../secrets.js';
import { fail } from '../http/respond.js';
import { ProtocolErrorCode } from '../../protocol/index.js';
import type { StoreConfig } from '../store/open.js';
import type { GameStore } from '../store/types.js';
import { handleTournamentApi } from './http.js';
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
  /** Whether the request is for the tournament API (`/api/tournaments…`). */
  owns(req: IncomingMessage): boolean;
  /** The tournament HTTP reads; false when the request is not one. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

/** Everything tournaments need in one process, so the server wires them in a few lines. */
export function startTournaments(deps: {
  readonly config: StoreConfig & { readonly tournamentSchedule?: string };
  readonly games: GameStore;
  /** Makes the paired games, as it makes every other game. */
  readonly matchmaking: Pick<Matchmaking, 'startGame'>;
  readonly bus: Bus;
  readonly node: string;
  readonly now: () => number;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly tickMs?: number;
}): Tournaments {
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
    startGame: (setup) => deps.matchmaking.startGame(setup),
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
    owns: (req) => /^\/api\/tournaments(\/|\?|$)/.test(req.url ?? ''),
    handle: async (req, res) => {
      const done = await handleTournamentApi(req, res, {
        tournaments: service,
        metrics: deps.metrics,
        now: deps.now(),
      });
      if (!done) fail(res, ProtocolErrorCode.NotFound, 'no such path', deps.metrics);
      return true;
    },
    close: async () => {
      runner.stop();
      presence.stop();
      watchers.close();
      await store.close();
    },
  };
}
