/**
 * The online game's page: its elements, made once (`createGameDom`), and the functions that
 * write a view model (model.ts) into them. Nothing here decides anything.
 */
import type { Player } from '../../../core/index.js';
import { h } from '../../dom.js';
import { COLOUR } from '../format.js';
import { routeHash, routeLink } from '../routes.js';
import type { ClockFace, Countdown, GameModel } from './model.js';

export interface PlayerDom {
  readonly side: Player;
  readonly row: HTMLElement;
  readonly name: HTMLElement;
  readonly who: HTMLElement;
  readonly rating: HTMLElement;
  readonly clock: HTMLElement;
  readonly presence: HTMLElement;
}

export interface GameDom {
  readonly element: HTMLElement;
  readonly statusText: HTMLElement;
  readonly statusDisc: HTMLElement;
  readonly stakes: HTMLElement;
  readonly deadline: HTMLElement;
  readonly connection: HTMLElement;
  readonly notice: HTMLElement;
  /** Side 1's, then side 2's. */
  readonly players: readonly [PlayerDom, PlayerDom];
  /** The game's link, to send to a friend. */
  readonly link: string;
  readonly linkInput: HTMLInputElement;
  readonly copy: HTMLButtonElement;
  readonly share: HTMLButtonElement;
  readonly invite: HTMLElement;
  readonly boardHost: HTMLElement;
  readonly resign: HTMLButtonElement;
  readonly confirmResign: HTMLDialogElement;
  readonly rematch: HTMLButtonElement;
  readonly replay: HTMLElement;
}

function playerDom(side: Player): PlayerDom {
  // One line: the name gives way (an ellipsis, the whole of it in `title` and to screen
  // readers, who read the text), the rating and "(you)" beside it never do.
  const who = h('span', { class: 'online-who' });
  const rating = h('span', { class: 'online-rating' });
  const name = h('span', { class: 'online-name' }, who, rating);
  const clock = h('span', {
    class: 'online-clock',
    // A named timer (a plain span may not carry a name); its role keeps it from chattering.
    role: 'timer',
    'aria-label': `${COLOUR[side]} clock`,
  });
  const presence = h('span', { class: 'online-presence' });
  const row = h(
    'div',
    { class: `online-player p${side}`, 'data-side': String(side) },
    h('span', { class: `status-disc p${side}`, 'aria-hidden': 'true' }),
    name,
    presence,
    clock,
  );
  return { side, row, name, who, rating, clock, presence };
}

/**
 * The page of game `gameId` at `pageUrl`; with `tournamentId` (this browser was paired in it)
 * it links back to the tournament instead of the lobby.
 */
export function createGameDom(gameId: string, pageUrl: string, tournamentId?: string): GameDom {
  const statusText = h('span', { class: 'status-text' });
  const statusDisc = h('span', { class: 'status-disc', 'aria-hidden': 'true' });
  const status = h('p', { class: 'status', id: 'online-status' }, statusDisc, statusText);
  // Always said, so nobody wonders whether this game counts for their rating.
  const stakes = h('span', { class: 'online-stakes', id: 'online-stakes' });
  // Not a live region: it changes every second; the view speaks it at a few moments only.
  const deadline = h('p', { class: 'online-deadline', id: 'online-deadline', hidden: true });
  const connection = h('p', { class: 'online-connection', role: 'status', 'aria-live': 'polite' });
  // Not a live region of its own: each notice is spoken through the page's one live region, so
  // the same refusal twice in a row is heard twice (a live region whose text does not change
  // says nothing).
  const notice = h('p', { class: 'notice', id: 'online-notice' });
  const players = [playerDom(1), playerDom(2)] as const;
  const link = routeLink({ kind: 'game', gameId }, pageUrl);
  const linkInput = h('input', {
    type: 'text',
    readonly: true,
    value: link,
    id: 'online-link',
    'aria-label': 'Game link',
  });
  const copy = h('button', { type: 'button', id: 'online-copy' }, 'Copy link');
  // Phones offer their own share sheet (messages, chat apps): the easiest way to send a link.
  const share = h(
    'button',
    { type: 'button', id: 'online-share', hidden: !('share' in navigator) },
    'Share…',
  );
  const invite = h(
    'div',
    { class: 'online-invite', hidden: true },
    h('p', {}, 'Send this link to your friend. Anyone else who opens it watches.'),
    h('div', { class: 'row-input' }, linkInput, copy, share),
  );
  const boardHost = h('div', { class: 'board-host', id: 'online-board', tabindex: '-1' });
  const resign = h('button', { type: 'button', id: 'online-resign' }, 'Resign');
  const rematch = h(
    'button',
    { type: 'button', id: 'online-rematch', class: 'primary', hidden: true },
    'Rematch',
  );
  const replay = h(
    'a',
    { href: routeHash({ kind: 'replay', gameId }), hidden: true },
    'Replay this game',
  );
  const lobby =
    tournamentId === undefined
      ? h('a', { href: routeHash({ kind: 'lobby' }) }, 'Online lobby')
      : h(
          'a',
          { href: routeHash({ kind: 'tournament', tournamentId }), id: 'online-tournament' },
          'Back to the tournament',
        );
  // An in-page modal dialog (focus moves into it, Escape cancels, focus returns to Resign),
  // not the browser's confirm(), which some browsers suppress and no style can reach.
  const confirmResign = h(
    'dialog',
    { class: 'confirm', id: 'online-resign-dialog', 'aria-labelledby': 'online-resign-title' },
    h('p', { id: 'online-resign-title' }, 'Resign this game? Your opponent wins.'),
    h(
      'form',
      { method: 'dialog', class: 'row-buttons' },
      h('button', { value: 'resign', class: 'primary' }, 'Resign'),
      h('button', { value: 'cancel', autofocus: true }, 'Keep playing'),
    ),
  );
  const element = h(
    'div',
    { class: 'online-game play' },
    h('div', { class: 'status-bar' }, status, stakes),
    deadline,
    connection,
    h('div', { class: 'online-players' }, players[1].row, players[0].row),
    notice,
    invite,
    boardHost,
    h('div', { class: 'actions' }, resign, rematch, replay, lobby),
    confirmResign,
  );
  return {
    element,
    statusText,
    statusDisc,
    stakes,
    deadline,
    connection,
    notice,
    players,
    link,
    linkInput,
    copy,
    share,
    invite,
    boardHost,
    resign,
    confirmResign,
    rematch,
    replay,
  };
}

/** Everything one snapshot shows but the board, the clocks and the countdown. */
export function renderGame(dom: GameDom, model: GameModel): void {
  dom.stakes.textContent = model.stakes;
  dom.stakes.dataset['rated'] = String(model.rated);
  dom.statusText.textContent = model.line;
  dom.statusDisc.className = `status-disc${model.disc ? ` p${model.disc}` : ''}`;
  for (const p of dom.players) {
    const line = model.players[p.side - 1]!;
    p.who.textContent = line.who;
    p.rating.textContent = line.extra === '' ? '' : ` ${line.extra}`;
    p.name.title = p.name.textContent;
    p.presence.textContent = line.presenceText;
    p.presence.dataset['state'] = line.presence;
    p.presence.title = line.presenceText;
  }
  dom.invite.hidden = !model.invite;
  dom.resign.hidden = !model.resign;
  dom.replay.hidden = !model.replay;
  dom.rematch.hidden = !model.rematch.shown;
  dom.rematch.textContent = model.rematch.label;
  dom.rematch.disabled = model.rematch.disabled;
}

export function renderClocks(dom: GameDom, faces: readonly [ClockFace, ClockFace]): void {
  for (const p of dom.players) {
    const face = faces[p.side - 1]!;
    p.clock.textContent = face.text;
    p.row.classList.toggle('running', face.running);
    p.row.classList.toggle('low', face.low);
  }
}

export function renderCountdown(dom: GameDom, countdown: Countdown): void {
  dom.deadline.hidden = countdown.text === null;
  dom.deadline.textContent = countdown.text ?? '';
  if (countdown.text !== null) dom.deadline.classList.toggle('low', countdown.low);
}
