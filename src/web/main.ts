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

// Offline play: the service worker caches the app after the first visit (production builds only,
// so development never serves stale files).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No offline mode (e.g. a file:// or insecure origin); the game itself is unaffected.
    });
  });
}
