// Where the 7x6 opening book lives and how the CLI reads it (the core only parses bytes).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { parseBook, type Book } from '../solver/index.js';
import { POPOUT_BOOK_FILE, parsePopoutBook } from '../solver/family/popout-book.js';
import type { FamilyPerfectContext } from '../ai/family/index.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The committed book: next to the solver sources (also when running the compiled dist/). */
export function defaultBookPath(): string {
  const candidates = [
    join(here, '..', 'solver', 'book', '7x6.book'),
    join(here, '..', '..', 'src', 'solver', 'book', '7x6.book'),
  ];
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** The book at `path` (default: the committed one), or undefined with a reason. */
export function loadBook(path?: string): { book: Book } | { problem: string } {
  const file = path ?? defaultBookPath();
  if (!existsSync(file)) return { problem: `${file} not found` };
  // Node's native CRC-32: the check costs ~0.1 ms instead of the portable loop's 7-30 ms cold.
  const parsed = parseBook(new Uint8Array(readFileSync(file)), (data) => crc32(data));
  if (!parsed.ok) return { problem: `${file}: ${parsed.error.message}` };
  return { book: parsed.value };
}

/**
 * Where a book's build data (the progress and strategy logs) lives: for the committed book the
 * repository's top-level `book/` folder, kept out of the sources; for any other, its own folder.
 */
export function bookDataDir(bookFile: string): string {
  if (resolve(bookFile) === resolve(defaultBookPath())) return join(here, '..', '..', 'book');
  return dirname(bookFile);
}

/**
 * Perfect's context with PopOut 7x6's committed opening book (a missing or damaged file leaves
 * it out, and Perfect solves every position itself, as before the book). Read on each call: the
 * file is about 1 KB and a command plays with one context.
 */
export function popoutBookContext(): FamilyPerfectContext {
  const candidates = [
    join(here, '..', 'solver', 'book', POPOUT_BOOK_FILE),
    join(here, '..', '..', 'src', 'solver', 'book', POPOUT_BOOK_FILE),
  ];
  const file = candidates.find((p) => existsSync(p));
  if (file === undefined) return {};
  const parsed = parsePopoutBook(new Uint8Array(readFileSync(file)));
  return parsed.ok ? { popoutBook: parsed.value } : {};
}
