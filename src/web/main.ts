import './styles.css';
import { startApp } from './app.js';
import { parseRoute } from './online/routes.js';

startApp();

// Online play is loaded only once an online route is opened, so the first view of a local game
// does not pay for it; the module takes over routing from then on.
let online: Promise<unknown> | undefined;
const loadOnlineWhenRouted = (): void => {
  if (online === undefined && parseRoute(location.hash)) online = import('./online/mount.js');
};
window.addEventListener('hashchange', loadOnlineWhenRouted);
loadOnlineWhenRouted();

// Review (#review=GAME) and Puzzles (#puzzles) are loaded the same way, on their first visit.
const pages: [RegExp, () => Promise<unknown>, Promise<unknown>?][] = [
  [/^#review=/, () => import('./review/mount.js')],
  [/^#puzzles\b/, () => import('./puzzles/mount.js')],
];
const loadPagesWhenRouted = (): void => {
  for (const page of pages)
    if (page[2] === undefined && page[0].test(location.hash)) page[2] = page[1]();
};
window.addEventListener('hashchange', loadPagesWhenRouted);
loadPagesWhenRouted();

// Offline play: the service worker caches the app after the first visit (production builds only,
// so development never serves stale files).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No offline mode (e.g. a file:// or insecure origin); the game itself is unaffected.
    });
  });
}
