import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { socketProtocolVersion } from '../../protocol/index.js';
import { inLogScope, type Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import { newId } from '../secrets.js';
import { clientAddress, proxyRequestId } from './client.js';
import { hostAllowed, originAllowed, type OriginPolicy } from './origin.js';
import { ClientAborted } from './respond.js';

/** Frames larger than this are refused by the socket itself (close 1009); smaller oversized ones get `too_large`. */
const HARD_FRAME_LIMIT = 64 * 1024;

export interface HttpServerDeps {
  readonly requestTimeoutMs: number;
  readonly maxSocketsPerAddress: number;
  readonly policy: OriginPolicy;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** The API's route table: false for a path it does not own. */
  readonly api: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** Everything else: the web app. */
  readonly serveStatic: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;
  /**
   * A WebSocket accepted on `/ws`: its client address, its id (the proxy's request id when
   * there is one), which every line about it carries, and the protocol version its URL names
   * (null: none, as before version 3).
   */
  readonly onSocket: (ws: WebSocket, address: string, conn: string, version: number | null) => void;
}

export interface HttpServer {
  readonly server: Server;
  readonly sockets: WebSocketServer;
  /** Starts listening; the address it listens on. */
  listen(port: number, host: string): Promise<AddressInfo>;
}

/**
 * The HTTP server: the host check, the API then the web app, a 500 for a request that fails,
 * and the `/ws` upgrade (host, origin and per-address socket limit checked before it).
 */
export function createHttpServer(deps: HttpServerDeps): HttpServer {
  const { policy, metrics, log } = deps;
  /**
   * One line per API request, with the id nginx logs as `$request_id` (or one of its own):
   * static files, health checks and scrapes are left to the proxy's access log.
   */
  const logApiRequest = (req: IncomingMessage, res: ServerResponse): string | undefined => {
    if (!req.url?.startsWith('/api/')) return undefined;
    const started = performance.now();
    const id = proxyRequestId(req, policy.trustedProxies) ?? newId();
    res.once('finish', () => {
      log.info('request', {
        req: id,
        method: req.method,
        path: req.url?.split('?')[0],
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      });
    });
    return id;
  };
  const server = createServer(
    {
      // A request must arrive whole within this time: announcing a body and not sending it
      // would otherwise hold the connection for Node's default of five minutes.
      requestTimeout: deps.requestTimeoutMs,
      headersTimeout: deps.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(deps.requestTimeoutMs / 2)),
    },
    (req, res) => {
      const id = logApiRequest(req, res);
      // What the request leads to (the game it creates, say) logs with its id.
      if (id === undefined) answer(req, res);
      else
        inLogScope({ req: id }, () => {
          answer(req, res);
        });
    },
  );
  function answer(req: IncomingMessage, res: ServerResponse): void {
    if (!hostAllowed(req, policy)) {
      metrics.errors.add(1, { code: 'forbidden' });
      metrics.http.add(1, { status: '403' });
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"error":{"code":"forbidden","message":"unknown host"}}');
      return;
    }
    deps
      .api(req, res)
      .then((handled) => (handled ? undefined : deps.serveStatic(req, res)))
      .catch((e: unknown) => {
        const path = req.url?.split('?')[0];
        if (e instanceof ClientAborted) {
          // The client went away mid-request: nothing is wrong with the server.
          log.info('request aborted by the client', {
            path,
            req: proxyRequestId(req, policy.trustedProxies),
          });
          return;
        }
        log.error('request failed', {
          path,
          req: proxyRequestId(req, policy.trustedProxies),
          error: String(e),
        });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"code":"internal","message":"internal error"}}');
      });
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT });
  const socketsPerAddress = new Map<string, number>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!hostAllowed(req, policy) || !originAllowed(req, policy)) {
      metrics.errors.add(1, { code: 'forbidden' });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    const address = clientAddress(req, policy.trustedProxies);
    const held = socketsPerAddress.get(address) ?? 0;
    if (held >= deps.maxSocketsPerAddress) {
      metrics.errors.add(1, { code: 'rate_limited' });
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
      return;
    }
    socketsPerAddress.set(address, held + 1);
    const conn = proxyRequestId(req, policy.trustedProxies) ?? newId();
    sockets.handleUpgrade(req, socket, head, (ws) => {
      log.info('socket opened', { conn });
      ws.on('close', (code) => {
        log.info('socket closed', { conn, code });
        const left = (socketsPerAddress.get(address) ?? 1) - 1;
        if (left > 0) socketsPerAddress.set(address, left);
        else socketsPerAddress.delete(address);
      });
      // The connection keeps this scope: what its messages lead to logs with `conn`.
      inLogScope({ conn }, () => {
        deps.onSocket(ws, address, conn, socketProtocolVersion(req.url ?? ''));
      });
    });
  });

  return {
    server,
    sockets,
    listen: (port, host) =>
      new Promise<AddressInfo>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      }),
  };
}
