import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bookDataDir, defaultBookPath } from '../../src/cli/book-file.js';
import { progressPathFor, strategyPathFor } from '../../src/cli/book-store.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('book build data', () => {
  it("keeps the committed book's logs in the top-level book/ folder, out of src/", () => {
    expect(bookDataDir(defaultBookPath())).toBe(join(root, 'book'));
    expect(existsSync(progressPathFor(defaultBookPath()))).toBe(true);
    expect(existsSync(strategyPathFor(defaultBookPath()))).toBe(true);
  });

  it("keeps another book's logs beside it", () => {
    const other = join(tmpdir(), 'elsewhere', '7x6.book');
    expect(dirname(progressPathFor(other))).toBe(dirname(other));
    expect(basename(strategyPathFor(other))).toBe('7x6-strategy.tsv');
  });
});
