import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(path.join(tmpdir(), 'c4-check-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** `main.ts --env-file FILE --check-config` on `text`, as the service's unit runs it. */
function check(text: string, env: Record<string, string> = {}) {
  const file = path.join(dir, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, text);
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PORT|DATABASE_|REDIS_|LOG_LEVEL)/.test(k)),
  );
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts', '--env-file', file, '--check-config'],
    { cwd: ROOT, env: { ...clean, ...env }, encoding: 'utf8' },
  );
  const lines = (run.stdout + run.stderr)
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: run.status, lines };
}

describe('--check-config reads the environment file as a start would', () => {
  it('accepts a good file and says what it would run, as one JSON line', () => {
    const { status, lines } = check(
      'HOST=127.0.0.1\nPORT=3001\nREDIS_URL=redis://127.0.0.1:6379\nTOURNAMENT_SCHEDULE=off\n',
      { PORT: '3002' },
    );
    expect(status).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'configuration ok', port: 3002, bus: 'redis' }),
    ]);
  });

  it.each([
    ['PG_POOL_SIZE=0\n', /PG_POOL_SIZE/],
    ['PG_POOLSIZE=30\n', /line 1: unknown variable PG_POOLSIZE/],
    ['TOURNAMENT_SCHEDULE=[{"key":1}]\n', /TOURNAMENT_SCHEDULE|key/],
  ])('refuses %j with exit 78 and a JSON line naming the problem', (text, why) => {
    const { status, lines } = check(text);
    expect(status).toBe(78);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'refusing to start' });
    expect(String(lines[0]!['error'])).toMatch(why);
  });
});
