import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { guardChild } from './child-guard.js';

/**
 * Debian's nginx run by a test or a benchmark: its own prefix, configuration and certificate
 * in a temporary directory, in the foreground as a child (never a daemon), on loopback ports,
 * stopped by `stop()` on every path. The site configuration is docs/nginx/c4.conf itself, with
 * only its ports, upstream addresses and certificate paths replaced. Shared by
 * test/server/nginx.test.ts and `npm run bench:server -- --proxy nginx`.
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

/** Whether the installed nginx is at least `version` (`nginx -v` prints it on stderr). */
function nginxAtLeast(version: readonly number[]): boolean {
  const out = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr;
  const found = (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(out) ?? []).slice(1).map(Number);
  for (let i = 0; i < version.length; i++) {
    if ((found[i] ?? 0) !== version[i]) return (found[i] ?? 0) > version[i]!;
  }
  return true;
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
  values: {
    https: number;
    http: number;
    backends: readonly number[];
    cert: string;
    key: string;
    accessLog: string;
    /** nginx before 1.25.1 knows no `http2` directive: the listen line says it instead. */
    http2Directive: boolean;
  },
): string {
  const tls = values.http2Directive ? 'ssl' : 'ssl http2';
  const swaps: [string, string][] = [
    ['listen 443 ssl;', `listen 127.0.0.1:${values.https} ${tls};`],
    // Loopback only: the IPv6 listens of the real site are left out.
    ['listen [::]:443 ssl;', ''],
    ['listen [::]:80;', ''],
    ['http2 on;', values.http2Directive ? 'http2 on;' : ''],
    ['listen 80;', `listen 127.0.0.1:${values.http};`],
    ['/var/log/nginx/c4.access.log', values.accessLog],
    ['/var/www/letsencrypt', path.dirname(values.accessLog)],
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

export interface NginxOptions {
  /** nginx's `worker_processes` (1 for the tests; the benchmark chooses its own). */
  readonly workerProcesses?: number;
  /** Per worker; every proxied socket holds two (client side and upstream side). */
  readonly workerConnections?: number;
}

export interface RunningNginx {
  readonly httpsUrl: string;
  readonly httpUrl: string;
  /** The self-signed certificate, for clients to trust. */
  readonly ca: Buffer;
  /** Its file (NODE_EXTRA_CA_CERTS of a client process); removed by `stop()`. */
  readonly caFile: string;
  /** Its access log, in the site's `c4` format. */
  readonly accessLog: string;
  /** The master's process id and its workers' (for their CPU time in /proc). */
  pids(): number[];
  stop(): Promise<void>;
}

export async function startNginx(
  backends: readonly number[],
  options: NginxOptions = {},
): Promise<RunningNginx> {
  const workers = options.workerProcesses ?? 1;
  const connections = options.workerConnections ?? 256;
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
  const accessLog = path.join(dir, 'access.log');
  writeFileSync(
    path.join(dir, 'site.conf'),
    renderSite(readFileSync(SITE_CONF, 'utf8'), {
      https,
      http,
      backends,
      cert,
      key,
      accessLog,
      http2Directive: nginxAtLeast([1, 25, 1]),
    }),
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
      `worker_processes ${workers};`,
      // Each worker may hold its connections plus the files it opens.
      `worker_rlimit_nofile ${connections + 1024};`,
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      `events { worker_connections ${connections}; }`,
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
  const { exited } = guardChild(child);
  const stop = async (): Promise<void> => {
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
  const master = child.pid!;
  return {
    httpsUrl: `https://127.0.0.1:${https}/`,
    httpUrl: `http://127.0.0.1:${http}/`,
    ca: readFileSync(cert),
    caFile: cert,
    accessLog,
    pids: () => [master, ...childrenOf(master)],
    stop,
  };
}

/** Processes whose parent is `pid` (nginx's workers), from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts connections on `port`; rejects if nginx exits first. */
async function listening(port: number, gone: () => boolean, why: () => string): Promise<void> {
  const by = performance.now() + 15_000;
  for (;;) {
    if (gone()) throw new Error(`nginx exited: ${why()}`);
    const error = await new Promise<Error | undefined>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once('error', (e) => {
        resolve(new Error(`nginx does not listen on ${port} (${e.message}): ${why()}`));
      });
    });
    if (error === undefined) return;
    if (performance.now() > by) throw error;
    await sleep(25);
  }
}
