import './tournaments.css';
import { announce, copyText, h, type View } from '../../dom.js';
import type { TournamentDetail } from '../../../protocol/index.js';
import type { OnlineClient } from '../client.js';
import { identityCard } from '../identity-card.js';
import { identitySecret, type PlayersApi } from '../identity.js';
import { routeHash, routeLink } from '../routes.js';
import type { TournamentsApi } from './api.js';
import {
  countdownText,
  openGameOf,
  participation,
  participationNote,
  summaryText,
  type Participation,
} from './model.js';
import { rememberTournamentGame, tournamentSecret } from './secrets.js';
import { gamesLists, podiumList, standingsTable } from './standings-view.js';
import { tournamentRefusalText } from './words.js';

/**
 * One tournament's page (`#tournament=ID`): its countdown, Join / Pause / Withdraw for a named
 * player, the viewer's game, the podium at the end, the standings (live: the page watches the
 * tournament over the socket) and its games, to watch or replay. Results stay readable after.
 */
export function tournamentView(
  api: TournamentsApi,
  client: OnlineClient,
  players: PlayersApi,
  tournamentId: string,
  me: () => Promise<string | undefined>,
): View {
  let t: TournamentDetail | undefined;
  let myId: string | undefined;
  const title = h('h2', { id: 'tournament-title' }, 'Tournament');
  const meta = h('p', { class: 'about', id: 'tournament-meta' });
  // Not a live region: it changes every second; the start and the end are announced instead.
  const countdown = h('p', { class: 'tournament-countdown', id: 'tournament-countdown' });
  const action = h('button', { type: 'button', id: 'tournament-action', class: 'primary' }, 'Join');
  const note = h('p', { class: 'about', id: 'tournament-note' });
  const refusal = h('p', { class: 'error', id: 'tournament-error' });
  const yourGame = h('p', { class: 'notice', id: 'tournament-your-game', hidden: true });
  const nameCard = h('div', { hidden: true });
  const live = h('div', { class: 'tournament-live' });
  const link = routeLink({ kind: 'tournament', tournamentId }, location.href);
  const linkInput = h('input', {
    type: 'text',
    readonly: true,
    value: link,
    id: 'tournament-share',
    'aria-label': 'Tournament link',
  });
  const copy = h('button', { type: 'button' }, 'Copy link');
  copy.addEventListener('click', () => {
    void copyText(link, linkInput).then((copied) => {
      announce(copied ? 'Link copied.' : 'Select the link and copy it.');
    });
  });
  const you = h(
    'section',
    { class: 'card online-card tournament-you', 'aria-labelledby': 'tournament-you-title' },
    h('h3', { id: 'tournament-you-title' }, 'Take part'),
    note,
    action,
    refusal,
    yourGame,
  );
  const element = h(
    'div',
    { class: 'online-lobby tournament-page' },
    h(
      'div',
      { class: 'online-head' },
      title,
      h('a', { href: routeHash({ kind: 'tournaments' }), class: 'online-back' }, 'All tournaments'),
    ),
    meta,
    countdown,
    h(
      'div',
      { class: 'tournament-columns' },
      // The name card stays out of "Take part": it brings its own heading.
      h('div', { class: 'tournament-side' }, you, nameCard),
      live,
    ),
    h('div', { class: 'row-input tournament-link' }, linkInput, copy),
  );

  const say = (text: string): void => {
    refusal.textContent = text;
    announce(text);
  };
  let place: Participation = { kind: 'unnamed' };
  /** Whether this page joined again (it does once when the player is in already). */
  let present = false;

  function render(next: TournamentDetail): void {
    const before = t;
    t = next;
    title.textContent = next.name;
    const by = next.createdBy ? ` · made by ${next.createdBy.name}` : '';
    meta.textContent = `${summaryText(next)}${next.private ? ' · private' : ''}${by}`;
    renderCountdown();
    place = participation(next, myId);
    const player = identitySecret();
    if (place.kind === 'in' && !present && player !== undefined) {
      // A player is paired (and told of the pairing) through the connections that joined: a
      // page opened again joins again (answered `again: true`), the client after reconnects.
      present = true;
      void client.tournamentRequest({
        type: 'tournamentJoin',
        tournamentId,
        player,
        secret: tournamentSecret(tournamentId),
      });
    }
    action.hidden = place.kind === 'unnamed' || place.kind === 'closed';
    if (place.kind === 'in' || place.kind === 'out') action.textContent = place.action;
    note.textContent = participationNote(place, next.kind);
    nameCard.hidden = place.kind !== 'unnamed';
    const open = openGameOf(next, myId);
    yourGame.hidden = open?.gameId == null;
    if (open?.gameId) {
      const opponent = open.first.playerId === myId ? open.second : open.first;
      yourGame.replaceChildren(
        'Your game is on: ',
        h(
          'a',
          { href: routeHash({ kind: 'game', gameId: open.gameId }) },
          `play ${opponent?.name ?? ''}`,
        ),
        '.',
      );
    }
    const podium = podiumList(next);
    live.replaceChildren(...(podium ? [podium] : []), standingsTable(next, myId), gamesLists(next));
    if (before && before.status !== next.status) {
      announce(
        next.status === 'running'
          ? `${next.name} has started.`
          : next.status === 'finished'
            ? `${next.name} is over.${next.standings[0] ? ` Winner: ${next.standings[0].name}.` : ''}`
            : '',
      );
    }
  }

  function renderCountdown(): void {
    if (t) countdown.textContent = countdownText(t, client.serverNow());
  }

  action.addEventListener('click', () => {
    const player = identitySecret();
    if (!t || player === undefined) return;
    refusal.textContent = '';
    action.disabled = true;
    const joining = place.kind === 'out';
    const request = joining
      ? client.tournamentRequest({
          type: 'tournamentJoin',
          tournamentId,
          player,
          secret: tournamentSecret(tournamentId),
        })
      : client.tournamentRequest({ type: 'tournamentWithdraw', tournamentId, player });
    void request
      .then((reply) => {
        if (reply.type === 'error') {
          say(tournamentRefusalText(reply));
          return;
        }
        announce(
          joining
            ? 'You have joined. Your games open here by themselves.'
            : t?.kind === 'arena'
              ? 'Paused: you will not be paired until you join again. Your score stays.'
              : 'You have withdrawn.',
        );
        // The next push shows it; a read now shows it at once.
        void api.detail(tournamentId).then((d) => {
          if (d) render(d);
        });
      })
      .finally(() => {
        action.disabled = false;
      });
  });

  // A game opened from here to watch links back here too.
  live.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('a') : null;
    const game = /^#play=([\w-]+)$/.exec(target?.getAttribute('href') ?? '');
    if (game) rememberTournamentGame(game[1]!, tournamentId);
  });
  const offs = [
    client.on('tournament', (d) => {
      if (d.id === tournamentId) render(d);
    }),
  ];
  const ticker = setInterval(renderCountdown, 1000);

  void Promise.all([me(), api.detail(tournamentId)]).then(([id, d]) => {
    myId = id;
    if (d === null) {
      element.replaceChildren(
        h('h2', {}, 'No such tournament'),
        h('p', { class: 'error' }, 'There is no tournament at this link.'),
        h('a', { href: routeHash({ kind: 'tournaments' }) }, 'All tournaments'),
      );
      return;
    }
    if (d === undefined) {
      meta.textContent = 'Could not reach the server: the page fills in once it is back.';
    } else if (!t) {
      render(d);
    } else {
      render(t);
    }
  });
  // Live from now on (and again after every reconnect).
  void client.watchTournament(tournamentId);
  nameCard.append(
    identityCard(players, (player) => {
      const id = player?.id;
      // The page-wide identity too (the follower opens this player's games).
      if (player !== undefined) void me();
      if (id === myId) return;
      myId = id;
      if (t) render(t);
    }),
  );

  return {
    element,
    dispose: () => {
      clearInterval(ticker);
      for (const off of offs) off();
    },
  };
}
