/**
 * A live online game on the local game's board view: the same look and controls (click, tap,
 * keys), plus clocks, presence, invite link, resign and rematch. The server decides everything.
 * This is the wiring: the state (snapshot shown, seat, deadline), the timers and the client's
 * events; game/model.ts decides what is shown and said, game/render.ts writes it into the page,
 * game/events.ts turns the page's events into actions.
 */
import {
  newSeatSecret,
  type OnlineClient,
  type PublicGame,
  type Reply,
  type Seat,
} from './client.js';
import { createBoard } from '../board/board.js';
import { announce, copyText, h, type View } from '../dom.js';
import { deadlineOf, sameDeadline, type Deadline } from './deadline.js';
import { routeHash } from './routes.js';
import { identitySecret } from './identity.js';
import { keepSeatSecret, seatSecret } from './seats.js';
import { refusalText, type GameCommand } from './refusals.js';
import {
  clockFaces,
  connectionText,
  countdown,
  gameModel,
  moveRefusal,
  positionOf,
  snapshotChange,
  type Countdown,
} from './game/model.js';
import { bindGameEvents } from './game/events.js';
import { createGameDom, renderClocks, renderCountdown, renderGame } from './game/render.js';

/** Refusals after which the server sends the game's latest snapshot (see ws/connection.ts). */
const RESYNCED = new Set(['stale_version', 'not_your_turn', 'game_over', 'illegal_move']);

export function gameView(
  client: OnlineClient,
  gameId: string,
  navigate: (hash: string) => void,
  /** The tournament the game belongs to, when this browser was paired in it: linked back to. */
  tournamentId?: string,
): View {
  const dom = createGameDom(gameId, location.href, tournamentId);

  let game: PublicGame | undefined;
  let seat: Seat | null = null;
  let deadline: Deadline | null = null;
  /** The countdown's last shown seconds, to speak only when it passes a mark. */
  let deadlineSeconds = Infinity;
  /** The last notice explains a refusal the server's next snapshot follows: keep it. */
  let keepNotice = false;
  /** Whether the board takes clicks now (the board itself ignores them otherwise). */
  let boardInteractive = false;
  const board = createBoard(dom.boardHost, {
    onSelect: (column) => {
      play(column, 'drop');
    },
    onPop: (column) => {
      play(column, 'pop');
    },
  });

  /** Shows `text` at the board and says it to a screen reader. */
  function tell(text: string): void {
    dom.notice.textContent = text;
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

  function play(column: number, kind: 'drop' | 'pop'): void {
    // A drop while the last disc still falls lands that disc first (input never waits), and
    // shows the answer that waited for it: the player acts on the game as it now stands.
    landNow();
    if (!game) return;
    const refused = moveRefusal(game, seat);
    if (refused !== null) {
      tell(refusalText('move', { code: refused, message: '' }));
      return;
    }
    board.select(column);
    answer('move', client.move(column, kind), column);
  }

  /** The countdown on the estimated server clock; `speak` false for a new one (see `countdown`). */
  function showCountdown(speak = true): Countdown {
    const shown = countdown(deadline, seat, client.serverNow(), deadlineSeconds, speak);
    renderCountdown(dom, shown);
    if (shown.say !== null) announce(shown.say);
    deadlineSeconds = shown.seconds;
    return shown;
  }

  function tick(): void {
    renderClocks(dom, clockFaces([client.clockMs(1), client.clockMs(2)], game?.clocks?.running));
    showCountdown();
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
    const model = gameModel(next, seat);
    boardInteractive = model.interactive;
    const landed = model.position
      ? board.set({ position: model.position, interactive: model.interactive })
      : Promise.resolve();
    const nextDeadline = deadlineOf(next);
    const newDeadline = nextDeadline !== null && !sameDeadline(deadline, nextDeadline);
    deadline = nextDeadline;
    // A new deadline is spoken with the status line, not also by the countdown's marks.
    const shownCountdown = showCountdown(!newDeadline);
    const change = snapshotChange({
      previous,
      next,
      seat,
      shownLine: dom.statusText.textContent,
      line: model.line,
      newCountdown: newDeadline ? shownCountdown.text : null,
      keepNotice,
    });
    if (change.announce !== null) announce(change.announce);
    renderGame(dom, model);
    if (change.offer !== null) tell(change.offer);
    if (change.clearNotice) dom.notice.textContent = '';
    keepNotice = false;
    tick();
    if (change.rematch?.follow) {
      // Both accepted: the same secret holds the swapped seat in the new game.
      const secret = seatSecret(gameId);
      if (secret) keepSeatSecret(change.rematch.gameId, secret);
      navigate(routeHash({ kind: 'game', gameId: change.rematch.gameId }));
    } else if (change.rematch) {
      dom.notice.replaceChildren(
        h(
          'a',
          { href: routeHash({ kind: 'game', gameId: change.rematch.gameId }) },
          'Watch the rematch',
        ),
      );
    }
    return landed;
  }

  function showConnection(): void {
    dom.connection.textContent = connectionText(client.status);
  }

  const offs = [
    client.on('game', (g) => {
      if (g.id === gameId) show(g);
    }),
    client.on('joined', () => {
      seat = client.seat;
      if (game) show(waiting ?? game);
    }),
    client.on('status', showConnection),
    // Errors that answer no request of this page (a request's own reply is handled by `answer`).
    client.on('error', (e) => {
      tell(refusalText('move', e));
    }),
  ];
  const unbind = bindGameEvents(dom, {
    drop: (column) => {
      play(column, 'drop');
    },
    pops: () => (game ? (positionOf(game)?.ruleset.pops ?? false) : false),
    key: (command) => {
      const width = game ? positionOf(game)?.variant.width : undefined;
      const inside = (column: number): boolean => width !== undefined && column < width;
      if (command.type === 'move') board.moveSelection(command.delta);
      else if (command.type === 'dropSelected') play(board.selected, 'drop');
      else if (command.type === 'popSelected') play(board.selected, 'pop');
      else if (command.type === 'dropColumn' && inside(command.column)) {
        play(command.column, 'drop');
      } else if (command.type === 'popColumn' && inside(command.column)) {
        play(command.column, 'pop');
      }
    },
    resign: () => {
      answer('resign', client.resign());
    },
    rematch: () => {
      answer('rematch', client.rematch());
    },
    copyLink: () => {
      void copyText(dom.link, dom.linkInput).then((copied) => {
        tell(copied ? 'Link copied.' : 'Select the link and copy it.');
      });
    },
    boardInteractive: () => boardInteractive,
  });
  const ticker = setInterval(tick, 200);

  showConnection();
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
      dom.statusText.textContent = refusalText('join', reply);
    }
  });

  return {
    element: dom.element,
    dispose: () => {
      clearInterval(ticker);
      unbind();
      for (const off of offs) off();
      board.destroy();
    },
  };
}
