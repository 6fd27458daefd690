import './puzzles.css';
import type { PageRoute, PageView } from '../routes.js';
import { puzzlesView } from './view.js';

/** The Puzzles page (`#puzzles`, or `#puzzles=ID` for one puzzle), as the router mounts it. */
export function mountPage(_host: HTMLElement, route: PageRoute): PageView {
  const wanted = route.page === 'puzzles' ? route.id : null;
  let shownId = wanted;
  const view = puzzlesView(wanted);
  return {
    element: view.element,
    dispose: () => {
      view.dispose();
    },
    // The page itself writes #puzzles=ID for the puzzle on screen: no need to start again.
    update(next) {
      if (next.page !== 'puzzles') return false;
      if (next.id !== null && next.id !== shownId) return false;
      if (next.id !== null) shownId = next.id;
      return true;
    },
  };
}
