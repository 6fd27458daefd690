import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameService } from '../games.js';
import type { Hub } from '../hub.js';
import { toPublic, toSummary } from '../game/view.js';
import type { Metrics } from '../metrics.js';
import {
  CreateGameSchema,
  GameIdSchema,
  GameListQuerySchema,
  ProtocolErrorCode,
  parseQuery,
} from '../../protocol/index.js';
import { hashSecret } from '../secrets.js';
import type { GameStore } from '../store/types.js';
import { originAllowed, type OriginPolicy } from './origin.js';
import { handlePlayersApi, type PlayersApiDeps } from './players-api.js';
import { acceptsJsonBody, fail, parseJsonBody, send } from './respond.js';

export { ClientAborted } from './respond.js';

export interface ApiDeps {
  readonly service: GameService;
  readonly store: Pick<GameStore, 'listFinished'>;
  readonly hub: Hub;
  readonly metrics: Metrics;
  readonly now: () => number;
  readonly policy: OriginPolicy;
  /** False when this client has created too many games lately (takes one from its budget). */
  readonly mayCreate: () => boolean;
  readonly health: () => Promise<{ ok: boolean; details: Record<string, string> }>;
  readonly players: PlayersApiDeps;
}

/**
 * The small HTTP API: create a game, read one, list finished ones; plus health and metrics.
 * Returns false when the path is not the API's, so the caller serves the web app.
 */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ApiDeps,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { metrics } = deps;
  // HEAD is GET without the body (Node drops it): every readable resource answers both.
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (url.pathname === '/healthz') {
    const health = await deps.health();
    send(res, health.ok ? 200 : 503, { ok: health.ok, ...health.details }, metrics);
    return true;
  }
  if (url.pathname === '/metrics') {
    const text = await metrics.render();
    metrics.http.add(1, { status: '200' });
    res.writeHead(200, { 'content-type': metrics.contentType });
    res.end(text);
    return true;
  }
  if (url.pathname !== '/api/games' && !url.pathname.startsWith('/api/')) return false;

  const allowed = url.pathname === '/api/games' ? 'GET, HEAD, POST' : 'GET, HEAD';
  const known = url.pathname === '/api/games' || /^\/api\/games\/[^/]+$/.test(url.pathname);
  if (known && !allowed.split(', ').includes(req.method ?? '')) {
    res.setHeader('allow', allowed);
    fail(res, ProtocolErrorCode.MethodNotAllowed, `use ${allowed}`, metrics);
    return true;
  }

  if (url.pathname === '/api/games' && method === 'POST') {
    if (!originAllowed(req, deps.policy)) {
      fail(res, ProtocolErrorCode.Forbidden, 'origin not allowed', metrics);
      return true;
    }
    if (!acceptsJsonBody(req, res, metrics)) return true;
    if (!deps.mayCreate()) {
      fail(
        res,
        ProtocolErrorCode.RateLimited,
        'too many games created; try again in a minute',
        metrics,
      );
      return true;
    }
    const body = await parseJsonBody(req, res, CreateGameSchema, metrics);
    if (body === undefined) return true;
    const { variant, clock, side, secret, player: playerSecret, rated } = body;
    let player = null;
    if (playerSecret !== undefined) {
      const found = await deps.players.players.identify(playerSecret);
      if (!found.ok) {
        fail(res, found.error.code, found.error.message, metrics);
        return true;
      }
      player = await deps.players.players.seatPlayer(found.value, variant);
    }
    const created = await deps.service.create(variant, clock, side, hashSecret(secret), {
      player,
      ...(rated === undefined ? {} : { rated }),
    });
    if (!created.ok) {
      fail(res, created.error.code, created.error.message, metrics);
      return true;
    }
    send(
      res,
      201,
      {
        gameId: created.value.state.id,
        seat: created.value.seat,
        game: toPublic(created.value.state, [false, false], deps.now()),
      },
      metrics,
    );
    return true;
  }

  if (url.pathname === '/api/games' && method === 'GET') {
    const query = parseQuery(GameListQuerySchema, url.searchParams);
    if (!query.ok) {
      fail(res, ProtocolErrorCode.BadMessage, query.message, metrics);
      return true;
    }
    const { limit } = query.value;
    const games = await deps.store.listFinished(limit);
    send(res, 200, { games: games.map(toSummary) }, metrics);
    return true;
  }

  const match = /^\/api\/games\/([^/]+)$/.exec(url.pathname);
  if (match && method === 'GET') {
    const id = GameIdSchema.safeParse(match[1]);
    const state = id.success ? await deps.service.load(id.data) : undefined;
    if (!state) {
      fail(res, ProtocolErrorCode.NotFound, 'no such game', metrics);
      return true;
    }
    const live = deps.hub.snapshot(state.id);
    const game =
      live && live.version >= state.version ? live : toPublic(state, [false, false], deps.now());
    send(res, 200, { game }, metrics);
    return true;
  }
  if (await handlePlayersApi(req, res, url, deps.players)) return true;
  fail(res, ProtocolErrorCode.NotFound, 'no such API endpoint', metrics);
  return true;
}
