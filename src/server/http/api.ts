import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameService } from '../games.js';
import type { Hub } from '../hub/hub.js';
import { canonicalGame } from '../game/family.js';
import { toPublic, toSummary } from '../game/view.js';
import type { Metrics } from '../metrics.js';
import {
  CreateGameSchema,
  GameIdSchema,
  GameListQuerySchema,
  ProtocolErrorCode,
} from '../../protocol/index.js';
import { hashSecret } from '../secrets.js';
import type { GameStore } from '../store/types.js';
import { originAllowed, type OriginPolicy } from './origin.js';
import type { PlayerService } from '../player-service.js';
import { acceptsJsonBody, fail, parseJsonBody, send } from './respond.js';
import { route, type Route } from './router.js';

export interface ApiDeps {
  readonly service: GameService;
  readonly store: Pick<GameStore, 'listFinished'>;
  readonly hub: Hub;
  readonly metrics: Metrics;
  readonly now: () => number;
  readonly policy: OriginPolicy;
  /** False when this request's client has created too many games lately (takes one from its budget). */
  readonly mayCreate: (req: IncomingMessage) => boolean;
  readonly health: () => Promise<{ ok: boolean; details: Record<string, string> }>;
  /** Names the creator of a game (the `player` secret). */
  readonly players: Pick<PlayerService, 'identify' | 'seatPlayer'>;
}

/** Health, metrics and the game endpoints: create a game, read one, list finished ones. */
export function gameRoutes(deps: ApiDeps): Route[] {
  const { metrics } = deps;
  return [
    route({
      path: '/healthz',
      get: async ({ res }) => {
        const health = await deps.health();
        send(res, health.ok ? 200 : 503, { ok: health.ok, ...health.details }, metrics);
      },
    }),
    route({
      path: '/metrics',
      get: async ({ res }) => {
        const text = await metrics.render();
        metrics.http.add(1, { status: '200' });
        res.writeHead(200, { 'content-type': metrics.contentType });
        res.end(text);
      },
    }),
    route({
      path: '/api/games',
      query: GameListQuerySchema,
      get: async ({ res, query }) => {
        const games = await deps.store.listFinished(query.limit, query.game);
        send(res, 200, { games: games.map(toSummary) }, metrics);
      },
      post: ({ req, res }) => createGame(req, res, deps),
    }),
    route({
      path: '/api/games/:id',
      get: async ({ res, params }) => {
        const id = GameIdSchema.safeParse(params[0]);
        const state = id.success ? await deps.service.load(id.data) : undefined;
        if (!state) {
          fail(res, ProtocolErrorCode.NotFound, 'no such game', metrics);
          return;
        }
        const live = deps.hub.snapshot(state.id);
        const game =
          live && live.version >= state.version
            ? live
            : toPublic(state, [false, false], deps.now());
        send(res, 200, { game }, metrics);
      },
    }),
  ];
}

/** `POST /api/games`. */
async function createGame(req: IncomingMessage, res: ServerResponse, deps: ApiDeps): Promise<void> {
  const { metrics } = deps;
  if (!originAllowed(req, deps.policy)) {
    fail(res, ProtocolErrorCode.Forbidden, 'origin not allowed', metrics);
    return;
  }
  if (!acceptsJsonBody(req, res, metrics)) return;
  if (!deps.mayCreate(req)) {
    fail(
      res,
      ProtocolErrorCode.RateLimited,
      'too many games created; try again in a minute',
      metrics,
    );
    return;
  }
  const body = await parseJsonBody(req, res, CreateGameSchema, metrics);
  if (body === undefined) return;
  const { clock, side, secret, player: playerSecret, rated } = body;
  const game = canonicalGame(body.game, body.variant);
  if (!game.ok) {
    fail(res, game.error.code, game.error.message, metrics);
    return;
  }
  let player = null;
  if (playerSecret !== undefined) {
    const found = await deps.players.identify(playerSecret);
    if (!found.ok) {
      fail(res, found.error.code, found.error.message, metrics);
      return;
    }
    player = await deps.players.seatPlayer(found.value, game.value.game);
  }
  const created = await deps.service.create(game.value, clock, side, hashSecret(secret), {
    player,
    ...(rated === undefined ? {} : { rated }),
  });
  if (!created.ok) {
    fail(res, created.error.code, created.error.message, metrics);
    return;
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
}
