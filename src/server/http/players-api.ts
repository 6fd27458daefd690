import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Result } from '../../core/index.js';
import type { Metrics } from '../metrics.js';
import { waitText, type PlayerService } from '../players.js';
import { ProtocolErrorCode, type ProtocolError } from '../../protocol/index.js';
import {
  CreatePlayerSchema,
  IdentifySchema,
  LeaderboardQuerySchema,
  PlayerIdSchema,
  parseQuery,
  RedeemSchema,
  RenameSchema,
} from '../../protocol/index.js';
import { originAllowed, type OriginPolicy } from './origin.js';
import { fail, parseBody, send } from './respond.js';

export interface PlayersApiDeps {
  readonly players: PlayerService;
  readonly metrics: Metrics;
  readonly policy: OriginPolicy;
  /**
   * Reserves one new identity from this client's budget: 0, or the ms until one is free. The
   * budget counts names created, so a refused attempt gives its reservation back.
   */
  readonly reserveIdentity: () => number;
  /** Gives back what `reserveIdentity` took: the attempt created nothing. */
  readonly releaseIdentity: () => void;
  /**
   * Takes one from this client's budget of identity requests (every attempt, creation
   * included: guessing secrets or codes, flooding names): 0, or the ms until one is allowed.
   */
  readonly useIdentity: () => number;
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
 * Identities, leaderboards and player pages (docs/protocol.md, "Players and ratings").
 * Returns false when the path is not one of these.
 */
export async function handlePlayersApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: PlayersApiDeps,
): Promise<boolean> {
  const { metrics, players } = deps;
  const path = url.pathname;
  const action = /^\/api\/players(?:\/(me|rename|transfer|redeem))?$/.exec(path);
  const page = action ? null : /^\/api\/players\/([^/]+)$/.exec(path);
  const board = path === '/api/leaderboard';
  if (!action && !page && !board) return false;
  // HEAD is answered as GET (the body is dropped by Node); other methods name what is allowed.
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const allowed = action ? 'POST' : 'GET, HEAD';
  if (!allowed.split(', ').includes(method ?? '')) {
    res.setHeader('allow', allowed);
    fail(res, ProtocolErrorCode.MethodNotAllowed, `use ${allowed}`, metrics);
    return true;
  }

  if (board) {
    const query = parseQuery(LeaderboardQuerySchema, url.searchParams);
    if (!query.ok) {
      fail(res, ProtocolErrorCode.BadMessage, query.message, metrics);
      return true;
    }
    send(res, 200, await players.leaderboard(query.value.pool, query.value.limit), metrics);
    return true;
  }
  if (page) {
    const id = PlayerIdSchema.safeParse(page[1]);
    if (!id.success) {
      fail(res, ProtocolErrorCode.UnknownPlayer, 'no such player', metrics);
      return true;
    }
    reply(res, 200, await players.page(id.data), (p) => p, metrics);
    return true;
  }
  if (!action) return false;
  if (!originAllowed(req, deps.policy)) {
    fail(res, ProtocolErrorCode.Forbidden, 'origin not allowed', metrics);
    return true;
  }
  const wait = deps.useIdentity();
  if (wait > 0) {
    refuse(res, 'too many identity requests from this address', wait, metrics);
    return true;
  }
  switch (action[1]) {
    case undefined: {
      const body = await parseBody(req, res, CreatePlayerSchema, metrics);
      if (!body) return true;
      const budget = deps.reserveIdentity();
      if (budget > 0) {
        refuse(res, 'too many new names from this address lately', budget, metrics);
        return true;
      }
      const created = await players.create(body.secret, body.name);
      if (!created.ok) deps.releaseIdentity();
      reply(res, 201, created, wrapPlayer, metrics);
      return true;
    }
    case 'me': {
      const body = await parseBody(req, res, IdentifySchema, metrics);
      if (body) reply(res, 200, await players.me(body.secret), wrapPlayer, metrics);
      return true;
    }
    case 'rename': {
      const body = await parseBody(req, res, RenameSchema, metrics);
      if (body) reply(res, 200, await players.rename(body.secret, body.name), wrapPlayer, metrics);
      return true;
    }
    case 'transfer': {
      const body = await parseBody(req, res, IdentifySchema, metrics);
      if (body) reply(res, 201, await players.transferCode(body.secret), (c) => c, metrics);
      return true;
    }
    default: {
      const body = await parseBody(req, res, RedeemSchema, metrics);
      if (body) reply(res, 200, await players.redeem(body.code, body.secret), wrapPlayer, metrics);
      return true;
    }
  }
}

const wrapPlayer = (player: unknown): unknown => ({ player });
