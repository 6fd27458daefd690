import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeIf } from '../support/skips.js';

/**
 * What docs/operations.md tells an operator to install, checked from the guide's own text and
 * the files it names: the environment file block passes the server's `--check-config`, the
 * systemd units run the commands the server and admin accept, and the Prometheus files pass
 * `promtool`. systemd itself is not run (this machine and CI have none): the units are read.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const GUIDE = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'c4-guide-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The body of the guide's `cat > FILE <<'EOF'` block for `file`. */
function heredoc(file: string): string {
  const start = GUIDE.indexOf(`cat > ${file} <<'EOF'\n`);
  if (start < 0) throw new Error(`docs/operations.md no longer writes ${file}`);
  const body = GUIDE.slice(GUIDE.indexOf('\n', start) + 1);
  return body.slice(0, body.indexOf('\nEOF\n') + 1);
}

function checkConfig(envFile: string): { status: number | null; out: string } {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PORT|DATABASE_|REDIS_|LOG_LEVEL)/.test(k)),
  );
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts', '--env-file', envFile, '--check-config'],
    { cwd: ROOT, env: { ...clean, PORT: '3001' }, encoding: 'utf8' },
  );
  return { status: run.status, out: run.stdout + run.stderr };
}

describe('docs/operations.md, as an operator follows it', () => {
  it("the guide's /etc/c4/env passes the check the service makes at start", () => {
    const file = path.join(dir, 'env');
    writeFileSync(file, heredoc('/etc/c4/env'));
    const { status, out } = checkConfig(file);
    expect(status, out).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      msg: 'configuration ok',
      port: 3001,
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

  it('each tested alert fires on its made-up series and not before', () => {
    const run = promtool('test', 'rules', 'c4-alerts.test.yml');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
