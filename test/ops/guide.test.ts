import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeIf } from '../support/skips.js';
import { guideBlocks, runLocally } from './guide-blocks.js';

/**
 * What docs/operations.md tells an operator to install, checked from the guide's own text and
 * the files it names. The blocks marked `<!-- test/ops/guide.test.ts runs this block -->` are
 * run by `sh` as written, with only what needs root or systemd substituted (guide-blocks.ts):
 * the `/etc` paths are temporary ones, `-o root -g c4` is dropped, `runuser` runs as this user,
 * and `systemctl`/`apt-get` are recorded, not run. The systemd units are read (this machine and
 * CI have no systemd), and the Prometheus files pass `promtool`.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const GUIDE = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'c4-guide-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const [ENV_BLOCK, PROMETHEUS_BLOCK] = guideBlocks('test/ops/guide.test.ts');

describe('docs/operations.md, as an operator follows it', () => {
  it("the guide's environment-file block writes /etc/c4/env and passes the service's check", () => {
    expect(ENV_BLOCK, 'the guide lost its marked environment-file block').toBeDefined();
    const etc = path.join(dir, 'etc-c4');
    // Only the ownership is root's: the block runs as this user, the file's mode kept.
    const run = runLocally(ENV_BLOCK!, [
      [' -o root -g c4', ''],
      ['/etc/c4', etc],
      ['/opt/c4/current/dist/server/main.js', 'src/server/main.ts'],
    ]);
    expect(run.status, run.script + run.stderr).toBe(0);
    expect(statSync(path.join(etc, 'env')).mode & 0o777).toBe(0o640);
    expect(JSON.parse(run.stdout)).toMatchObject({
      msg: 'configuration ok',
      store: 'postgres',
      bus: 'redis',
      trustProxy: 'loopback',
    });
  });

  it('the unit runs the server on that file and never restarts a refusal (exit 78)', () => {
    const unit = read('ops/systemd/c4@.service');
    expect(unit).toMatch(
      /^ExecStart=\/usr\/bin\/node dist\/server\/main\.js --env-file \/etc\/c4\/env$/m,
    );
    expect(unit).toMatch(/^RestartPreventExitStatus=78$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^StartLimitBurst=\d+$/m);
    const backup = read('ops/systemd/c4-backup.service');
    expect(backup).toMatch(
      /admin\.js --env-file \/etc\/c4\/env backup --dir \/var\/backups\/c4 --keep \d+/,
    );
    // Every file the guide copies is in the repository.
    for (const file of [
      'ops/systemd/c4@.service',
      'ops/systemd/c4-backup.service',
      'ops/systemd/c4-backup.timer',
      'ops/prometheus/prometheus.yml',
      'ops/prometheus/c4-alerts.yml',
      'ops/c4-deploy',
      'docs/nginx/c4.conf',
    ]) {
      expect(GUIDE).toContain(file.replace(/^docs\//, ''));
    }
  });

  it('the deploy script is valid shell', () => {
    expect(() => execFileSync('sh', ['-n', path.join(ROOT, 'ops', 'c4-deploy')])).not.toThrow();
  });
});

function promtoolMissing(): string | undefined {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'promtool is not installed (apt-get install prometheus)';
  }
}

describeIf('the Prometheus files, checked by promtool', promtoolMissing(), () => {
  const promtool = (...args: string[]) =>
    spawnSync('promtool', args, { cwd: path.join(ROOT, 'ops', 'prometheus'), encoding: 'utf8' });

  it('the scrape configuration and its rules are valid', () => {
    const run = promtool('check', 'config', 'prometheus.yml');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it("the guide's install block: the files copied, checked, and Prometheus reloaded", () => {
    expect(PROMETHEUS_BLOCK, 'the guide lost its marked Prometheus block').toBeDefined();
    const etc = path.join(dir, 'etc-prometheus');
    mkdirSync(etc);
    const calls = path.join(dir, 'prometheus-calls');
    const run = runLocally(PROMETHEUS_BLOCK!, [['/etc/prometheus', etc]], calls);
    expect(run.status, run.script + run.stderr).toBe(0);
    expect(readFileSync(calls, 'utf8').split('\n')).toEqual([
      'apt-get install -y prometheus prometheus-node-exporter',
      'systemctl reload prometheus',
      '',
    ]);
  });

  it('each tested alert fires on its made-up series and not before', () => {
    const run = promtool('test', 'rules', 'c4-alerts.test.yml');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
