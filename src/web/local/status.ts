import { familyGameToString, type Player } from '../../core/index.js';
import { positionOf } from '../state/game.js';
import { statusText } from '../state/text.js';
import type { GameState } from '../state/types.js';
import { byId, h } from '../dom.js';
import { reviewable } from '../review/routes.js';

/**
 * The status line above the board (whose turn, thinking, the result), "Play again" and, once the
 * game is over, the link to its review.
 */
export function renderStatus(state: GameState, thinking: boolean): void {
  const status = byId('status');
  const again = byId('again', HTMLButtonElement);
  const reviewLink = byId('review-link', HTMLAnchorElement);
  const position = positionOf(state);
  const turn: Player = position.outcome.kind === 'win' ? position.outcome.winner : position.turn;
  const disc = h('span', { class: `status-disc p${turn}`, 'aria-hidden': 'true' });
  status.replaceChildren(
    ...(position.outcome.kind === 'draw' ? [] : [disc]),
    h('span', { class: 'status-text' }, statusText(state, thinking)),
  );
  status.classList.toggle('thinking', thinking);
  status.dataset['outcome'] = position.outcome.kind;
  again.hidden = !position.isOver;
  // The Review page (src/web/review) takes the whole game from its link; it is offered only on
  // boards the solver handles (the family's games are each on their own, solvable board).
  const solvable = position.ruleset.game !== 'classic' || reviewable(position.variant);
  reviewLink.hidden = !position.isOver || !solvable;
  reviewLink.href = `#review=${familyGameToString(position, { alwaysPrefix: true })}`;
}
