import './styles.css';
import { startApp } from './app.js';
import { startRouter } from './router.js';

// The local game always exists (its state lives on while other pages show); the router shows
// one page at a time and loads the others on their first visit.
startRouter(startApp());

// Offline play: the service worker caches the app after the first visit (production builds only,
// so development never serves stale files).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No offline mode (e.g. a file:// or insecure origin); the game itself is unaffected.
    });
  });
}
