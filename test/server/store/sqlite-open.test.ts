import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const CHILDREN = 4;
const ROUNDS = 8;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('processes starting together on a new SQLite file', () => {
  it('all open it: none fails with "database is locked" switching it to WAL', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'c4-open-'));
    const files = Array.from({ length: ROUNDS }, (_, i) => path.join(dir!, `games-${i}.db`));
    const children = Array.from({ length: CHILDREN }, () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/server/fixtures/open-child.ts', ...files],
        { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += String(d)));
      child.stderr.on('data', (d: Buffer) => (err += String(d)));
      return { child, out: () => out, err: () => err };
    });
    try {
      const lines = (c: (typeof children)[number]) => c.out().split('\n');
      await vi.waitFor(
        () => {
          for (const c of children) expect(lines(c), c.err()).toContain('ready');
        },
        { timeout: 30_000, interval: 20 },
      );
      for (let round = 0; round < ROUNDS; round++) {
        // Every child opens the file at the same moment, a race for a file nobody has opened.
        const at = Date.now() + 100;
        for (const c of children) c.child.stdin.write(`${at}\n`);
        await vi.waitFor(
          () => {
            for (const c of children)
              expect(c.out() + c.err()).toMatch(new RegExp(`ed ${round}\\b`));
          },
          { timeout: 30_000, interval: 10 },
        );
        for (const c of children) expect(lines(c), c.err()).toContain(`opened ${round}`);
      }
    } finally {
      for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    }
  }, 120_000);
});
