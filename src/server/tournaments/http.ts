import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProtocolErrorCode, TournamentIdSchema } from '../../protocol/index.js';
import { fail, send } from '../http/respond.js';
import type { Metrics } from '../metrics.js';
import type { TournamentService } from './service.js';

/**
 * `GET /api/tournaments` and `GET /api/tournaments/:id` (docs/protocol.md, "Tournaments").
 * Returns false when the path is not one of these.
 */
export async function handleTournamentApi(
  req: IncomingMessage,
  res: ServerResponse,
  deps: {
    readonly tournaments: TournamentService;
    readonly metrics: Metrics;
    readonly now: number;
  },
): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const one = /^\/api\/tournaments\/([^/]+)$/.exec(path);
  if (path !== '/api/tournaments' && !one) return false;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (method !== 'GET') {
    res.setHeader('allow', 'GET, HEAD');
    fail(res, ProtocolErrorCode.MethodNotAllowed, 'use GET, HEAD', deps.metrics);
    return true;
  }
  if (!one) {
    send(res, 200, { tournaments: await deps.tournaments.list(deps.now) }, deps.metrics);
    return true;
  }
  const id = TournamentIdSchema.safeParse(decodeURIComponent(one[1]!));
  const tournament = id.success ? await deps.tournaments.detail(id.data) : undefined;
  if (!tournament) fail(res, ProtocolErrorCode.NotFound, 'no such tournament', deps.metrics);
  else send(res, 200, { tournament }, deps.metrics);
  return true;
}
