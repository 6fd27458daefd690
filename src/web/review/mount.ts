import './review.css';
import { reviewRoute } from './routes.js';
import type { View } from '../view.js';
import { reviewView } from './view.js';

/**
 * The Review page inside the web game: shown instead of the local game while the address is
 * `#review=GAME`; leaving the route disposes it (and cancels its computation). Importing this
 * module is the whole integration.
 */
const host = document.createElement('main');
host.id = 'review';
host.className = 'review-host';
let view: View | undefined;

function route(): void {
  const game = reviewRoute(location.hash);
  view?.dispose();
  view = undefined;
  document.body.classList.toggle('review-active', game !== undefined);
  if (game === undefined) {
    host.replaceChildren();
    host.remove();
    return;
  }
  if (!host.isConnected) {
    const header = document.querySelector('header.top');
    if (header) header.after(host);
    else document.body.append(host);
  }
  if (!game.ok) {
    const p = document.createElement('p');
    p.className = 'review-error';
    p.textContent = `That link holds no valid game: ${game.error.message}.`;
    host.replaceChildren(p);
    return;
  }
  view = reviewView(game.value);
  host.replaceChildren(view.element);
}

window.addEventListener('hashchange', route);
route();
