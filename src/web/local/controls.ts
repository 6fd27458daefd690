import { canRedo, canUndo, roundOf } from '../state/game.js';
import { COLOUR, sideNames } from '../state/text.js';
import type { GameState } from '../state/types.js';
import { byId, h } from '../dom.js';
import type { Host } from './host.js';
import { moveItems } from './moves.js';

/** The game's buttons (undo, redo, new game, hints, reset), the scoreboard and the move list. */
export interface Controls {
  render(state: GameState): void;
}

export function createControls(host: Host, onAgain: () => void): Controls {
  const el = {
    again: byId('again', HTMLButtonElement),
    undo: byId('undo', HTMLButtonElement),
    redo: byId('redo', HTMLButtonElement),
    newGame: byId('new', HTMLButtonElement),
    hints: byId('hints', HTMLInputElement),
    nameA: byId('name-a'),
    nameB: byId('name-b'),
    scoreA: byId('score-a'),
    scoreB: byId('score-b'),
    draws: byId('score-draws'),
    round: byId('round'),
    reset: byId('reset', HTMLButtonElement),
    moveList: byId('move-list'),
  };

  el.undo.addEventListener('click', () => host.dispatch({ type: 'undo' }));
  el.redo.addEventListener('click', () => host.dispatch({ type: 'redo' }));
  el.newGame.addEventListener('click', () => host.dispatch({ type: 'newGame' }));
  el.again.addEventListener('click', () => {
    host.dispatch({ type: 'newGame' });
    onAgain();
  });
  el.reset.addEventListener('click', () => {
    host.dispatch({ type: 'resetScores' });
    host.talk.announce('Scores reset.');
  });
  el.hints.addEventListener('change', () => {
    host.dispatch({ type: 'settings', patch: { hints: el.hints.checked } });
  });
  el.moveList.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-ply]');
    if (button) host.dispatch({ type: 'goto', ply: Number(button.dataset['ply']) });
  });

  function renderMoves(state: GameState): void {
    el.moveList.replaceChildren(
      ...moveItems(state).map((move) => {
        const side = `p${move.side}${move.ahead ? ' ahead' : ''}`;
        if (!move.jump) return h('li', { class: side, 'aria-label': move.label }, move.text);
        const button = h(
          'button',
          {
            type: 'button',
            'data-ply': String(move.ply),
            'aria-label': move.label,
            title: `Go to the position after move ${move.ply}`,
            'aria-current': move.current ? 'step' : undefined,
          },
          move.text,
        );
        return h('li', { class: side }, button);
      }),
    );
  }

  return {
    render(state) {
      const mode = state.settings.mode;
      el.again.textContent = mode === 'analysis' ? 'New board' : 'Play again';
      el.undo.disabled = !canUndo(state);
      el.redo.disabled = !canRedo(state);
      el.hints.checked = state.settings.hints || mode === 'analysis';
      el.hints.disabled = mode === 'analysis';
      const [a, b] = sideNames(mode);
      const score = state.scores[mode];
      el.nameA.textContent = `${a} (${COLOUR[state.aPlays]})`;
      el.nameB.textContent = `${b} (${COLOUR[state.aPlays === 1 ? 2 : 1]})`;
      el.scoreA.textContent = String(score.a);
      el.scoreB.textContent = String(score.b);
      el.draws.textContent = String(score.draws);
      el.round.textContent = String(roundOf(state));
      renderMoves(state);
    },
  };
}
