import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { backupFileName, pruneBackups } from '../../../src/server/backup/retention.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('names backups by UTC time', () => {
  expect(backupFileName(new Date('2026-12-06T05:07:09.123Z'))).toBe('c4-20261206T050709Z.dump');
});

it('keeps the newest N backups and nothing else is touched', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'c4-keep-'));
  const days = [1, 2, 3, 4, 5].map((d) => backupFileName(new Date(Date.UTC(2026, 11, d, 3))));
  for (const name of [...days, 'before-v2.dump', 'c4-notes.txt']) {
    writeFileSync(path.join(dir, name), 'x');
  }
  const removed = pruneBackups(dir, 2);
  expect(removed.map((f) => path.basename(f)).sort()).toEqual(days.slice(0, 3));
  expect(readdirSync(dir).sort()).toEqual(
    ['before-v2.dump', 'c4-notes.txt', ...days.slice(3)].sort(),
  );
});
