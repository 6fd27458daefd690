import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:https';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

/**
 * Debian's nginx run by a test: its own prefix, configuration and certificate in a temporary
 * directory, in the foreground as a child of the test (never a daemon), on loopback ports,
 * stopped by `stop()` on every path. The site configuration is docs/nginx/c4.conf itself,
 * with only its ports, upstream addresses and certificate paths replaced.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SITE_CONF = path.join(ROOT, 'docs', 'nginx', 'c4.conf');
const NGINX = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Why nginx cannot run here, or undefined. */
export function nginxMissing(): string | undefined {
  if (!executable(NGINX)) {
    return `nginx is not installed at ${NGINX} (apt-get install nginx, or set NGINX_PATH)`;
  }
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return 'openssl is not installed (apt-get install openssl)';
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** docs/nginx/c4.conf with this run's values; each literal must be there (or the docs drifted). */
export function renderSite(
  site: string,
  values: { https: number; http: number; backends: readonly number[]; cert: string; key: string },
): string {
  const swaps: [string, string][] = [
    ['listen 443 ssl http2;', `listen 127.0.0.1:${values.https} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${values.http};`],
    ['/etc/letsencrypt/live/c4.example.org/fullchain.pem', values.cert],
    ['/etc/letsencrypt/live/c4.example.org/privkey.pem', values.key],
    ['server 127.0.0.1:3001', `server 127.0.0.1:${values.backends[0]!}`],
    ['server 127.0.0.1:3002', `server 127.0.0.1:${values.backends[1]!}`],
  ];
  let out = site;
  for (const [from, to] of swaps) {
    if (!out.includes(from)) throw new Error(`docs/nginx/c4.conf no longer contains "${from}"`);
    out = out.replace(from, to);
  }
  return out;
}

export interface RunningNginx {
  readonly httpsUrl: string;
  readonly httpUrl: string;
  /** The self-signed certificate, for clients to trust. */
  readonly ca: Buffer;
  stop(): Promise<void>;
}

export async function startNginx(backends: readonly number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-nginx-'));
  // Workers drop root for `nobody`, who must reach the temp paths under the prefix.
  chmodSync(dir, 0o755);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const [https, http] = [await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'site.conf'),
    renderSite(readFileSync(SITE_CONF, 'utf8'), { https, http, backends, cert, key }),
  );
  mkdirSync(path.join(dir, 'tmp'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${path.join(dir, 'tmp', t)};`)
    .join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      temp,
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  // If the test process dies first, nginx must not outlive it.
  const orphan = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  const stop = async (): Promise<void> => {
    process.off('exit', orphan);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(
      https,
      () => child.exitCode !== null,
      () => stderr,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    httpsUrl: `https://127.0.0.1:${https}/`,
    httpUrl: `http://127.0.0.1:${http}/`,
    ca: readFileSync(cert),
    stop,
  };
}

/** Resolves once something accepts connections on `port`; rejects if nginx exits first. */
async function listening(port: number, gone: () => boolean, why: () => string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (gone()) throw new Error(`nginx exited: ${why()}`);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', (e) => {
          reject(new Error(`nginx does not listen on ${port} (${e.message}): ${why()}`));
        });
      });
    },
    { timeout: 15_000, interval: 25 },
  );
}

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
