import { boardPicker } from './board-picker.js';
import { gameText } from './game-name.js';
import { OnlineApi, newSeatSecret, type OnlineClient, type Seat } from './client.js';
import { h, type View } from '../dom.js';
import { CLOCKS, COLOUR, computerWaitText, seekWaitText } from './format.js';
import { routeHash } from './routes.js';
import { identityCard } from './identity-card.js';
import { identitySecret, type PlayersApi } from './identity.js';
import type { PublicPlayer } from '../../protocol/index.js';
import { keepSeatSecret } from './seats.js';

function select(id: string, options: readonly { id: string; label: string }[]): HTMLSelectElement {
  const element = h('select', { id });
  for (const option of options) element.append(h('option', { value: option.id }, option.label));
  return element;
}

const clockOf = (id: string) => CLOCKS.find((c) => c.id === id)?.clock ?? null;

/** Play a friend, quick match, and the list of finished games. */
export function lobbyView(
  api: OnlineApi,
  client: OnlineClient,
  navigate: (hash: string) => void,
  players: PlayersApi,
): View {
  /** Whether this browser plays under a name (see the identity card below). */
  let named = false;
  // The local game's menu: the classic boards, PopOut on each of them, then Five-in-a-Row; a
  // custom board for either of the first two.
  const friendBoard = boardPicker('online-friend-board', 'online-friend-error');
  const friendClock = select('online-friend-clock', CLOCKS);
  const friendSide = select('online-friend-side', [
    { id: 'random', label: 'Random' },
    { id: '1', label: 'Red (moves first)' },
    { id: '2', label: 'Yellow (moves second)' },
  ]);
  const friendRated = h('input', {
    type: 'checkbox',
    id: 'online-friend-rated',
    'aria-describedby': 'online-friend-rated-note',
  });
  const friendRatedNote = h('p', { class: 'about', id: 'online-friend-rated-note' });
  const friendError = h('p', { class: 'error', role: 'alert', id: 'online-friend-error' });
  const create = h('button', { type: 'submit', class: 'primary' }, 'Create game link');
  const friendForm = h(
    'form',
    { class: 'card online-card', 'aria-labelledby': 'online-friend-title' },
    h('h2', { id: 'online-friend-title' }, 'Play a friend'),
    h('p', { class: 'about' }, 'Get a link to send; the game starts when your friend opens it.'),
    h('label', { for: 'online-friend-board' }, 'Board'),
    friendBoard.select,
    friendBoard.custom,
    h('label', { for: 'online-friend-clock' }, 'Clock'),
    friendClock,
    h('label', { for: 'online-friend-side' }, 'Your side'),
    friendSide,
    h('label', { for: 'online-friend-rated', class: 'online-check' }, friendRated, ' Rated'),
    friendRatedNote,
    create,
    friendError,
  );
  friendForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const choice = friendBoard.choice();
    if (!choice.ok) {
      friendError.textContent = choice.message;
      return;
    }
    friendError.textContent = '';
    create.disabled = true;
    const secret = newSeatSecret();
    const side: Seat | 'random' =
      friendSide.value === '1' ? 1 : friendSide.value === '2' ? 2 : 'random';
    // Not once the card found the identity unknown: the server would refuse the game.
    const player = named ? identitySecret() : undefined;
    api
      .createGame({
        ...choice.value,
        clock: clockOf(friendClock.value),
        side,
        secret,
        ...(player === undefined ? {} : { player, rated: friendRated.checked }),
      })
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

  const quickBoard = boardPicker('online-quick-board', 'online-quick-status');
  const quickClock = select('online-quick-clock', CLOCKS);
  const quickStatus = h('p', {
    class: 'about',
    id: 'online-quick-status',
    role: 'status',
    'aria-live': 'polite',
  });
  // The server's own wait (its `hello`), not a number written here: servers set BOT_WAIT_MS.
  const computerWait = h('span', {}, computerWaitText(client.computerAfterMs));
  const offHello = client.on('hello', ({ computerAfterMs }) => {
    computerWait.textContent = computerWaitText(computerAfterMs);
  });
  // Redrawn each second while a seek waits; a timer, so screen readers do not hear every tick
  // (the status above says the wait once).
  const quickWait = h('p', {
    class: 'about',
    id: 'online-quick-wait',
    role: 'timer',
    hidden: true,
  });
  let waitTicker: ReturnType<typeof setInterval> | undefined;
  const stopWaitClock = (): void => {
    clearInterval(waitTicker);
    waitTicker = undefined;
    quickWait.hidden = true;
    quickWait.textContent = '';
  };
  const startWaitClock = (humanOnly: boolean): void => {
    stopWaitClock();
    const since = performance.now();
    const draw = (): void => {
      quickWait.textContent = seekWaitText(
        performance.now() - since,
        client.computerAfterMs,
        humanOnly,
      );
    };
    draw();
    quickWait.hidden = false;
    waitTicker = setInterval(draw, 1000);
  };
  const seek = h('button', { type: 'submit', class: 'primary' }, 'Find an opponent');
  const cancel = h('button', { type: 'button', hidden: true }, 'Cancel');
  const computerNow = h('button', { type: 'button' }, 'Play the computer online');
  const waitForHuman = h('input', { type: 'checkbox', id: 'online-quick-human' });
  const quickRated = h('input', {
    type: 'checkbox',
    id: 'online-quick-rated',
    checked: true,
    'aria-describedby': 'online-quick-rated-note',
  });
  const quickRatedNote = h('p', { class: 'about', id: 'online-quick-rated-note' });
  const quickForm = h(
    'form',
    { class: 'card online-card', 'aria-labelledby': 'online-quick-title' },
    h('h2', { id: 'online-quick-title' }, 'Quick match'),
    h(
      'p',
      { class: 'about', id: 'online-quick-about' },
      'Play whoever is waiting for the same board and clock; if nobody is, the computer plays you ',
      computerWait,
      '.',
    ),
    h('label', { for: 'online-quick-board' }, 'Board'),
    quickBoard.select,
    quickBoard.custom,
    h('label', { for: 'online-quick-clock' }, 'Clock'),
    quickClock,
    h(
      'label',
      { for: 'online-quick-human', class: 'online-check' },
      waitForHuman,
      ' Only a human (never the computer)',
    ),
    h('label', { for: 'online-quick-rated', class: 'online-check' }, quickRated, ' Rated'),
    quickRatedNote,
    h('div', { class: 'row-buttons' }, seek, cancel, computerNow),
    quickStatus,
    quickWait,
  );
  let seekSecret: string | undefined;
  const offMatched = client.on('matched', ({ gameId }) => {
    if (!seekSecret) return;
    keepSeatSecret(gameId, seekSecret);
    seekSecret = undefined;
    stopWaitClock();
    navigate(routeHash({ kind: 'game', gameId }));
  });
  const startSeek = (computer: 'fallback' | 'now' | 'never'): void => {
    const choice = quickBoard.choice();
    if (!choice.ok) {
      quickStatus.textContent = choice.message;
      return;
    }
    seekSecret = newSeatSecret();
    seek.disabled = true;
    cancel.hidden = false;
    const player = named ? identitySecret() : undefined;
    const rated = player !== undefined && quickRated.checked;
    const kind = rated ? 'rated' : 'casual';
    quickStatus.textContent =
      computer === 'now'
        ? `Starting a ${kind} game against the computer…`
        : computer === 'never'
          ? `Waiting for an opponent for a ${kind} game…`
          : `Waiting for an opponent for a ${kind} game (if nobody comes, the computer plays you ${computerWaitText(client.computerAfterMs)})…`;
    if (computer === 'now') stopWaitClock();
    else startWaitClock(computer === 'never');
    // `rated` is sent either way: the server's default (rated) must not decide for a casual choice.
    const { game, variant } = choice.value;
    const options = {
      computer,
      rated,
      ...(player === undefined ? {} : { player }),
      ...(game === undefined ? {} : { game }),
    };
    void client.seek(variant, clockOf(quickClock.value), seekSecret, options).then((reply) => {
      if (reply.type === 'error' && reply.code !== 'disconnected') {
        quickStatus.textContent = reply.message;
        seek.disabled = false;
        cancel.hidden = true;
        stopWaitClock();
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
    stopWaitClock();
  });

  // Rated play needs a name: until the card knows one, the Rated boxes are off and say why.
  const showRated = (on: boolean): void => {
    quickRated.disabled = !on;
    quickRated.checked = on;
    quickRatedNote.textContent = on
      ? 'On by default: the game changes your rating, a game against the computer too. Untick for a casual game.'
      : 'Pick a name above to play rated games; until then every game is casual.';
    friendRated.disabled = !on;
    if (!on) friendRated.checked = false;
    friendRatedNote.textContent = on
      ? 'Off: a casual game. On: it counts for both ratings, and your friend needs a name too.'
      : 'Pick a name above to play rated games.';
  };
  // The card asks the server who this browser is; until it answers, a browser holding an
  // identity counts as named (the server refuses a stale one with a message).
  named = identitySecret() !== undefined;
  showRated(named);
  const card = identityCard(players, (player: PublicPlayer | undefined) => {
    const now = player !== undefined;
    if (now !== named) showRated(now);
    named = now;
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
              : `${COLOUR[game.result.winner]} won`;
      recent.append(
        h(
          'li',
          {},
          h(
            'a',
            { href: routeHash({ kind: 'replay', gameId: game.id }) },
            // A pop is written `p4`: one move, two characters.
            `${gameText(game.game, game.variant)}, ${game.notation.replace(/p/g, '').length} moves, ${result}`,
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
      h('a', { href: routeHash({ kind: 'tournaments' }), id: 'online-tournaments' }, 'Tournaments'),
      h('a', { href: '#', class: 'online-back' }, 'Back to the local game'),
    ),
    offlineNote,
    h('div', { class: 'online-cards' }, card, friendForm, quickForm, recentCard),
  );
  return {
    element,
    dispose: () => {
      window.removeEventListener('online', showConnection);
      window.removeEventListener('offline', showConnection);
      offMatched();
      offHello();
      stopWaitClock();
      if (seekSecret) void client.cancelSeek();
    },
  };
}
