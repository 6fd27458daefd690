import { rulesetToString, type GamePosition } from '../../core/index.js';
import {
  POPOUT_BOOK_RULESET,
  parsePopoutBook,
  type PopOutBook,
} from '../../solver/family/popout-book.js';

/**
 * PopOut 7x6's opening book (about 1 KB, hashed by the build): one address for the search worker
 * and the review's worker, so the second request is answered from the HTTP or service-worker
 * cache.
 */
const POPOUT_BOOK_URL = new URL('../../solver/book/popout-7x6.book', import.meta.url);

/** How long a search waits for the book (its ~1 KB is normally at hand). */
const POPOUT_BOOK_WAIT_MS = 1500;

let loaded: Promise<PopOutBook | undefined> | undefined;

/** The book, fetched on first use (a failure leaves it out); the same promise after. */
function loadPopoutBook(): Promise<PopOutBook | undefined> {
  loaded ??= fetch(POPOUT_BOOK_URL)
    .then(async (response) => (response.ok ? new Uint8Array(await response.arrayBuffer()) : null))
    .then((bytes) => {
      const parsed = bytes ? parsePopoutBook(bytes) : null;
      return parsed?.ok ? parsed.value : undefined;
    })
    .catch(() => undefined);
  return loaded;
}

/**
 * The book for a position of its board (7x6 PopOut), once fetched; undefined for other games
 * and boards. A book slower than the wait is left out of this search (and used by the next ones).
 */
export function popoutBookFor(position: GamePosition): Promise<PopOutBook | undefined> {
  if (rulesetToString(position.ruleset) !== POPOUT_BOOK_RULESET) return Promise.resolve(undefined);
  return Promise.race([
    loadPopoutBook(),
    new Promise<undefined>((resolve) => {
      setTimeout(() => {
        resolve(undefined);
      }, POPOUT_BOOK_WAIT_MS);
    }),
  ]);
}
