import './online.css';
import { OnlineApi, OnlineClient } from './client.js';
import { h } from '../dom.js';
import { gameView } from './game-view.js';
import { PlayersApi } from './identity.js';
import { leaderboardView, playerView } from './profile-view.js';
import { lobbyView } from './lobby.js';
import { replayView } from './replay-view.js';
import { TournamentsApi } from './tournaments/api.js';
import { followTournaments } from './tournaments/follower.js';
import { tournamentsView } from './tournaments/list-view.js';
import { tournamentView } from './tournaments/page-view.js';
import { tournamentOfGame } from './tournaments/secrets.js';
import { failed } from './identity.js';
import type { PageRoute, PageView } from '../routes.js';

/**
 * Online play's pages (`#online`, `#play=ID`, `#replay=ID`, `#player=ID`, `#leaderboard=…`,
 * `#tournaments`, `#tournament=ID`), as
 * the router mounts them. The connection is opened on the first online page and kept while the
 * player moves between pages (a game's seat stays live); each view is disposed on leaving.
 */
const base = location.pathname.replace(/\/[^/]*$/, '');
const api = new OnlineApi(base);
const players = new PlayersApi(base);
const tournaments = new TournamentsApi(base);
let client: OnlineClient | undefined;
/** This browser's player id once known (tournament pages mark its row and offer its games). */
let myId: string | undefined;
const whoAmI = (): Promise<string | undefined> =>
  (players.me() ?? Promise.resolve(undefined)).then((answer) => {
    myId = answer === undefined || failed(answer) ? undefined : answer.id;
    return myId;
  });
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
    // For the whole visit: a tournament's next game opens wherever the player is online.
    followTournaments(client, () => myId, navigate);
    void whoAmI();
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
        ? gameView(online, next.gameId, navigate, tournamentOfGame(next.gameId))
        : next.kind === 'replay'
          ? replayView(api, next.gameId)
          : next.kind === 'player'
            ? playerView(players, next.playerId)
            : next.kind === 'leaderboard'
              ? leaderboardView(players, next.pool)
              : next.kind === 'tournaments'
                ? tournamentsView(tournaments, online, players)
                : tournamentView(tournaments, online, players, next.tournamentId, whoAmI);
  // A tournament game keeps its tournament followed, so the next pairing is heard after it.
  const followed = next.kind === 'game' ? tournamentOfGame(next.gameId) : undefined;
  if (followed !== undefined) void online.watchTournament(followed);
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
