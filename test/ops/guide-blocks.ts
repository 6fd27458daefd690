import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The shell blocks of docs/operations.md that a test runs, found by the HTML comment
 * `<!-- test/ops/NAME.test.ts runs this block -->` just above their fence: the test reads the
 * guide's own commands, so the two cannot drift apart unnoticed.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

export function guideBlocks(testFile: string): string[] {
  const guide = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
  const marker = `<!-- ${testFile} runs this block -->\n\`\`\`sh\n`;
  const blocks: string[] = [];
  for (let at = guide.indexOf(marker); at >= 0; at = guide.indexOf(marker, at + 1)) {
    const body = at + marker.length;
    blocks.push(guide.slice(body, guide.indexOf('\n```\n', body) + 1));
  }
  return blocks;
}

/** A block's commands: continuation lines joined, comments and blank lines dropped. */
export function commands(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/**
 * What stands in for the root- and systemd-specific commands: `runuser -u USER -- CMD` runs CMD
 * as this user, `node` runs TypeScript through tsx, and `systemctl`/`apt-get` (commands on
 * `PATH`, as a function cannot be named `apt-get` in sh) only append their command line to
 * `callsFile` (there is no systemd or root here).
 */
const PRELUDE = [
  'runuser() { [ "$1" = -u ] && [ "$3" = -- ] || { echo "runuser: unexpected $*" >&2; exit 2; }; shift 3; "$@"; }',
  `node() { ${JSON.stringify(process.execPath)} --import ${TSX} "$@"; }`,
].join('\n');
const RECORDED = ['systemctl', 'apt-get'];

/**
 * Runs `script` (guide commands) by `sh -e` from the repository, after `replace` swapped the
 * machine's paths for a test's; a real machine's path left over fails the run.
 */
export function runLocally(
  script: string,
  replace: readonly (readonly [string | RegExp, string])[],
  callsFile = '/dev/null',
  options: {
    /** More stand-ins on `PATH`: a command's name and its `sh` script (e.g. `nginx`, `certbot`). */
    readonly tools?: Readonly<Record<string, string>>;
    /** Added to the environment (a tool's paths, the deploy script's `C4_*`). */
    readonly env?: Readonly<Record<string, string>>;
  } = {},
): { status: number | null; stdout: string; stderr: string; script: string } {
  let local = script;
  for (const [from, to] of replace) local = local.replaceAll(from, to);
  // A value inside a written file (`host=/var/run/postgresql`) is the guide's text, not a path used.
  const left = /(^|[\s'"])\/(etc|opt|var)\/\S*/.exec(local);
  if (left) throw new Error(`a path of the real machine is left: ${left[0]}\n${local}`);
  const clean = Object.fromEntries(
    // Nor the test runner's IPC channel: a server the block starts must not inherit it.
    Object.entries(process.env).filter(
      ([k]) => !/^(PORT|DATABASE_|REDIS_|PG_|NODE_CHANNEL)/.test(k),
    ),
  );
  const bin = mkdtempSync(path.join(tmpdir(), 'c4-guide-bin-'));
  for (const name of RECORDED) {
    writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> "$GUIDE_CALLS"\n`);
    chmodSync(path.join(bin, name), 0o755);
  }
  for (const [name, body] of Object.entries(options.tools ?? {})) {
    writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}`);
    chmodSync(path.join(bin, name), 0o755);
  }
  const run = spawnSync('sh', ['-ec', `${PRELUDE}\n${local}`], {
    cwd: ROOT,
    env: {
      ...clean,
      ...options.env,
      PATH: `${bin}:${process.env['PATH'] ?? ''}`,
      GUIDE_CALLS: callsFile,
    },
    encoding: 'utf8',
  });
  rmSync(bin, { recursive: true, force: true });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, script: local };
}
