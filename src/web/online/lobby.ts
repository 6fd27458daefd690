import { parseVariant } from '../../core/index.js';
import { PRESETS, boardName } from '../state/presets.js';
import { OnlineApi, newSeatSecret, type OnlineClient, type Seat } from './client.js';
import { h } from './dom.js';
import { CLOCKS } from './format.js';
import { routeHash } from './routes.js';
import { identityCard } from './identity-card.js';
import { identitySecret, type PlayersApi } from './identity.js';
import { keepSeatSecret } from './seats.js';

export interface View {
  readonly element: HTMLElement;
  dispose(): void;
}

function select(id: string, options: readonly { id: string; label: string }[]): HTMLSelectElement {
  const element = h('select', { id });
  for (const option of options) element.append(h('option', { value: option.id }, option.label));
  return element;
}

/** "Classic 7×6, connect 4" for "7x6c4"; the raw string only if it does not parse. */
const nameOf = (variant: string): string => {
  const parsed = parseVariant(variant);
  return parsed.ok ? boardName(parsed.value) : variant;
};

const clockOf = (id: string) => CLOCKS.find((c) => c.id === id)?.clock ?? null;

/** Play a friend, quick match, and the list of finished games. */
export function lobbyView(
  api: OnlineApi,
  client: OnlineClient,
  navigate: (hash: string) => void,
  players: PlayersApi,
): View {
  const me = identityCard(players, () => undefined);
  const boards = PRESETS.map((p) => ({ id: p.id, label: p.label }));
  const friendBoard = select('online-friend-board', boards);
  const friendClock = select('online-friend-clock', CLOCKS);
  const friendSide = select('online-friend-side', [
    { id: 'random', label: 'Random' },
    { id: '1', label: 'Red (moves first)' },
    { id: '2', label: 'Yellow (moves second)' },
  ]);
  const friendError = h('p', { class: 'error', role: 'alert' });
  const create = h('button', { type: 'submit', class: 'primary' }, 'Create game link');
  const friendForm = h(
    'form',
    { class: 'card online-card', 'aria-labelledby': 'online-friend-title' },
    h('h2', { id: 'online-friend-title' }, 'Play a friend'),
    h('p', { class: 'about' }, 'Get a link to send; the game starts when your friend opens it.'),
    h('label', { for: 'online-friend-board' }, 'Board'),
    friendBoard,
    h('label', { for: 'online-friend-clock' }, 'Clock'),
    friendClock,
    h('label', { for: 'online-friend-side' }, 'Your side'),
    friendSide,
    create,
    friendError,
  );
  friendForm.addEventListener('submit', (event) => {
    event.preventDefault();
    create.disabled = true;
    const secret = newSeatSecret();
    const side: Seat | 'random' =
      friendSide.value === '1' ? 1 : friendSide.value === '2' ? 2 : 'random';
    api
      .createGame({ variant: friendBoard.value, clock: clockOf(friendClock.value), side, secret })
      .then((created) => {
        if ('error' in created) {
          friendError.textContent = created.error.message;
          return;
        }
        keepSeatSecret(created.gameId, secret);
        navigate(routeHash({ kind: 'game', gameId: created.gameId }));
      })
      .catch(() => {
        friendError.textContent =
          'Could not reach the server. Check your connection and try again.';
      })
      .finally(() => {
        create.disabled = false;
      });
  });

  const quickBoard = select('online-quick-board', boards);
  const quickClock = select('online-quick-clock', CLOCKS);
  const quickStatus = h('p', { class: 'about', role: 'status', 'aria-live': 'polite' });
  const seek = h('button', { type: 'submit', class: 'primary' }, 'Find an opponent');
  const cancel = h('button', { type: 'button', hidden: true }, 'Cancel');
  const computerNow = h('button', { type: 'button' }, 'Play the computer online');
  const waitForHuman = h('input', { type: 'checkbox', id: 'online-quick-human' });
  const quickForm = h(
    'form',
    { class: 'card online-card', 'aria-labelledby': 'online-quick-title' },
    h('h2', { id: 'online-quick-title' }, 'Quick match'),
    h('p', { class: 'about' }, 'Play whoever is waiting for the same board and clock.'),
    h('label', { for: 'online-quick-board' }, 'Board'),
    quickBoard,
    h('label', { for: 'online-quick-clock' }, 'Clock'),
    quickClock,
    h(
      'label',
      { for: 'online-quick-human' },
      waitForHuman,
      ' Only a human (no computer after 10 s)',
    ),
    h('div', { class: 'row-buttons' }, seek, cancel, computerNow),
    quickStatus,
  );
  let seekSecret: string | undefined;
  const offMatched = client.on('matched', ({ gameId }) => {
    if (!seekSecret) return;
    keepSeatSecret(gameId, seekSecret);
    seekSecret = undefined;
    navigate(routeHash({ kind: 'game', gameId }));
  });
  const startSeek = (computer: 'fallback' | 'now' | 'never'): void => {
    seekSecret = newSeatSecret();
    seek.disabled = true;
    cancel.hidden = false;
    quickStatus.textContent =
      computer === 'now'
        ? 'Starting a game against the computer…'
        : computer === 'never'
          ? 'Waiting for an opponent…'
          : 'Waiting for an opponent (the computer plays you if nobody comes within 10 s)…';
    const player = identitySecret();
    const options = { computer, ...(player === undefined ? {} : { player }) };
    void client
      .seek(quickBoard.value, clockOf(quickClock.value), seekSecret, options)
      .then((reply) => {
        if (reply.type === 'error' && reply.code !== 'disconnected') {
          quickStatus.textContent = reply.message;
          seek.disabled = false;
          cancel.hidden = true;
        }
      });
  };
  quickForm.addEventListener('submit', (event) => {
    event.preventDefault();
    startSeek(waitForHuman.checked ? 'never' : 'fallback');
  });
  computerNow.addEventListener('click', () => {
    startSeek('now');
  });
  cancel.addEventListener('click', () => {
    seekSecret = undefined;
    void client.cancelSeek();
    seek.disabled = false;
    cancel.hidden = true;
    quickStatus.textContent = '';
  });

  const recent = h('ol', { class: 'online-recent' });
  const recentCard = h(
    'section',
    { class: 'card online-card', 'aria-labelledby': 'online-recent-title' },
    h('h2', { id: 'online-recent-title' }, 'Finished games'),
    recent,
  );
  void api.finishedGames(15).then((games) => {
    if (games.length === 0)
      recent.replaceWith(h('p', { class: 'about' }, 'No finished games yet.'));
    for (const game of games) {
      const result =
        game.result === null
          ? ''
          : game.result.kind === 'draw'
            ? 'draw'
            : game.result.kind === 'aborted'
              ? 'aborted'
              : `${game.result.winner === 1 ? 'Red' : 'Yellow'} won`;
      recent.append(
        h(
          'li',
          {},
          h(
            'a',
            { href: routeHash({ kind: 'replay', gameId: game.id }) },
            `${nameOf(game.variant)}, ${game.notation.length} moves, ${result}`,
          ),
        ),
      );
    }
  });

  const offlineNote = h(
    'p',
    { class: 'notice online-offline', id: 'online-offline', role: 'status' },
    'You are offline: online play needs a connection. The local game works offline.',
  );
  const showConnection = (): void => {
    const offline = !navigator.onLine;
    offlineNote.hidden = !offline;
    for (const form of [friendForm, quickForm]) {
      for (const button of form.querySelectorAll('button')) button.disabled = offline;
    }
  };
  window.addEventListener('online', showConnection);
  window.addEventListener('offline', showConnection);
  showConnection();

  const element = h(
    'div',
    { class: 'online-lobby' },
    h(
      'div',
      { class: 'online-head' },
      h('h2', {}, 'Play online'),
      h('a', { href: '#', class: 'online-back' }, 'Back to the local game'),
    ),
    offlineNote,
    h('div', { class: 'online-cards' }, me, friendForm, quickForm, recentCard),
  );
  return {
    element,
    dispose: () => {
      window.removeEventListener('online', showConnection);
      window.removeEventListener('offline', showConnection);
      offMatched();
      if (seekSecret) void client.cancelSeek();
    },
  };
}
