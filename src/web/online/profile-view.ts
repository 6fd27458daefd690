import { dayText, ratingChartSvg, type RatingPoint } from './chart.js';
import { h } from '../dom.js';
import { POOL_LABELS, failed, ratingText, type PlayersApi } from './identity.js';
import type { PublicPlayer } from '../../protocol/index.js';
import type { View } from '../dom.js';
import { renameForm } from './rename-form.js';
import { playerName } from './format.js';
import { routeHash } from './routes.js';
import { boardText } from './game-name.js';

/**
 * A player's page: ratings per pool with a chart, record, recent games (computer marked); on
 * this browser's own page, "Change name" too.
 */
export function playerView(players: PlayersApi, playerId: string): View {
  const element = h('div', { class: 'online-lobby online-player-page' }, h('p', {}, 'Loading…'));
  const me = players.me();
  void Promise.all([players.page(playerId), me]).then(([page, self]) => {
    if (failed(page)) {
      element.replaceChildren(h('p', { class: 'error' }, 'There is no such player.'));
      return;
    }
    const pools = page.player.ratings.map((r) => {
      const history = page.history[r.pool] ?? [];
      const start = history[0]?.before;
      const chart = h('div', { class: 'online-chart' });
      chart.innerHTML = ratingChartSvg(history, start);
      return h(
        'section',
        { class: 'card online-card' },
        h('h2', {}, POOL_LABELS[r.pool] ?? r.pool),
        h('p', { class: 'online-rating' }, `Rating ${ratingText(r.rating, r.provisional)}`),
        h('p', {}, `${r.wins} won · ${r.draws} drawn · ${r.losses} lost (rated)`),
        chart,
        history.length === 0 ? '' : ratingTable(history, start),
      );
    });
    const games = h('ol', { class: 'online-recent' });
    for (const g of page.games) {
      const opponent = g.opponent ? playerName(g.opponent) : 'an unnamed player';
      // A finished game without an outcome was aborted (a side never made its first move).
      const outcome =
        g.outcome === null
          ? g.status === 'finished'
            ? 'aborted'
            : 'in play'
          : g.outcome === 'win'
            ? 'won'
            : g.outcome === 'loss'
              ? 'lost'
              : 'drawn';
      const change = g.ratingChange ? ` (${g.ratingChange.before} → ${g.ratingChange.after})` : '';
      games.append(
        h(
          'li',
          { 'data-computer': g.opponent?.computer ? 'yes' : 'no' },
          h(
            'a',
            { href: routeHash({ kind: 'replay', gameId: g.id }) },
            `${boardText(g.variant)} vs ${opponent}: ${outcome}${g.rated ? ', rated' : ''}${change}`,
          ),
        ),
      );
    }
    const heading = h('h2', { id: 'online-player-name' }, page.player.name);
    const mine = self !== undefined && !failed(self) && self.id === page.player.id;
    const rename = mine
      ? renameForm(
          players,
          page.player.name,
          (renamed) => {
            heading.textContent = renamed.name;
          },
          page.player.renameAt,
        )
      : '';
    element.replaceChildren(
      h(
        'div',
        { class: 'online-head' },
        heading,
        h('a', { href: '#online', class: 'online-back' }, 'Back to the lobby'),
      ),
      rename,
      h(
        'div',
        { class: 'online-cards' },
        ...pools,
        h('section', { class: 'card online-card' }, h('h2', {}, 'Recent games'), games),
      ),
    );
  });
  return { element, dispose: () => undefined };
}

/** The best established players of a pool (provisional ratings and computers never appear). */
export function leaderboardView(players: PlayersApi, pool: string): View {
  const element = h('div', { class: 'online-lobby' }, h('p', {}, 'Loading…'));
  void Promise.all([players.leaderboard(pool), players.me()]).then(([board, self]) => {
    const tabs = h(
      'p',
      {},
      ...Object.entries(POOL_LABELS).flatMap(([id, label], i) => [
        i > 0 ? ' · ' : '',
        h(
          'a',
          { href: `#leaderboard=${id}`, ...(id === pool ? { 'aria-current': 'page' } : {}) },
          label,
        ),
      ]),
    );
    const list = h('ol', { class: 'online-leaderboard' });
    if (!failed(board)) {
      for (const e of board.entries) {
        list.append(h('li', {}, h('a', { href: `#player=${e.playerId}` }, e.name), ` ${e.rating}`));
      }
    }
    element.replaceChildren(
      h(
        'div',
        { class: 'online-head' },
        h('h2', {}, `Leaderboard: ${POOL_LABELS[pool] ?? pool}`),
        h('a', { href: '#online', class: 'online-back' }, 'Back to the lobby'),
      ),
      tabs,
      ...yourPlace(self === undefined || failed(self) ? undefined : self, pool, board),
      failed(board) || board.entries.length === 0
        ? h(
            'p',
            { class: 'about' },
            'No established players yet (a rating settles after about a dozen rated games).',
          )
        : list,
    );
  });
  return { element, dispose: () => undefined };
}

/**
 * Where the viewer stands: their rank when listed, else why not yet (a new player looks for
 * their first rated game here and would otherwise find nothing).
 */
function yourPlace(
  self: PublicPlayer | undefined,
  pool: string,
  board: Awaited<ReturnType<PlayersApi['leaderboard']>>,
): HTMLElement[] {
  if (!self) return [];
  const rating = self.ratings.find((r) => r.pool === pool);
  const you = h('a', { href: `#player=${self.id}` }, self.name);
  if (!rating)
    return [h('p', { class: 'online-you' }, you, ': no rated game on these boards yet.')];
  const listed = failed(board) ? undefined : board.entries.find((e) => e.playerId === self.id);
  if (listed) {
    return [
      h(
        'p',
        { class: 'online-you' },
        you,
        `: number ${listed.rank}, rating ${ratingText(rating.rating, false)}.`,
      ),
    ];
  }
  return [
    h(
      'p',
      { class: 'online-you' },
      you,
      `: rating ${ratingText(rating.rating, rating.provisional)} after ${rating.games} rated ${rating.games === 1 ? 'game' : 'games'}; ${rating.provisional ? 'listed here once it settles (about a dozen rated games)' : 'not in the top of the list'}.`,
    ),
  ];
}

/** The chart's numbers as a table (folded away; for anyone who cannot read the picture). */
function ratingTable(history: readonly RatingPoint[], start: number | undefined): HTMLElement {
  const row = (game: string, date: string, rating: number): HTMLElement =>
    h('tr', {}, h('th', { scope: 'row' }, game), h('td', {}, date), h('td', {}, String(rating)));
  return h(
    'details',
    { class: 'online-chart-table' },
    h('summary', {}, 'The rating history as a table'),
    h(
      'table',
      {},
      h('caption', {}, 'Rating after each rated game'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Game'),
          h('th', { scope: 'col' }, 'Date'),
          h('th', { scope: 'col' }, 'Rating'),
        ),
      ),
      h(
        'tbody',
        {},
        start === undefined ? '' : row('Start', '', Math.round(start)),
        ...history.map((p, i) => row(String(i + 1), dayText(p.at), Math.round(p.rating))),
      ),
    ),
  );
}
