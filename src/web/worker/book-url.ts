/**
 * The 7x6 opening book's address (hashed by the build). One module for the search worker, which
 * reads it, and the analysis page, which asks for it ahead of the worker (local/book-prefetch.ts):
 * the same URL, so the worker's request is answered from the HTTP or service-worker cache.
 */
export const BOOK_URL: URL = new URL('../../solver/book/7x6.book', import.meta.url);
