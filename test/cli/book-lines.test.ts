import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// The build itself forks solver processes (tsx in a development tree); here only what is
// refused before any search starts.
describe('c4 book build --lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'c4-lines-'));
  const games = join(dir, 'games.txt');
  writeFileSync(games, '# training games\n4455667\n7x6c4:1234\n');
  const wide = join(dir, 'wide.txt');
  writeFileSync(wide, '4455\n7x7c5:4455\n');
  const out = join(dir, '7x6.book');

  it.each([
    [[games], 'book: --lines needs --ply A..B (e.g. 5..8), got none'],
    [[games, '--ply', 'five'], 'book: --lines needs --ply A..B (e.g. 5..8), got five'],
    [[games, '--ply', '8..5'], 'book: --ply 8..5: want 1 <= A <= B < 42'],
    [
      [join(dir, 'missing.txt'), '--ply', '5'],
      `book: --lines: ${join(dir, 'missing.txt')} not found`,
    ],
    [[wide, '--ply', '5'], `book: ${wide}:2: the book is for 7x6 games only`],
  ])('refuses %j', async (args, message) => {
    const { code, err } = await runCli(['book', 'build', '--lines', ...args, '--out', out]);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });
});
