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
import { afterAll, expect, it, vi } from 'vitest';
import { createPlayer } from '../server/lobby.js';
import {
  freePort,
  httpsRequest,
  nginxMissing,
  requestLogLine,
  startNginx,
  type RunningNginx,
} from '../server/nginx.js';
import { describeIf, requireOrSkip } from '../support/skips.js';
import { commands, guideBlocks, runLocally } from './guide-blocks.js';
import { promtoolMissing } from './promtool.js';

/**
 * An operator's walk through docs/operations.md on this machine, in the guide's order, as one
 * script: nginx with a self-signed certificate (temporary prefix, free loopback ports, no daemon
 * of the machine touched) in front of two server processes; one request through nginx found in
 * nginx's access log and the server's JSON log by its id; a new release deployed with a rolling
 * restart, then one that fails its health check rolled back; a backup, a restore in place; the
 * alert rules checked by promtool. The guide's marked blocks are run from its text
 * (guide-blocks.ts). The first deploy runs the repository's ops/c4-deploy (the guide's "first
 * time"); the later ones run the guide's own deploy line (section 6, the block marked for this
 * file). There is no systemd here, so `C4_RESTART` is a small shell supervisor (stop by pid, wait
 * for the exit, start from `current` on the same env file), `systemctl stop|start c4@3001
 * c4@3002` in the restore block drives it, and `C4_AS_USER` is empty; a release's
 * `dist/server/main.js` runs this checkout's server through tsx, and it carries `ops/c4-deploy`
 * as section 2's tarball does. The store is SQLite (the restore block for it): the PostgreSQL
 * halves are test/ops/restore.test.ts's and test/server/nginx.test.ts's.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const [DEPLOY_BLOCK] = guideBlocks('test/ops/operator.test.ts');
const [BACKUP_BLOCK, , RESTORE_SQLITE_BLOCK] = guideBlocks('test/ops/restore.test.ts');
const PROMETHEUS_BLOCK = guideBlocks('test/ops/guide.test.ts').find((b) => b.includes('promtool'));

describeIf("an operator's walk through docs/operations.md", nginxMissing(), () => {
  const box = mkdtempSync(path.join(tmpdir(), 'c4-operator-'));
  const pidFile = (port: number) => path.join(box, `c4@${port}.pid`);
  const logFile = (port: number) => path.join(box, `c4@${port}.log`);
  const home = path.join(box, 'opt');
  const env = path.join(box, 'env');
  const data = path.join(box, 'lib');
  const backups = path.join(box, 'backups');
  const restart = path.join(box, 'restart');
  let ports: number[] = [];
  let nginx: RunningNginx | undefined;
  let standIns: Record<string, string> = {};

  afterAll(async () => {
    await nginx?.stop();
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
  const viaNginx = (p: string, headers: Record<string, string> = {}) =>
    httpsRequest(nginx!.httpsUrl + p, { ca: nginx!.ca, headers });

  it('deploys the first release on two processes, behind nginx with a self-signed certificate', async () => {
    ports = [await freePort(), await freePort()];
    mkdirSync(data);
    mkdirSync(backups);
    writeFileSync(
      env,
      [
        'HOST=127.0.0.1',
        `DATABASE_PATH=${path.join(data, 'c4.sqlite')}`,
        'TOURNAMENT_SCHEDULE=off',
        // The request lines, to find one request in nginx's log and the server's.
        'LOG_LEVEL=info',
        'TRUST_PROXY=loopback',
        '',
      ].join('\n'),
    );
    const node = path.join(box, 'node');
    // tsx by its path: a release directory has no node_modules of its own here.
    const tsx = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    writeFileSync(
      node,
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --import ${tsx} "$@"\n`,
    );
    chmodSync(node, 0o755);
    writeFileSync(
      restart,
      [
        '#!/bin/sh',
        'port=$1; pidfile=' + JSON.stringify(box) + '/c4@$port.pid',
        'if [ -f "$pidfile" ]; then',
        '  pid=$(cat "$pidfile"); kill -TERM "$pid" 2>/dev/null || true',
        '  i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done',
        'fi',
        '[ "$2" = stop ] && exit 0',
        `cd ${JSON.stringify(path.join(home, 'current'))}/ || exit 1`,
        `PORT=$port ${node} dist/server/main.js --env-file ${env} >>${JSON.stringify(box)}/c4@$port.log 2>&1 &`,
        'echo $! > "$pidfile"',
      ].join('\n') + '\n',
    );
    chmodSync(restart, 0o755);
    // What stands in for systemd and root (the script's defaults are the real machine's).
    standIns = {
      C4_HOME: home,
      C4_ENV_FILE: env,
      C4_PORTS: ports.join(' '),
      C4_KEEP: '2',
      C4_READY_SECONDS: '20',
      C4_RESTART: `${restart} {port}`,
      C4_NODE: node,
      C4_AS_USER: '',
    };
    const run = firstDeploy(release('v1', true));
    expect(run.status, run.stderr).toBe(0);
    expect(readlinkSync(path.join(home, 'current'))).toBe(path.join(home, 'releases', 'v1'));
    for (const port of ports) expect(await healthy(port)).toBe(true);
    nginx = await startNginx(ports);
    const health = await viaNginx('healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toMatchObject({ ok: true, store: 'sqlite' });
  }, 60_000);

  it("finds one request in nginx's access log and the server's log by one id", async () => {
    const reply = await viaNginx('api/games?limit=1', { 'x-request-id': 'forged-by-the-client' });
    expect(reply.status).toBe(200);
    const ids = await vi.waitFor(
      () => {
        const line = readFileSync(nginx!.accessLog, 'utf8')
          .split('\n')
          .find((l) => l.includes('"GET /api/games?limit=1 '));
        const [, rid, upstream] = /rid=(\w+) upstream=(\S+)/.exec(line ?? '') ?? [];
        if (!rid || !upstream) throw new Error('no access log line yet');
        return { rid, port: Number(upstream.split(':').at(-1)) };
      },
      { timeout: 5000, interval: 25 },
    );
    expect(ports).toContain(ids.port);
    const logged = await vi.waitFor(
      () => requestLogLine(readFileSync(logFile(ids.port), 'utf8'), ids.rid),
      { timeout: 5000, interval: 25 },
    );
    expect(logged).toMatchObject({ level: 'info', method: 'GET', path: '/api/games', status: 200 });
  });

  it('deploys a release with a rolling restart, and rolls back one that fails its health check', async () => {
    const good = deploy(release('v2', true));
    expect(good.status, good.stderr).toBe(0);
    expect(readlinkSync(path.join(home, 'current'))).toBe(path.join(home, 'releases', 'v2'));
    for (const port of ports) expect(await healthy(port)).toBe(true);
    const bad = deploy(release('v3', false));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/not ready on v3 within 20s: rolling back/);
    expect(bad.stderr).toMatch(/rolled back to v2/);
    expect(readlinkSync(path.join(home, 'current'))).toBe(path.join(home, 'releases', 'v2'));
    for (const port of ports) expect(await healthy(port)).toBe(true);
    expect((await viaNginx('healthz')).status).toBe(200);
    // Nothing is pruned after a failed deploy: the failed release stays for a look.
    expect(readdirSync(path.join(home, 'releases')).sort()).toEqual(['v1', 'v2', 'v3']);
  }, 120_000);

  it('backs up, then restores in place with both processes stopped', async () => {
    expect(BACKUP_BLOCK, "the guide lost section 7's backup block").toBeDefined();
    expect(RESTORE_SQLITE_BLOCK, "the guide lost section 7's SQLite restore block").toContain(
      'sqlite',
    );
    const direct = `http://127.0.0.1:${ports[0]!}/`;
    const ada = await createPlayer(direct, 'Ada Operator');
    let backupFile = '';
    const follow = async (block: string): Promise<string> => {
      let out = '';
      for (const command of commands(block)) {
        if (command === 'systemctl stop c4@3001 c4@3002') {
          for (const port of ports) execFileSync(restart, [String(port), 'stop']);
        } else if (command === 'systemctl start c4@3001 c4@3002') {
          for (const port of ports) execFileSync(restart, [String(port)]);
          for (const port of ports) {
            await vi.waitFor(
              async () => {
                if (!(await healthy(port))) throw new Error(`c4@${port} not healthy yet`);
              },
              { timeout: 20_000, interval: 100 },
            );
          }
        } else {
          const run = runLocally(command, [
            ['/opt/c4/current/dist/server/admin.js', 'src/server/admin.ts'],
            ['/etc/c4/env', env],
            [/\/var\/backups\/c4\/c4-\d{8}T\d{6}Z\.dump/g, backupFile],
            ['/var/backups/c4', backups],
            ['/var/lib/c4', data],
          ]);
          expect(run.status, `${run.script}\n${run.stderr}`).toBe(0);
          out += run.stdout;
        }
      }
      return out.trim().split('\n').at(-1) ?? '';
    };
    const taken = JSON.parse(await follow(BACKUP_BLOCK!)) as { file: string };
    expect(taken).toMatchObject({ players: 1 });
    backupFile = taken.file;
    const late = await createPlayer(direct, 'Cy After Backup');
    const restored = JSON.parse(await follow(RESTORE_SQLITE_BLOCK!)) as unknown;
    expect(restored).toMatchObject({ players: 1 });
    for (const port of ports) {
      const url = `http://127.0.0.1:${port}/api/players/`;
      expect((await fetch(url + ada.player.id)).status).toBe(200);
      expect((await fetch(url + late.player.id)).status).toBe(404);
    }
    expect((await viaNginx(`api/players/${ada.player.id}`)).status).toBe(200);
  }, 60_000);

  it.runIf(requireOrSkip("the guide's promtool check", promtoolMissing()))(
    "installs the alert rules by the guide's block, checked by promtool",
    () => {
      expect(PROMETHEUS_BLOCK, 'the guide lost its marked Prometheus block').toBeDefined();
      const etc = path.join(box, 'etc-prometheus');
      mkdirSync(etc);
      const calls = path.join(box, 'prometheus-calls');
      const run = runLocally(PROMETHEUS_BLOCK!, [['/etc/prometheus', etc]], calls);
      expect(run.status, run.script + run.stderr).toBe(0);
      const rules = spawnSync('promtool', ['check', 'rules', path.join(etc, 'c4-alerts.yml')], {
        encoding: 'utf8',
      });
      expect(rules.status, rules.stdout + rules.stderr).toBe(0);
      expect(readFileSync(calls, 'utf8')).toContain('systemctl reload prometheus');
    },
  );
});
