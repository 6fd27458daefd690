import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod/mini';
import type { Result } from '../../core/index.js';
import type { Metrics } from '../metrics.js';
import { waitText, type PlayerService } from '../player-service.js';
import { ProtocolErrorCode, type ProtocolError } from '../../protocol/index.js';
import {
  CreatePlayerSchema,
  IdentifySchema,
  LeaderboardQuerySchema,
  PlayerIdSchema,
  RedeemSchema,
  RenameSchema,
} from '../../protocol/index.js';
import { originAllowed, type OriginPolicy } from './origin.js';
import { fail, parseBody, send } from './respond.js';
import { route, type Route } from './router.js';

export interface PlayersApiDeps {
  readonly players: PlayerService;
  readonly metrics: Metrics;
  readonly policy: OriginPolicy;
  /**
   * Reserves one new identity from this client's budget: 0, or the ms until one is free. The
   * budget counts names created, so a refused attempt gives its reservation back.
   */
  readonly reserveIdentity: (req: IncomingMessage) => number;
  /** Gives back what `reserveIdentity` took: the attempt created nothing. */
  readonly releaseIdentity: (req: IncomingMessage) => void;
  /**
   * Takes one from this client's budget of identity requests (every attempt, creation
   * included: guessing secrets or codes, flooding names): 0, or the ms until one is allowed.
   */
  readonly useIdentity: (req: IncomingMessage) => number;
}

/** 429 with `Retry-After` (whole seconds) and the same wait in the message. */
function refuse(res: ServerResponse, what: string, waitMs: number, metrics: Metrics): void {
  res.setHeader('retry-after', String(Math.ceil(waitMs / 1000)));
  fail(res, ProtocolErrorCode.RateLimited, `${what}; try again in ${waitText(waitMs)}`, metrics);
}

function reply<T>(
  res: ServerResponse,
  status: number,
  result: Result<T, ProtocolError>,
  wrap: (value: T) => unknown,
  metrics: Metrics,
): void {
  if (result.ok) send(res, status, wrap(result.value), metrics);
  else fail(res, result.error.code, result.error.message, metrics);
}

/**
 * Identities, leaderboards and player pages (docs/protocol.md, "Players and ratings"). The
 * literal paths come before `/api/players/:id`, which would match them too.
 */
export function playerRoutes(deps: PlayersApiDeps): Route[] {
  const { metrics, players } = deps;
  /** An identity request: the origin and the client's budget checked, then the body read. */
  const identity =
    <T>(
      schema: z.ZodMiniType<T>,
      act: (body: T, req: IncomingMessage, res: ServerResponse) => Promise<void>,
    ) =>
    async ({ req, res }: { req: IncomingMessage; res: ServerResponse }): Promise<void> => {
      if (!originAllowed(req, deps.policy)) {
        fail(res, ProtocolErrorCode.Forbidden, 'origin not allowed', metrics);
        return;
      }
      const wait = deps.useIdentity(req);
      if (wait > 0) {
        refuse(res, 'too many identity requests from this address', wait, metrics);
        return;
      }
      const body = await parseBody(req, res, schema, metrics);
      if (body) await act(body, req, res);
    };
  return [
    route({
      path: '/api/players',
      post: identity(CreatePlayerSchema, async (body, req, res) => {
        const budget = deps.reserveIdentity(req);
        if (budget > 0) {
          refuse(res, 'too many new names from this address lately', budget, metrics);
          return;
        }
        const created = await players.create(body.secret, body.name);
        if (!created.ok) deps.releaseIdentity(req);
        reply(res, 201, created, wrapPlayer, metrics);
      }),
    }),
    route({
      path: '/api/players/me',
      post: identity(IdentifySchema, async (body, _req, res) => {
        reply(res, 200, await players.me(body.secret), wrapPlayer, metrics);
      }),
    }),
    route({
      path: '/api/players/rename',
      post: identity(RenameSchema, async (body, _req, res) => {
        reply(res, 200, await players.rename(body.secret, body.name), wrapPlayer, metrics);
      }),
    }),
    route({
      path: '/api/players/transfer',
      post: identity(IdentifySchema, async (body, _req, res) => {
        reply(res, 201, await players.transferCode(body.secret), (c) => c, metrics);
      }),
    }),
    route({
      path: '/api/players/redeem',
      post: identity(RedeemSchema, async (body, _req, res) => {
        reply(res, 200, await players.redeem(body.code, body.secret), wrapPlayer, metrics);
      }),
    }),
    route({
      path: '/api/players/:id',
      get: async ({ res, params }) => {
        const id = PlayerIdSchema.safeParse(params[0]);
        if (!id.success) {
          fail(res, ProtocolErrorCode.UnknownPlayer, 'no such player', metrics);
          return;
        }
        reply(res, 200, await players.page(id.data), (p) => p, metrics);
      },
    }),
    route({
      path: '/api/leaderboard',
      query: LeaderboardQuerySchema,
      get: async ({ res, query }) => {
        send(res, 200, await players.leaderboard(query.pool, query.limit), metrics);
      },
    }),
  ];
}

const wrapPlayer = (player: unknown): unknown => ({ player });
