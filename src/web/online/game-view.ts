import { Position, parseVariant, playerToMove, type Player } from '../../core/index.js';
import { createBoard } from '../board/board.js';
import { keyCommand } from '../ui/keyboard.js';
import { newSeatSecret, type OnlineClient, type PublicGame, type Seat } from './client.js';
import { announce, copyText, h } from '../dom.js';
import {
  deadlineOf,
  deadlineText,
  crossedAnnouncement,
  sameDeadline,
  secondsLeft,
  type Deadline,
} from './deadline.js';
import {
  COLOUR,
  formatClock,
  playerName,
  ratingChangeText,
  sideName,
  stakesText,
  statusLine,
} from './format.js';
import type { View } from '../dom.js';
import { routeHash, routeLink } from './routes.js';
import { identitySecret, ratingText } from './identity.js';
import { keepSeatSecret, seatSecret } from './seats.js';
import { refusalText, type GameCommand } from './refusals.js';
import type { Reply } from './client.js';

const positionOf = (game: PublicGame): Position | undefined => {
  const variant = parseVariant(game.variant);
  if (!variant.ok) return undefined;
  const position = Position.fromMoves(variant.value, game.moves);
  return position.ok ? position.value : undefined;
};

/** Refusals after which the server sends the game's latest snapshot (see ws/connection.ts). */
const RESYNCED = new Set(['stale_version', 'not_your_turn', 'game_over', 'illegal_move']);

/**
 * A live online game on the local game's board view: the same look and controls (click, tap,
 * keys), plus clocks, presence, invite link, resign and rematch. The server decides everything.
 */
export function gameView(
  client: OnlineClient,
  gameId: string,
  navigate: (hash: string) => void,
  /** The tournament the game belongs to, when this browser was paired in it: linked back to. */
  tournamentId?: string,
): View {
  const statusText = h('span', { class: 'status-text' });
  const statusDisc = h('span', { class: 'status-disc', 'aria-hidden': 'true' });
  const status = h('p', { class: 'status', id: 'online-status' }, statusDisc, statusText);
  // Always said, so nobody wonders whether this game counts for their rating.
  const stakes = h('span', { class: 'online-stakes', id: 'online-stakes' });
  // Not a live region: it changes every second; `announce` speaks it at a few moments only.
  const deadlineLine = h('p', { class: 'online-deadline', id: 'online-deadline', hidden: true });
  const connection = h('p', { class: 'online-connection', role: 'status', 'aria-live': 'polite' });
  // Not a live region of its own: `tell` speaks each notice through the page's one live
  // region, so the same refusal twice in a row is heard twice (a live region whose text does
  // not change says nothing).
  const notice = h('p', { class: 'notice', id: 'online-notice' });
  const players = ([1, 2] as const).map((side) => {
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
  });
  const link = routeLink({ kind: 'game', gameId }, location.href);
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
  share.addEventListener('click', () => {
    navigator
      .share({ title: 'Connect Four', text: 'Play Connect Four with me', url: link })
      .catch(() => undefined);
  });
  const invite = h(
    'div',
    { class: 'online-invite', hidden: true },
    h('p', {}, 'Send this link to your friend. Anyone else who opens it watches.'),
    h('div', { class: 'row-input' }, linkInput, copy, share),
  );
  copy.addEventListener('click', () => {
    void copyText(link, linkInput).then((copied) => {
      tell(copied ? 'Link copied.' : 'Select the link and copy it.');
    });
  });
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
  const element = h(
    'div',
    { class: 'online-game play' },
    h('div', { class: 'status-bar' }, status, stakes),
    deadlineLine,
    connection,
    h('div', { class: 'online-players' }, players[1]!.row, players[0]!.row),
    notice,
    invite,
    boardHost,
    h('div', { class: 'actions' }, resign, rematch, replay, lobby),
  );

  let game: PublicGame | undefined;
  let seat: Seat | null = null;
  let deadline: Deadline | null = null;
  /** The countdown's last shown seconds, to speak only when it passes a mark. */
  let deadlineSeconds = Infinity;
  const FRESH_DEADLINE_S = 2;
  const board = createBoard(boardHost, {
    onSelect: (column) => {
      drop(column);
    },
  });

  /** Shows `text` at the board and says it to a screen reader. */
  function tell(text: string): void {
    notice.textContent = text;
    announce(text);
  }

  /** Every refused command says why, at the board (the reply is never dropped). */
  function answer(command: GameCommand, reply: Promise<Reply>, column?: number): void {
    void reply.then((r) => {
      if (r.type !== 'error') return;
      if (r.code === 'illegal_move' && column !== undefined) board.nudge(column);
      // The server follows these refusals with the latest snapshot, whose new moves must not
      // wipe the explanation of why the player's move did not count.
      keepNotice = RESYNCED.has(r.code);
      tell(refusalText(command, r));
    });
  }

  let keepNotice = false;
  /** Whether the board takes clicks now (the board itself ignores them otherwise). */
  let boardInteractive = false;

  function drop(column: number): void {
    // A drop while the last disc still falls lands that disc first (input never waits), and
    // shows the answer that waited for it: the player acts on the game as it now stands.
    landNow();
    if (!game) return;
    if (seat === null) {
      tell(refusalText('move', { code: 'not_a_seat', message: '' }));
      return;
    }
    if (game.status !== 'playing') {
      const code = game.status === 'waiting' ? 'game_not_started' : 'game_over';
      tell(refusalText('move', { code, message: '' }));
      return;
    }
    if (game.turn !== seat) {
      tell(refusalText('move', { code: 'not_your_turn', message: '' }));
      return;
    }
    board.select(column);
    answer('move', client.move(column), column);
  }

  function renderClocks(): void {
    for (const p of players) {
      const ms = client.clockMs(p.side);
      p.clock.textContent = ms === null ? '' : formatClock(ms);
      p.row.classList.toggle('running', game?.clocks?.running === p.side);
      p.row.classList.toggle('low', ms !== null && ms < 10_000);
    }
    renderDeadline();
  }

  /**
   * The abort or leaving countdown, counted on the estimated server clock. A screen reader hears
   * it when it appears (with the move that started it, see `render`) and when it passes one of
   * a few marks (60, 30, 10 s), never every second.
   */
  function renderDeadline(speak = true): string {
    if (!deadline) {
      deadlineSeconds = Infinity;
      deadlineLine.hidden = true;
      deadlineLine.textContent = '';
      return '';
    }
    const seconds = secondsLeft(deadline, client.serverNow());
    const text = deadlineText(deadline, seat, seconds);
    deadlineLine.hidden = false;
    deadlineLine.textContent = text;
    deadlineLine.classList.toggle('low', seconds <= 10);
    if (speak && crossedAnnouncement(deadlineSeconds, seconds)) announce(`${text}.`);
    // A countdown that has just been announced (with the move that started it) may first show
    // a second more than its mark (31 s for 30, from the clock offset): that mark must not
    // speak again a moment later and cover the move's announcement. Later snapshots of the
    // same deadline never move the count back up.
    deadlineSeconds = speak ? Math.min(deadlineSeconds, seconds) : seconds - FRESH_DEADLINE_S;
    return text;
  }

  /**
   * The snapshot that waits for the falling disc to land: an answer that comes quickly (the
   * computer's) must not draw its disc over the player's own, still in the air.
   */
  let waiting: PublicGame | undefined;
  /** The drop animation of the last snapshot shown, while it runs. */
  let landing: Promise<void> | undefined;

  function show(next: PublicGame): void {
    if (landing) {
      waiting = next;
      return;
    }
    const landed = render(next);
    landing = landed;
    void landed.then(() => {
      if (landing !== landed) return;
      landing = undefined;
      showWaiting();
    });
  }

  function showWaiting(): void {
    const next = waiting;
    waiting = undefined;
    if (next) show(next);
  }

  /** Input never waits for an animation: the falling disc lands, and what waited shows now. */
  function landNow(): void {
    board.finishAnimation();
    landing = undefined;
    showWaiting();
  }

  /** Shows a snapshot; resolves when its new disc (if any) has landed. */
  function render(next: PublicGame): Promise<void> {
    const previous = game;
    game = next;
    seat = client.seat;
    const position = positionOf(next);
    boardInteractive = seat !== null && next.status === 'playing' && next.turn === seat;
    const landed = position
      ? board.set({ position, interactive: boardInteractive })
      : Promise.resolve();
    const line =
      seat === null && next.status !== 'waiting'
        ? `${statusLine(next, seat)} (watching)`
        : statusLine(next, seat);
    stakes.textContent = stakesText(next);
    stakes.dataset['rated'] = String(next.rated);
    const nextDeadline = deadlineOf(next);
    const newDeadline = nextDeadline !== null && !sameDeadline(deadline, nextDeadline);
    deadline = nextDeadline;
    // A new deadline is spoken with the status below, not also by the countdown's marks.
    const countdown = renderDeadline(!newDeadline);
    const moved = previous !== undefined && next.moves.length === previous.moves.length + 1;
    if (line !== statusText.textContent || moved || newDeadline) {
      const last = next.moves[next.moves.length - 1];
      const mover: Player = playerToMove(next.moves.length - 1);
      const move =
        moved && last !== undefined ? `${COLOUR[mover]} drops in column ${last + 1}. ` : '';
      announce(`${move}${line}.${newDeadline ? ` ${countdown}.` : ''}`);
    }
    statusText.textContent = line;
    const shownSide: Player | null = next.result?.kind === 'win' ? next.result.winner : next.turn;
    statusDisc.className = `status-disc${shownSide ? ` p${shownSide}` : ''}`;
    for (const p of players) {
      const info = next.seats[p.side - 1]!;
      const named = next.players[p.side - 1];
      const change = next.ratingChanges?.[p.side - 1];
      const rating = change
        ? ratingChangeText(change, named?.provisional)
        : ratingText(named?.rating, named?.provisional);
      p.who.textContent = named ? playerName(named) : sideName(p.side, seat);
      const extra = named ? [rating, p.side === seat ? '(you)' : ''].filter(Boolean).join(' ') : '';
      p.rating.textContent = extra === '' ? '' : ` ${extra}`;
      p.name.title = p.name.textContent;
      p.presence.textContent = !info.taken ? 'open seat' : info.connected ? 'online' : 'offline';
      p.presence.dataset['state'] = !info.taken ? 'open' : info.connected ? 'on' : 'off';
      p.presence.title = p.presence.textContent;
    }
    invite.hidden = next.status !== 'waiting';
    resign.hidden = seat === null || next.status !== 'playing';
    const finished = next.status === 'finished';
    replay.hidden = !finished;
    rematch.hidden = !finished || seat === null;
    const offered = next.rematch.offeredBy;
    rematch.textContent =
      offered === null
        ? 'Offer a rematch'
        : offered === seat
          ? 'Rematch offered…'
          : 'Accept the rematch';
    rematch.disabled = offered !== null && offered === seat;
    // An offer is said in words at the board, not only by the button's changed label.
    if (offered !== null && previous?.rematch.offeredBy !== offered && !next.rematch.gameId) {
      tell(
        offered === seat
          ? 'Rematch offered: waiting for your opponent to accept.'
          : seat === null
            ? `${COLOUR[offered]} offers a rematch.`
            : `Your opponent (${COLOUR[offered]}) offers a rematch: press Accept the rematch to play again.`,
      );
    }
    if (previous && previous.moves.length < next.moves.length && !keepNotice) {
      notice.textContent = '';
    }
    keepNotice = false;
    renderClocks();
    // Both accepted: the same secret holds the swapped seat in the new game.
    if (next.rematch.gameId && seat !== null) {
      const secret = seatSecret(gameId);
      if (secret) keepSeatSecret(next.rematch.gameId, secret);
      navigate(routeHash({ kind: 'game', gameId: next.rematch.gameId }));
    } else if (next.rematch.gameId) {
      notice.replaceChildren(
        h(
          'a',
          { href: routeHash({ kind: 'game', gameId: next.rematch.gameId }) },
          'Watch the rematch',
        ),
      );
    }
    return landed;
  }

  function renderConnection(): void {
    connection.textContent =
      client.status === 'open'
        ? ''
        : client.status === 'connecting'
          ? 'Connecting…'
          : client.status === 'incompatible'
            ? 'Not connected: this page is older than the server.'
            : 'Connection lost. Reconnecting…';
  }

  const offs = [
    client.on('game', (g) => {
      if (g.id === gameId) show(g);
    }),
    client.on('joined', () => {
      seat = client.seat;
      if (game) show(waiting ?? game);
    }),
    client.on('status', renderConnection),
    // Errors that answer no request of this page (a request's own reply is handled by `answer`).
    client.on('error', (e) => {
      tell(refusalText('move', e));
    }),
  ];
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
  element.append(confirmResign);
  resign.addEventListener('click', () => {
    confirmResign.returnValue = '';
    confirmResign.showModal();
  });
  confirmResign.addEventListener('close', () => {
    if (confirmResign.returnValue === 'resign') answer('resign', client.resign());
  });
  rematch.addEventListener('click', () => {
    answer('rematch', client.rematch());
  });
  // The board ignores clicks when it is not this player's turn; the player still hears why.
  boardHost.addEventListener('click', (event) => {
    if (boardInteractive || !(event.target instanceof Element)) return;
    const column = event.target.closest<HTMLElement>('.column')?.dataset['col'];
    if (column !== undefined) drop(Number(column) - 1);
  });

  // Same keys as the local game; captured first so the hidden local game does not see them.
  const onKey = (event: KeyboardEvent): void => {
    const target = event.target;
    const kind =
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
        ? 'text'
        : target instanceof HTMLElement && target.classList.contains('column')
          ? 'column'
          : target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement
            ? 'button'
            : 'other';
    const command = keyCommand({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      target: kind,
    });
    if (!command) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    if (command.type === 'move') board.moveSelection(command.delta);
    else if (command.type === 'dropSelected') drop(board.selected);
    else if (command.type === 'dropColumn') {
      const width = game ? positionOf(game)?.variant.width : undefined;
      if (width !== undefined && command.column < width) drop(command.column);
    }
  };
  window.addEventListener('keydown', onKey, true);
  const ticker = setInterval(renderClocks, 200);

  renderConnection();
  // A visitor without a secret for this game brings a new one: it takes the open seat if there
  // is one (the friend opening the link), otherwise the visitor simply watches.
  let secret = seatSecret(gameId);
  if (secret === undefined) {
    secret = newSeatSecret();
    keepSeatSecret(gameId, secret);
  }
  void client.join(gameId, secret, false, identitySecret()).then((reply) => {
    // A refused join (no such game; a rated game's seat and no name) shows nothing else: say why.
    // `disconnected`: the join goes out again on reconnect.
    if (reply.type === 'error' && reply.code !== 'disconnected') {
      statusText.textContent = refusalText('join', reply);
    }
  });

  return {
    element,
    dispose: () => {
      clearInterval(ticker);
      window.removeEventListener('keydown', onKey, true);
      for (const off of offs) off();
      board.destroy();
    },
  };
}
