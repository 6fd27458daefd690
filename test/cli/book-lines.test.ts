import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBookPath, loadBook } from '../../src/cli/book-file.js';
import { alongLines } from '../../src/cli/book.js';
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

// The write fix of d368325: a lines build at deep plies wrote its book complete to the lines'
// first ply, so every periodic write enumerated whole plies the lines can never complete
// (minutes each at --ply 10..). The plan now aims one ply past what the book already has.
describe('the plan of c4 book build --lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'c4-lines-plan-'));
  const games = join(dir, 'games.txt');
  // Seed 31's first held-out game: 39 discs, long enough for children at plies 10 to 13.
  writeFileSync(games, '562525523433661163312351115262767777744\n');

  it('keeps the complete target at one ply past the book, not at the lines’ first ply', () => {
    const book = loadBook(defaultBookPath());
    if (!('book' in book)) throw new Error(`the committed book is missing: ${book.problem}`);
    const plan = alongLines(games, '10..13', defaultBookPath());
    expect(plan.completeTarget).toBe(book.book.completePly + 1);
    expect(plan.completeTarget).toBeLessThan(10);
    expect(plan.tasks.length).toBeGreaterThan(0);
    for (const task of plan.tasks) {
      expect(task.moves.length).toBeGreaterThanOrEqual(10);
      expect(task.moves.length).toBeLessThanOrEqual(13);
    }
  });

  it('starts from ply 1 without a book', () => {
    const plan = alongLines(games, '10..13', join(dir, 'none.book'));
    expect(plan.completeTarget).toBe(1);
  });
});
