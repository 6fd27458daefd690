import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../server/nginx.js';
import { commands, guideBlocks, runLocally } from './guide-blocks.js';

/**
 * ops/c4-deploy run as docs/operations.md says, on this machine: two server processes, a good
 * release rolled out one process at a time, then a release that never becomes healthy rolled
 * back. The first deploy runs the repository's script (the guide's "first time"); the next ones
 * run the guide's own deploy line (section 6, the block marked for this file), which runs the
 * script of the release in place. There is no systemd here, so `C4_RESTART` is a small shell
 * supervisor (stop by pid, wait for the exit, start from `current` on the same env file) and
 * `C4_AS_USER` is empty; a release's `dist/server/main.js` runs this checkout's server through
 * tsx, and it carries `ops/c4-deploy` as section 2's tarball does.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const box = mkdtempSync(path.join(tmpdir(), 'c4-deploy-'));
const pidFile = (port: number) => path.join(box, `c4@${port}.pid`);
const [DEPLOY_BLOCK] = guideBlocks('test/ops/deploy.test.ts');
let ports: number[] = [];

afterAll(() => {
  for (const port of ports) {
    if (!existsSync(pidFile(port))) continue;
    try {
      process.kill(Number(readFileSync(pidFile(port), 'utf8')), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (!process.env['C4_KEEP_BOX']) rmSync(box, { recursive: true, force: true });
});

/** A release tarball whose main.js runs this checkout's server, or fails to start. */
function release(name: string, healthy: boolean): string {
  const dir = path.join(box, 'build', name);
  mkdirSync(path.join(dir, 'dist', 'server'), { recursive: true });
  const real = `await import(${JSON.stringify(path.join(ROOT, 'src', 'server', 'main.ts'))});\n`;
  writeFileSync(
    path.join(dir, 'dist', 'server', 'main.js'),
    healthy
      ? real
      : `if (process.argv.includes('--check-config')) ${real.trim()}\nelse process.exit(1);\n`,
  );
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n');
  mkdirSync(path.join(dir, 'ops'));
  copyFileSync(path.join(ROOT, 'ops', 'c4-deploy'), path.join(dir, 'ops', 'c4-deploy'));
  const tarball = path.join(box, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', tarball, '-C', dir, '.']);
  return tarball;
}

it('deploys a release with a rolling restart, and rolls back one that fails its health check', async () => {
  ports = [await freePort(), await freePort()];
  const home = path.join(box, 'opt');
  const env = path.join(box, 'env');
  writeFileSync(
    env,
    `HOST=127.0.0.1\nDATABASE_PATH=${path.join(box, 'c4.sqlite')}\nTOURNAMENT_SCHEDULE=off\nLOG_LEVEL=warn\n`,
  );
  const node = path.join(box, 'node');
  // tsx by its path: a release directory has no node_modules of its own here.
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  writeFileSync(node, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --import ${tsx} "$@"\n`);
  chmodSync(node, 0o755);
  const restart = path.join(box, 'restart');
  writeFileSync(
    restart,
    [
      '#!/bin/sh',
      'port=$1; pidfile=' + JSON.stringify(box) + '/c4@$port.pid',
      'if [ -f "$pidfile" ]; then',
      '  pid=$(cat "$pidfile"); kill -TERM "$pid" 2>/dev/null || true',
      '  i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done',
      'fi',
      `cd ${JSON.stringify(path.join(home, 'current'))}/ || exit 1`,
      `PORT=$port ${node} dist/server/main.js --env-file ${env} >>${JSON.stringify(box)}/c4@$port.log 2>&1 &`,
      'echo $! > "$pidfile"',
    ].join('\n') + '\n',
  );
  chmodSync(restart, 0o755);
  // What stands in for systemd and root (the script's defaults are the real machine's).
  const standIns = {
    C4_HOME: home,
    C4_ENV_FILE: env,
    C4_PORTS: ports.join(' '),
    C4_KEEP: '2',
    C4_READY_SECONDS: '20',
    C4_RESTART: `${restart} {port}`,
    C4_NODE: node,
    C4_AS_USER: '',
  };
  /** The first deploy: the script from the repository (the unpacked tarball's, in the guide). */
  const firstDeploy = (tarball: string) =>
    spawnSync(path.join(ROOT, 'ops', 'c4-deploy'), [tarball], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        // Not the test runner's IPC channel: the servers started below must not inherit it.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([k]) => !k.startsWith('NODE_CHANNEL')),
        ),
        ...standIns,
      },
    });
  /** Every later deploy: the guide's line as written, /opt/c4 and the tarball swapped. */
  const deploy = (tarball: string) => {
    expect(DEPLOY_BLOCK, 'the guide lost its marked deploy block').toBeDefined();
    expect(commands(DEPLOY_BLOCK!)).toEqual(['/opt/c4/current/ops/c4-deploy c4-v2.tar.gz']);
    return runLocally(
      DEPLOY_BLOCK!,
      [
        ['/opt/c4', home],
        ['c4-v2.tar.gz', tarball],
      ],
      '/dev/null',
      { env: standIns },
    );
  };
  // A fresh connection each time: a kept-alive one may belong to a process since restarted.
  const healthy = (port: number) =>
    new Promise<boolean>((resolve) => {
      get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => {
        resolve(false);
      });
    });

  for (const name of ['v1', 'v2']) {
    const run = (name === 'v1' ? firstDeploy : deploy)(release(name, true));
    expect(run.status, run.stderr).toBe(0);
    expect(readlinkSync(path.join(home, 'current'))).toBe(path.join(home, 'releases', name));
    for (const port of ports) expect(await healthy(port)).toBe(true);
  }
  const bad = deploy(release('v3', false));
  expect(bad.status).toBe(1);
  expect(bad.stderr).toMatch(/not ready on v3 within 20s: rolling back/);
  expect(bad.stderr).toMatch(/rolled back to v2/);
  expect(readlinkSync(path.join(home, 'current'))).toBe(path.join(home, 'releases', 'v2'));
  for (const port of ports) expect(await healthy(port)).toBe(true);
  // Nothing is pruned after a failed deploy: the failed release stays for a look.
  expect(readdirSync(path.join(home, 'releases')).sort()).toEqual(['v1', 'v2', 'v3']);
}, 180_000);
