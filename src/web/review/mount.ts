import './review.css';
import { h } from '../dom.js';
import type { PageRoute, PageView } from '../routes.js';
import { familyReviewView } from './family-view.js';
import { familyReviewRoute, reviewRoute } from './routes.js';
import { reviewView } from './view.js';

/**
 * The Review page (`#review=GAME`), as the router mounts it; disposing it cancels its
 * computation. A link whose game does not parse says why.
 */
export function mountPage(_host: HTMLElement, route: PageRoute): PageView {
  if (route.page !== 'review') return refusal('it names no game');
  const family = familyReviewRoute(route.hash);
  if (family !== undefined) {
    return family.ok ? familyReviewView(family.value) : refusal(family.error.message);
  }
  const game = reviewRoute(route.hash);
  if (game === undefined) return refusal('it names no game');
  return game.ok ? reviewView(game.value) : refusal(game.error.message);
}

function refusal(why: string): PageView {
  const element = h(
    'section',
    { class: 'review-view' },
    h('p', { class: 'review-error', role: 'alert' }, `That link holds no valid game: ${why}.`),
    h('a', { class: 'button', href: '#' }, 'Back to the game'),
  );
  return { element, dispose: () => undefined };
}
