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
  const family = route.page === 'review' ? familyReviewRoute(route.hash) : undefined;
  if (family) return familyReviewView(family);
  const game = route.page === 'review' ? reviewRoute(route.hash) : undefined;
  if (game === undefined || !game.ok) {
    const why = game === undefined ? 'it names no game' : game.error.message;
    const element = h(
      'section',
      { class: 'review-view' },
      h('p', { class: 'review-error', role: 'alert' }, `That link holds no valid game: ${why}.`),
      h('a', { class: 'button', href: '#' }, 'Back to the game'),
    );
    return { element, dispose: () => undefined };
  }
  return reviewView(game.value);
}
