import './puzzles.css';
import type { View } from '../view.js';
import { puzzlesView } from './view.js';

/**
 * The Puzzles page inside the web game: shown instead of the local game while the address is
 * `#puzzles` (or `#puzzles=ID` for one puzzle). Importing this module is the whole integration.
 */
const host = document.createElement('main');
host.id = 'puzzles';
host.className = 'puzzles-host';
let view: View | undefined;
let shownId: string | null | undefined;

const routeOf = (hash: string): { id: string | null } | undefined => {
  const match = /^#puzzles(?:=([0-9a-z]+))?$/.exec(hash);
  return match ? { id: match[1] ?? null } : undefined;
};

function route(): void {
  const next = routeOf(location.hash);
  document.body.classList.toggle('puzzles-active', next !== undefined);
  if (next === undefined) {
    view?.dispose();
    view = undefined;
    shownId = undefined;
    host.replaceChildren();
    host.remove();
    return;
  }
  // The page itself writes #puzzles=ID for the puzzle on screen: no need to start again.
  if (view && (next.id === null || next.id === shownId)) return;
  view?.dispose();
  if (!host.isConnected) {
    const header = document.querySelector('header.top');
    if (header) header.after(host);
    else document.body.append(host);
  }
  shownId = next.id;
  view = puzzlesView(next.id);
  host.replaceChildren(view.element);
}

window.addEventListener('hashchange', route);
route();
