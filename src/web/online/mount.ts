import './online.css';
import { OnlineApi, OnlineClient } from './client.js';
import { announce, h } from './dom.js';
import { gameView } from './game-view.js';
import { PlayersApi } from './identity.js';
import { leaderboardView, playerView } from './player-view.js';
import { lobbyView, type View } from './lobby.js';
import { replayView } from './replay-view.js';
import { parseRoute } from './routes.js';

/**
 * Online play inside the web game: shown instead of the local game while the address holds an
 * online route (`#online`, `#play=ID`, `#replay=ID`); leaving the route shows the local game
 * again, untouched. Importing this module is the whole integration.
 */
const api = new OnlineApi(location.pathname.replace(/\/[^/]*$/, ''));
const players = new PlayersApi(location.pathname.replace(/\/[^/]*$/, ''));
let client: OnlineClient | undefined;
let view: View | undefined;

const host = document.createElement('main');
host.id = 'online';
host.className = 'online';
host.hidden = true;

function socketUrl(): string {
  const base = location.pathname.replace(/\/[^/]*$/, '');
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${base}/ws`;
}

/** Shown once the server speaks another protocol version (a deploy since this page loaded). */
function updateNotice(): HTMLElement {
  const reload = h('button', { type: 'button' }, 'Reload');
  reload.addEventListener('click', () => {
    location.reload();
  });
  return h(
    'p',
    { class: 'notice online-update', role: 'alert' },
    'The game server has been updated. Reload this page to keep playing online. ',
    reload,
  );
}

const navigate = (hash: string): void => {
  location.hash = hash;
};

function route(): void {
  const local = document.querySelector<HTMLElement>('main.layout:not(#online)');
  const next = parseRoute(location.hash);
  // The header's local modes are not what is on screen while online: mark the online link instead.
  document.body.classList.toggle('online-active', next !== undefined);
  const link = document.querySelector('.online-link');
  if (next) link?.setAttribute('aria-current', 'page');
  else link?.removeAttribute('aria-current');
  view?.dispose();
  view = undefined;
  // What the live region last said belonged to the page being left.
  announce('');
  if (!next) {
    host.hidden = true;
    host.replaceChildren();
    if (local) local.hidden = false;
    return;
  }
  if (!host.isConnected) (local ?? document.body).after(host);
  if (local) local.hidden = true;
  host.hidden = false;
  if (!client) {
    client = new OnlineClient({ url: socketUrl() });
    client.on('status', (status) => {
      if (status === 'incompatible') host.prepend(updateNotice());
    });
  }
  switch (next.kind) {
    case 'lobby':
      view = lobbyView(api, client, navigate, players);
      break;
    case 'game':
      view = gameView(client, next.gameId, navigate);
      break;
    case 'replay':
      view = replayView(api, next.gameId);
      break;
    case 'player':
      view = playerView(players, next.playerId);
      break;
    case 'leaderboard':
      view = leaderboardView(players, next.pool);
      break;
  }
  host.replaceChildren(view.element);
  if (client.status === 'incompatible') host.prepend(updateNotice());
}

window.addEventListener('hashchange', route);
// Choosing a local mode in the header while online goes back to the local game.
document.getElementById('modes')?.addEventListener('click', () => {
  if (parseRoute(location.hash)) history.pushState(null, '', location.href.replace(/#.*$/, ''));
  route();
});
route();
