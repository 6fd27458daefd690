import { describe, expect, it } from 'vitest';
import { prefetchBook } from '../../src/web/local/book-prefetch.js';
import { BOOK_URL } from '../../src/web/worker/book-url.js';

describe('prefetchBook', () => {
  it('asks for the worker’s book address once per page, and a failure stays quiet', async () => {
    const asked: string[] = [];
    const failing = (url: URL): Promise<unknown> => {
      asked.push(url.href);
      return Promise.reject(new Error('offline'));
    };
    prefetchBook(failing);
    prefetchBook(failing);
    await Promise.resolve();
    expect(asked).toEqual([BOOK_URL.href]);
    expect(BOOK_URL.pathname).toMatch(/7x6\.book$/);
  });
});
