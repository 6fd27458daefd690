import { h } from '../../dom.js';
import type { TournamentDetail } from '../../../protocol/index.js';
import { routeHash } from '../routes.js';
import { PLACE, gamesOf, pairingText, podium, standingRows } from './model.js';

/** The flame of a player on a streak: a picture with words, so a screen reader says it too. */
const flame = (): HTMLElement =>
  h(
    'span',
    { class: 'tournament-flame', role: 'img', 'aria-label': 'on fire: wins count double' },
    '🔥',
  );

/** The standings as a table (rank, player, points, games, tiebreak), the viewer's row marked. */
export function standingsTable(t: TournamentDetail, me: string | undefined): HTMLElement {
  const rows = standingRows(t, me);
  if (rows.length === 0) return h('p', { class: 'about' }, 'Nobody has joined yet.');
  const body = h('tbody');
  for (const r of rows) {
    body.append(
      h(
        'tr',
        { class: r.me ? 'me' : undefined, 'data-player': r.playerId },
        h('td', {}, String(r.rank)),
        h(
          'th',
          { scope: 'row' },
          h('a', { href: routeHash({ kind: 'player', playerId: r.playerId }) }, r.name),
          r.me ? ' (you)' : '',
          r.onFire ? ' ' : '',
          r.onFire ? flame() : null,
          r.state === '' ? '' : h('span', { class: 'tournament-state' }, ` ${r.state}`),
        ),
        h('td', { class: 'tournament-score' }, r.score),
        h('td', {}, String(r.games)),
        h('td', { class: 'tournament-tiebreak' }, r.tiebreak),
      ),
    );
  }
  return h(
    'div',
    { class: 'tournament-table-wrap' },
    h(
      'table',
      { class: 'tournament-standings', id: 'tournament-standings' },
      h('caption', {}, 'Standings'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, '#'),
          h('th', { scope: 'col' }, 'Player'),
          h('th', { scope: 'col' }, 'Points'),
          h('th', { scope: 'col' }, 'Games'),
          h('th', { scope: 'col' }, 'Tiebreak'),
        ),
      ),
      body,
    ),
  );
}

/** The first three at the end, or nothing while it goes on. */
export function podiumList(t: TournamentDetail): HTMLElement | null {
  const top = podium(t);
  if (top.length === 0) return null;
  return h(
    'section',
    { class: 'card tournament-podium', 'aria-labelledby': 'tournament-podium-title' },
    h('h3', { id: 'tournament-podium-title' }, 'Podium'),
    h(
      'ol',
      {},
      ...top.map((s, i) =>
        h(
          'li',
          { class: `place-${String(i + 1)}` },
          `${PLACE[i]!}: ${s.name}, ${String(s.score)} points`,
        ),
      ),
    ),
  );
}

/** The games being played (each opens to watch) and the finished ones (each opens its replay). */
export function gamesLists(t: TournamentDetail): HTMLElement {
  const { playing, finished } = gamesOf(t);
  const list = (
    id: string,
    title: string,
    games: typeof playing,
    kind: 'game' | 'replay',
    empty: string,
  ): HTMLElement =>
    h(
      'section',
      { class: 'tournament-games', 'aria-labelledby': id },
      h('h3', { id }, title),
      games.length === 0
        ? h('p', { class: 'about' }, empty)
        : h(
            'ul',
            {},
            ...games.map((p) =>
              h(
                'li',
                {},
                p.gameId === null
                  ? pairingText(p)
                  : h('a', { href: routeHash({ kind, gameId: p.gameId }) }, pairingText(p)),
              ),
            ),
          ),
    );
  return h(
    'div',
    { class: 'tournament-games-lists' },
    list('tournament-playing-title', 'Being played', playing, 'game', 'No game right now.'),
    list('tournament-finished-title', 'Finished games', finished, 'replay', 'None yet.'),
  );
}
