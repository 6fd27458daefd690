import { gameToString, type Player } from '../../core/index.js';
import { positionOf } from '../state/game.js';
import { statusText } from '../state/text.js';
import type { GameState } from '../state/types.js';
import { byId } from '../dom.js';

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
  status.replaceChildren();
  if (position.outcome.kind !== 'draw') {
    const disc = document.createElement('span');
    disc.className = `status-disc p${turn}`;
    disc.setAttribute('aria-hidden', 'true');
    status.append(disc);
  }
  const span = document.createElement('span');
  span.className = 'status-text';
  span.textContent = statusText(state, thinking);
  status.append(span);
  status.classList.toggle('thinking', thinking);
  status.dataset['outcome'] = position.outcome.kind;
  again.hidden = !position.isOver;
  // The Review page (src/web/review) takes the whole game from its link.
  reviewLink.hidden = !position.isOver;
  reviewLink.href = `#review=${gameToString(position, { alwaysPrefix: true })}`;
}
