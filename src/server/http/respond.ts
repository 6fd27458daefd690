import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod/mini';
import type { Metrics } from '../metrics.js';
import {
  MAX_MESSAGE_BYTES,
  ProtocolErrorCode,
  type ProtocolErrorCode as Code,
} from '../../protocol/index.js';

/** HTTP replies and request bodies, shared by the game and the player endpoints. */
const STATUS: Partial<Record<Code, number>> = {
  [ProtocolErrorCode.NotFound]: 404,
  [ProtocolErrorCode.TooLarge]: 413,
  [ProtocolErrorCode.Forbidden]: 403,
  [ProtocolErrorCode.RateLimited]: 429,
  [ProtocolErrorCode.MethodNotAllowed]: 405,
  [ProtocolErrorCode.UnsupportedMediaType]: 415,
  [ProtocolErrorCode.ShuttingDown]: 503,
  [ProtocolErrorCode.Internal]: 500,
  [ProtocolErrorCode.UnknownPlayer]: 404,
  [ProtocolErrorCode.InvalidCode]: 404,
  [ProtocolErrorCode.NameTaken]: 409,
  [ProtocolErrorCode.IdentityTaken]: 409,
  [ProtocolErrorCode.RenameTooSoon]: 429,
};

export function send(res: ServerResponse, status: number, body: unknown, metrics: Metrics): void {
  metrics.http.add(1, { status: String(status) });
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function fail(res: ServerResponse, code: Code, message: string, metrics: Metrics): void {
  metrics.errors.add(1, { code });
  send(res, STATUS[code] ?? 400, { error: { code, message } }, metrics);
}

/** The client closed the connection before its request was read: not a server fault. */
export class ClientAborted extends Error {}

/** The body as text, or undefined when it is (or announces itself as) over the limit. */
export async function readBody(req: IncomingMessage): Promise<string | undefined> {
  // Refused before reading: a body announced as too large is not waited for.
  if (Number(req.headers['content-length'] ?? 0) > MAX_MESSAGE_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_MESSAGE_BYTES) return undefined;
      chunks.push(chunk);
    }
  } catch (error) {
    if (req.destroyed || (error as { code?: unknown }).code === 'ECONNRESET') {
      throw new ClientAborted('the client aborted the request');
    }
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Whether the request says its body is JSON (only `application/json`: a cross-site form cannot
 * send one without a preflight); if not, the 415 reply is sent.
 */
export function acceptsJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: Metrics,
): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return true;
  res.setHeader('connection', 'close');
  fail(res, ProtocolErrorCode.UnsupportedMediaType, 'send Content-Type: application/json', metrics);
  return false;
}

/**
 * Reads a JSON body and parses it with `schema`; on failure the error reply is sent and
 * undefined returned. `parseBody` checks the media type first; a caller with a check of its
 * own in between (a rate limit) calls `acceptsJsonBody`, then this.
 */
export async function parseJsonBody<T>(
  req: IncomingMessage,
  res: ServerResponse,
  schema: z.ZodMiniType<T>,
  metrics: Metrics,
): Promise<T | undefined> {
  const text = await readBody(req);
  if (text === undefined) {
    res.setHeader('connection', 'close');
    fail(res, ProtocolErrorCode.TooLarge, 'request body too large', metrics);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail(res, ProtocolErrorCode.BadJson, 'the body is not valid JSON', metrics);
    return undefined;
  }
  const body = schema.safeParse(json);
  if (!body.success) {
    const issue = body.error.issues[0];
    fail(
      res,
      ProtocolErrorCode.BadMessage,
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      metrics,
    );
    return undefined;
  }
  return body.data;
}

/** `acceptsJsonBody`, then `parseJsonBody`. */
export async function parseBody<T>(
  req: IncomingMessage,
  res: ServerResponse,
  schema: z.ZodMiniType<T>,
  metrics: Metrics,
): Promise<T | undefined> {
  return acceptsJsonBody(req, res, metrics) ? parseJsonBody(req, res, schema, metrics) : undefined;
}
