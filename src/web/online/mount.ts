import './online.css';
import { OnlineApi, OnlineClient } from './client.js';
import { h } from '../dom.js';
import { gameView } from './game-view.js';
import { PlayersApi } from './identity.js';
import { leaderboardView, playerView } from './player-view.js';
import { lobbyView } from './lobby.js';
import { replayView } from './replay-view.js';
import type { PageRoute, PageView } from '../routes.js';

/**
 * Online play's pages (`#online`, `#play=ID`, `#replay=ID`, `#player=ID`, `#leaderboard=…`), as
 * the router mounts them. The connection is opened on the first online page and kept while the
 * player moves between pages (a game's seat stays live); each view is disposed on leaving.
 */
const base = location.pathname.replace(/\/[^/]*$/, '');
const api = new OnlineApi(base);
const players = new PlayersApi(base);
let client: OnlineClient | undefined;
/** The host of the online page on screen, for the update notice. */
let current: HTMLElement | undefined;

function socketUrl(): string {
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

function connection(): OnlineClient {
  if (!client) {
    client = new OnlineClient({ url: socketUrl() });
    client.on('status', (status) => {
      if (status === 'incompatible') current?.prepend(updateNotice());
    });
  }
  return client;
}

export function mountPage(host: HTMLElement, route: PageRoute): PageView {
  if (route.page !== 'online') throw new Error(`online cannot show ${route.page}`);
  const online = connection();
  const next = route.route;
  const view =
    next.kind === 'lobby'
      ? lobbyView(api, online, navigate, players)
      : next.kind === 'game'
        ? gameView(online, next.gameId, navigate)
        : next.kind === 'replay'
          ? replayView(api, next.gameId)
          : next.kind === 'player'
            ? playerView(players, next.playerId)
            : leaderboardView(players, next.pool);
  host.replaceChildren(view.element);
  if (online.status === 'incompatible') host.prepend(updateNotice());
  current = host;
  return {
    element: view.element,
    dispose() {
      if (current === host) current = undefined;
      view.dispose();
    },
  };
}
