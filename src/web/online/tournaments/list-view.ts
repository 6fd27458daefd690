import './tournaments.css';
import { h, type View } from '../../dom.js';
import type { TournamentSummary } from '../../../protocol/index.js';
import type { OnlineClient } from '../client.js';
import { identityCard } from '../identity-card.js';
import { identitySecret, type PlayersApi } from '../identity.js';
import { routeHash } from '../routes.js';
import type { TournamentsApi } from './api.js';
import { createForm } from './create-form.js';
import { countdownText, sections, summaryText } from './model.js';

/** How often the list is read again while shown (the countdowns tick locally in between). */
const REFRESH_MS = 15_000;

/**
 * The Tournaments page (`#tournaments`): running, upcoming and finished tournaments of the
 * server's schedule, each linking to its page, the player's name (tournaments are for named
 * players), and the form to create a private one.
 */
export function tournamentsView(
  api: TournamentsApi,
  client: OnlineClient,
  players: PlayersApi,
): View {
  // Until the card hears from the server, a browser holding an identity counts as named.
  let named = identitySecret() !== undefined;
  const form = createForm(client, () => named);
  const card = identityCard(players, (player) => {
    named = player !== undefined;
    form.refresh();
  });
  const lists = h('div', { class: 'tournament-lists' }, h('p', { role: 'status' }, 'Loading…'));
  let shown: TournamentSummary[] = [];

  const item = (t: TournamentSummary): HTMLElement =>
    h(
      'li',
      { 'data-status': t.status },
      h('a', { href: routeHash({ kind: 'tournament', tournamentId: t.id }) }, t.name),
      h('span', { class: 'about' }, ` ${summaryText(t)}`),
      h(
        'span',
        { class: 'tournament-when', 'data-id': t.id },
        countdownText(t, client.serverNow()),
      ),
    );
  const section = (id: string, title: string, list: readonly TournamentSummary[]): HTMLElement =>
    h(
      'section',
      { class: 'card online-card', 'aria-labelledby': id },
      h('h2', { id }, title),
      list.length === 0
        ? h('p', { class: 'about' }, 'None right now.')
        : h('ul', { class: 'tournament-list' }, ...list.map(item)),
    );

  const render = (list: TournamentSummary[] | undefined): void => {
    if (!list) {
      lists.replaceChildren(
        h('p', { class: 'error' }, 'Could not reach the server. The list comes back by itself.'),
      );
      return;
    }
    shown = list;
    const s = sections(list);
    lists.replaceChildren(
      section('tournaments-running', 'Running now', s.running),
      section('tournaments-upcoming', 'Starting soon', s.upcoming),
      section('tournaments-finished', 'Finished', s.finished),
    );
  };
  const load = (): void => {
    void api.list().then(render);
  };
  const tick = (): void => {
    const now = client.serverNow();
    for (const t of shown) {
      const when = lists.querySelector(`.tournament-when[data-id="${t.id}"]`);
      if (when) when.textContent = countdownText(t, now);
    }
  };
  load();
  const timers = [setInterval(load, REFRESH_MS), setInterval(tick, 1000)];

  const element = h(
    'div',
    { class: 'online-lobby tournaments-page' },
    h(
      'div',
      { class: 'online-head' },
      h('h2', {}, 'Tournaments'),
      h('a', { href: routeHash({ kind: 'lobby' }), class: 'online-back' }, 'Online lobby'),
    ),
    h(
      'p',
      { class: 'about tournaments-intro' },
      'Arenas: join any time and play as many games as you can; a win is 2 points, a draw 1, and after two wins in a row each win counts double. Swiss: a few rounds, everyone plays each round.',
    ),
    h('div', { class: 'online-cards tournaments-cards' }, lists, card, form.element),
  );
  return {
    element,
    dispose: () => {
      for (const t of timers) clearInterval(t);
    },
  };
}
