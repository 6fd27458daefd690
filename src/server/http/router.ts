import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod/mini';
import { NoQuerySchema, ProtocolErrorCode, parseQuery } from '../../protocol/index.js';
import type { Metrics } from '../metrics.js';
import { fail } from './respond.js';

/** One request as a route's handler sees it: path parameters decoded, query parsed. */
export interface Call<Q> {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The values of the path's `:name` segments, in order, percent-decoded. */
  readonly params: readonly string[];
  readonly query: Q;
}

export type Handler<Q> = (call: Call<Q>) => Promise<void>;

/**
 * One path of the HTTP API: `/api/games/:id` (literal segments and `:name` ones, one segment
 * each), what it answers to, and the query it reads (none by default).
 */
export interface RouteSpec<Q> {
  readonly path: string;
  readonly query?: z.ZodMiniType<Q>;
  /** Also answers HEAD (Node drops the body). */
  readonly get?: Handler<Q>;
  readonly post?: Handler<Q>;
}

/** A route with its query type sealed in, so routes of different queries share a table. */
export interface Route {
  readonly segments: readonly string[];
  /** The `Allow` header: the methods it answers. */
  readonly allow: string;
  /** Reads the query string (`call.query`, after the `?`) and runs the method's handler. */
  handle(method: 'GET' | 'POST', call: Call<string>, metrics: Metrics): Promise<void>;
}

export function route<Q = Record<string, never>>(spec: RouteSpec<Q>): Route {
  const schema = (spec.query ?? NoQuerySchema) as z.ZodMiniType<Q>;
  const allow = [...(spec.get ? ['GET', 'HEAD'] : []), ...(spec.post ? ['POST'] : [])];
  return {
    segments: spec.path.split('/').slice(1),
    allow: allow.join(', '),
    async handle(method, call, metrics) {
      const handler = method === 'GET' ? spec.get : spec.post;
      const query = parseQuery(schema, new URLSearchParams(call.query), call.query.length);
      if (!query.ok) {
        fail(call.res, ProtocolErrorCode.BadMessage, query.message, metrics);
        return;
      }
      await handler!({ ...call, query: query.value });
    },
  };
}

/** `%`-decoding that refuses what is not UTF-8 instead of throwing. */
function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

type Match = { readonly route: Route; readonly params: readonly string[] } | 'undecodable';

/** The first route whose segments fit (literal ones before `:name` ones in the table). */
function match(routes: readonly Route[], path: string): Match | undefined {
  const parts = path.split('/').slice(1);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: string[] = [];
    let fits = true;
    for (const [i, segment] of route.segments.entries()) {
      const part = parts[i]!;
      if (segment.startsWith(':')) {
        if (part === '') fits = false;
        else {
          const value = decode(part);
          if (value === undefined) return 'undecodable';
          params.push(value);
        }
      } else if (segment !== part) fits = false;
      if (!fits) break;
    }
    if (fits) return { route, params };
  }
  return undefined;
}

/**
 * The one HTTP router of the API (docs/protocol.md, "HTTP API"): every path is answered the
 * same way: HEAD as GET, another method `405` with `Allow`, a path that is not valid
 * percent-encoding or not known under `/api/` `404 not_found`, a bad query `400 bad_message`
 * naming the parameter. Resolves false for a path it does not own (the web app's).
 */
export function createRouter(
  routes: readonly Route[],
  metrics: Metrics,
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const found = match(routes, url.pathname);
    const api = url.pathname === '/api' || url.pathname.startsWith('/api/');
    if (found === undefined && !api) return false;
    if (found === undefined || found === 'undecodable') {
      fail(res, ProtocolErrorCode.NotFound, 'no such API endpoint', metrics);
      return true;
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const { route, params } = found;
    if ((method !== 'GET' && method !== 'POST') || !route.allow.split(', ').includes(method)) {
      res.setHeader('allow', route.allow);
      fail(res, ProtocolErrorCode.MethodNotAllowed, `use ${route.allow}`, metrics);
      return true;
    }
    await route.handle(method, { req, res, params, query: url.search.slice(1) }, metrics);
    return true;
  };
}
