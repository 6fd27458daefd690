import { ProtocolErrorCode, TournamentIdSchema } from '../../protocol/index.js';
import { fail, send } from '../http/respond.js';
import { route, type Route } from '../http/router.js';
import type { Metrics } from '../metrics.js';
import type { TournamentService } from './service.js';

/** `GET /api/tournaments` and `GET /api/tournaments/:id` (docs/protocol.md, "Tournaments"). */
export function tournamentRoutes(deps: {
  readonly tournaments: TournamentService;
  readonly metrics: Metrics;
  readonly now: () => number;
}): Route[] {
  const { metrics } = deps;
  return [
    route({
      path: '/api/tournaments',
      get: async ({ res }) => {
        send(res, 200, { tournaments: await deps.tournaments.list(deps.now()) }, metrics);
      },
    }),
    route({
      path: '/api/tournaments/:id',
      get: async ({ res, params }) => {
        const id = TournamentIdSchema.safeParse(params[0]);
        const tournament = id.success ? await deps.tournaments.detail(id.data) : undefined;
        if (!tournament) fail(res, ProtocolErrorCode.NotFound, 'no such tournament', metrics);
        else send(res, 200, { tournament }, metrics);
      },
    }),
  ];
}
