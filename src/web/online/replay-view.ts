import { GamePosition, parseRuleset, parseVariant, type Player } from '../../core/index.js';
import { movesOf } from '../../protocol/index.js';
import { createBoard } from '../board/board.js';
import { gameStringOf, gameText } from './game-name.js';
import type { OnlineApi, PublicGame } from './client.js';
import { copyText, h } from '../dom.js';
import { seatParts, stakesText, statusLine } from './format.js';
import type { View } from '../dom.js';
import { reviewHash, reviewable } from '../review/routes.js';
import { analysisLink, routeHash, routeLink } from './routes.js';

/**
 * A finished game's page: who played (the computer marked, ratings as the game began and their
 * change), rated or casual, the result; step through it move by move; take its moves to the
 * analysis board.
 */
export function replayView(api: OnlineApi, gameId: string): View {
  const title = h('h2', {}, 'Game replay');
  const summary = h('p', { class: 'status' });
  const stakes = h('p', { class: 'online-stakes', id: 'replay-stakes', hidden: true });
  const seats = h('ul', { class: 'online-replay-players', id: 'replay-players', hidden: true });
  const boardHost = h('div', { class: 'board-host', id: 'replay-board', tabindex: '-1' });
  const first = h('button', { type: 'button', 'aria-label': 'First position' }, '«');
  const back = h(
    'button',
    { type: 'button', 'aria-label': 'Previous move', id: 'replay-back' },
    '◀',
  );
  const forward = h(
    'button',
    { type: 'button', 'aria-label': 'Next move', id: 'replay-forward' },
    '▶',
  );
  const last = h('button', { type: 'button', 'aria-label': 'Last position' }, '»');
  const slider = h('input', {
    type: 'range',
    min: '0',
    max: '0',
    value: '0',
    id: 'replay-ply',
    'aria-label': 'Move number',
  });
  const counter = h('span', { class: 'replay-counter', 'aria-live': 'polite' });
  const movesInput = h('input', {
    type: 'text',
    readonly: true,
    id: 'replay-moves',
    'aria-label': 'Moves',
  });
  const copyMoves = h('button', { type: 'button' }, 'Copy moves');
  const analysis = h('a', { id: 'replay-analysis' }, 'Open in the analysis board');
  const review = h('a', { id: 'replay-review', hidden: true }, 'Review this game');
  const live = h(
    'a',
    { href: routeHash({ kind: 'game', gameId }), hidden: true },
    'This game is still being played: watch it live',
  );
  const element = h(
    'div',
    { class: 'online-replay play' },
    h(
      'div',
      { class: 'online-head' },
      title,
      h('a', { href: routeHash({ kind: 'lobby' }) }, 'Online lobby'),
    ),
    summary,
    stakes,
    seats,
    live,
    boardHost,
    h('div', { class: 'actions' }, first, back, slider, forward, last, counter),
    h('div', { class: 'row-input' }, movesInput, copyMoves),
    h('p', {}, analysis),
    h('p', {}, review),
  );
  const board = createBoard(boardHost, {});
  let game: PublicGame | undefined;
  let ply = 0;

  function show(next: number): void {
    if (!game) return;
    ply = Math.max(0, Math.min(game.moves.length, next));
    const ruleset = parseRuleset(game.game);
    if (!ruleset.ok) return;
    // The game's own member of the family (pops included), as the rules core reads it.
    const position = GamePosition.fromMoves(ruleset.value, movesOf(game).slice(0, ply));
    if (!position.ok) return;
    void board.set({ position: position.value, interactive: false });
    slider.value = String(ply);
    counter.textContent = `Move ${ply} of ${game.moves.length}`;
  }

  first.addEventListener('click', () => {
    show(0);
  });
  back.addEventListener('click', () => {
    show(ply - 1);
  });
  forward.addEventListener('click', () => {
    show(ply + 1);
  });
  last.addEventListener('click', () => {
    show(game?.moves.length ?? 0);
  });
  slider.addEventListener('input', () => {
    show(Number(slider.value));
  });
  copyMoves.addEventListener('click', () => {
    void copyText(movesInput.value, movesInput);
  });
  // ←/→ step through the game, Home/End jump to its ends, as on the Review page; not while
  // typing, and the slider keeps its own arrow keys. Captured so no hidden view sees them.
  const onKey = (event: KeyboardEvent): void => {
    const target = event.target;
    if (
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
    ) {
      return;
    }
    const moves = game?.moves.length ?? 0;
    const to: Readonly<Record<string, number>> = {
      ArrowLeft: ply - 1,
      ArrowRight: ply + 1,
      Home: 0,
      End: moves,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    show(next);
  };
  window.addEventListener('keydown', onKey, true);

  void api.getGame(gameId).then((loaded) => {
    if (!loaded) {
      summary.textContent = 'There is no game with this id.';
      return;
    }
    game = loaded;
    const variant = parseVariant(loaded.variant);
    summary.textContent = `${gameText(loaded.game, loaded.variant)} · ${statusLine(loaded, null)}`;
    stakes.textContent = `${stakesText(loaded)} game`;
    stakes.dataset['rated'] = String(loaded.rated);
    stakes.hidden = false;
    seats.replaceChildren(...([1, 2] as const).map((side) => seatItem(loaded, side)));
    seats.hidden = false;
    live.hidden = loaded.status === 'finished';
    slider.max = String(loaded.moves.length);
    // The game string: the board for classic games (as ever), the game for the family's (its
    // board included: `popout-8x7c4`).
    const prefix = gameStringOf(loaded.game, loaded.variant);
    const family = prefix !== loaded.variant;
    movesInput.value = `${prefix}:${loaded.notation}`;
    analysis.href = analysisLink(prefix, loaded.notation, location.href);
    // A finished game can be reviewed move by move (src/web/review).
    review.href = reviewHash(`${prefix}:${loaded.notation}`);
    review.hidden =
      loaded.status !== 'finished' ||
      loaded.moves.length === 0 ||
      (!family && (!variant.ok || !reviewable(variant.value)));
    title.textContent = `Game replay`;
    element.dataset['shareLink'] = routeLink({ kind: 'replay', gameId }, location.href);
    show(loaded.moves.length);
  });

  return {
    element,
    dispose: () => {
      window.removeEventListener('keydown', onKey, true);
      board.destroy();
    },
  };
}

/** One seat of the replay: its disc, and a link to the player's page for a named human. */
function seatItem(game: PublicGame, side: Player): HTMLElement {
  const player = game.players[side - 1] ?? null;
  const { colour, who, rating } = seatParts(game, side);
  const name =
    player && player.computer === undefined
      ? h('a', { href: routeHash({ kind: 'player', playerId: player.id }) }, who)
      : who;
  return h(
    'li',
    { 'data-side': String(side) },
    h('span', { class: `status-disc p${side}`, 'aria-hidden': 'true' }),
    `${colour}: `,
    name,
    rating,
  );
}
