import { execFileSync, spawnSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeIf } from '../support/skips.js';
import { guideBlocks, runLocally } from './guide-blocks.js';
import { promtoolMissing } from './promtool.js';
import { nginxMissing } from '../server/nginx.js';

/**
 * What docs/operations.md tells an operator to install, checked from the guide's own text and
 * the files it names. The blocks marked `<!-- test/ops/guide.test.ts runs this block -->` are
 * run by `sh` as written, with only what needs root or systemd substituted (guide-blocks.ts):
 * the `/etc` paths are temporary ones, `-o root -g c4` is dropped, `runuser` runs as this user,
 * and `systemctl`/`apt-get` are recorded, not run; in the nginx block `nginx -t` runs on a
 * temporary prefix and `certbot` leaves a self-signed certificate. The systemd units are read
 * (this machine and CI have no systemd), and the Prometheus files pass `promtool`.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const GUIDE = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'c4-guide-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const BLOCKS = guideBlocks('test/ops/guide.test.ts');
const block = (has: string): string | undefined => BLOCKS.find((b) => b.includes(has));
const ENV_BLOCK = block('/etc/c4/env');
const NGINX_BLOCK = block('nginx -t');
const PROMETHEUS_BLOCK = block('promtool');

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

/**
 * What the guide's nginx block (section 5) needs played: `nginx -t` tests the installed sites
 * on a temporary prefix (its pid, logs and temporary files there, so no daemon of the machine
 * is touched) under a main configuration with the guide's worker settings, the machine's paths
 * inside the site file swapped for the test's; `nginx -v` is the real one; `certbot` leaves the
 * certificate it would have fetched (self-signed here).
 */
const NGINX_TOOLS = {
  nginx: `case "$1" in
  -v|-V) exec "$NGINX_REAL" "$@" ;;
  -t) ;;
  *) echo "nginx: the test plays -v and -t, not $*" >&2; exit 2 ;;
esac
echo "nginx -t" >> "$GUIDE_CALLS"
rm -rf "$NGINX_PREFIX/sites"
mkdir -p "$NGINX_PREFIX/sites" "$NGINX_PREFIX/logs"
for site in "$NGINX_SITES"/*; do
  [ -e "$site" ] || continue
  sed -e "s|/etc/letsencrypt|$LETSENCRYPT|g" -e "s|/var/log/nginx|$NGINX_PREFIX/logs|g" \\
    -e "s|/var/www/letsencrypt|$WEBROOT|g" "$site" > "$NGINX_PREFIX/sites/$(basename "$site")"
done
exec "$NGINX_REAL" -t -q -p "$NGINX_PREFIX/" -c "$NGINX_PREFIX/nginx.conf" -e stderr
`,
  certbot: `echo "certbot $*" >> "$GUIDE_CALLS"
domain=
while [ $# -gt 0 ]; do [ "$1" = -d ] && domain=$2; shift; done
live="$LETSENCRYPT/live/$domain"
mkdir -p "$live"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \\
  -subj "/CN=$domain" -keyout "$live/privkey.pem" -out "$live/fullchain.pem" 2>/dev/null
`,
};

describeIf("the guide's nginx block, with nginx -t", nginxMissing(), () => {
  it('installs the site on a temporary certificate, then on the real one, each passing nginx -t', () => {
    expect(NGINX_BLOCK, 'the guide lost its marked nginx block').toBeDefined();
    const root = path.join(dir, 'nginx');
    const at = (name: string): string => path.join(root, name);
    for (const d of ['prefix', 'sites-available', 'sites-enabled', 'letsencrypt']) {
      mkdirSync(at(d), { recursive: true });
    }
    // What Debian's package leaves: its default site, which the guide removes.
    writeFileSync(at('sites-enabled/default'), 'server { listen 8080; }\n');
    // The guide's worker settings ("In /etc/nginx/nginx.conf") in a main file of the test's.
    const workers = /In `\/etc\/nginx\/nginx\.conf`:\n\n```nginx\n([\s\S]*?)```/.exec(GUIDE)?.[1];
    expect(workers, 'the guide lost its nginx.conf snippet').toBeDefined();
    const prefix = at('prefix');
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        `pid ${path.join(prefix, 'nginx.pid')};`,
        'error_log stderr;',
        workers!,
        'http {',
        `  include ${path.join(prefix, 'sites')}/*;`,
        '}',
        '',
      ].join('\n'),
    );
    const calls = at('calls');
    const run = runLocally(
      NGINX_BLOCK!,
      [
        // The release's directory, where the block runs: this checkout.
        ['/opt/c4/current', ROOT],
        ['/etc/nginx/c4', at('c4')],
        ['/etc/nginx/sites-available', at('sites-available')],
        ['/etc/nginx/sites-enabled', at('sites-enabled')],
        ['/var/www/letsencrypt', at('www')],
      ],
      calls,
      {
        tools: NGINX_TOOLS,
        env: {
          NGINX_REAL: process.env['NGINX_PATH'] ?? '/usr/sbin/nginx',
          NGINX_PREFIX: prefix,
          NGINX_SITES: at('sites-enabled'),
          LETSENCRYPT: at('letsencrypt'),
          WEBROOT: at('www'),
        },
      },
    );
    expect(run.status, run.script + run.stderr).toBe(0);
    // nginx -t passed before certbot had made anything (the temporary certificate), then on
    // the real one; nginx reloaded after each.
    expect(readFileSync(calls, 'utf8').split('\n')).toEqual([
      'nginx -t',
      'systemctl reload nginx',
      'apt-get install -y certbot',
      `certbot certonly --webroot -w ${at('www')} -d c4.example.org --deploy-hook systemctl reload nginx`,
      'nginx -t',
      'systemctl reload nginx',
      '',
    ]);
    expect(lstatSync(at('sites-enabled/default'), { throwIfNoEntry: false })).toBeUndefined();
    expect(readlinkSync(at('sites-enabled/c4'))).toBe(at('sites-available/c4'));
    const site = readFileSync(at('sites-available/c4'), 'utf8');
    expect(site).toContain(
      'ssl_certificate     /etc/letsencrypt/live/c4.example.org/fullchain.pem;',
    );
    expect(site).toContain('ssl_certificate_key /etc/letsencrypt/live/c4.example.org/privkey.pem;');
    expect(site).not.toContain(at('c4'));
    // Before 1.25.1 the listen lines say http2 (the directive is unknown there), after it the
    // directive does.
    const version = spawnSync(process.env['NGINX_PATH'] ?? '/usr/sbin/nginx', ['-v'], {
      encoding: 'utf8',
    }).stderr;
    const [major, minor, patch] = (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(version) ?? [])
      .slice(1)
      .map(Number);
    const modern = major! * 1e6 + minor! * 1e3 + patch! >= 1_025_001;
    expect(site.includes('http2 on;')).toBe(modern);
    expect(site.includes('listen 443 ssl http2;')).toBe(!modern);
  });
});

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
