import { request } from 'node:https';

/**
 * nginx for the proxy suite: scripts/lib/nginx.ts starts it (shared with
 * `npm run bench:server -- --proxy nginx`); this file adds the suite's HTTPS client.
 */
export {
  SITE_CONF,
  freePort,
  nginxMissing,
  renderSite,
  startNginx,
  type RunningNginx,
} from '../../scripts/lib/nginx.js';

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** One HTTPS request on a fresh connection, optionally from another loopback address. */
export function httpsRequest(
  url: string,
  options: {
    readonly ca: Buffer;
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
    readonly localAddress?: string;
  },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ca: options.ca,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * The server's JSON log line for the request nginx tagged `rid`, from the server's output; throws
 * while it is not there yet (for `vi.waitFor`).
 */
export function requestLogLine(output: string, rid: string): Record<string, unknown> {
  const line = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l['msg'] === 'request' && l['req'] === rid);
  if (!line) throw new Error(`no server line with req ${rid}`);
  return line;
}
