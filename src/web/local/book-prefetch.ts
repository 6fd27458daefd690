import { BOOK_URL } from '../worker/book-url.js';

let asked = false;

/**
 * Starts downloading the opening book from the page, once per page, when a classic analysis is
 * first asked for. The search worker takes half a second or more to start on a slow or busy
 * device and only then asks for the book; by then this copy is in the cache. Errors are left to
 * the worker's own request, which searches without the book when it is missing. Never called
 * on a plain first view, so what it downloads does not grow.
 */
export function prefetchBook(fetchBook: (url: URL) => Promise<unknown> = fetch): void {
  if (asked) return;
  asked = true;
  fetchBook(BOOK_URL)
    .then((response) => (response instanceof Response ? response.arrayBuffer() : undefined))
    .catch(() => undefined);
}
