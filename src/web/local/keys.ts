import type { BoardApi } from '../board/board.js';
import { keyCommand, type KeyInput } from '../ui/keyboard.js';
import type { Host } from './host.js';

/** Turns the game's keys on and off: on only while the local game is the page shown. */
export interface GameKeys {
  start(): void;
  stop(): void;
}

/**
 * The game's keys (see `ui/keyboard.ts`), listened for on the whole document while started: the
 * router stops them whenever another page shows, so no key reaches a game that is not on screen.
 */
export function gameKeys(
  host: Host,
  board: BoardApi,
  drop: (column: number) => void,
  pop: (column: number) => void,
): GameKeys {
  const onKey = (event: KeyboardEvent): void => {
    const command = keyCommand(keyInput(event));
    if (!command) return;
    const state = host.state();
    const popping = command.type === 'popSelected' || command.type === 'popColumn';
    // Pop keys belong to PopOut; elsewhere the browser keeps them (↑ scrolls the page).
    if (popping && state.settings.game !== 'popout') return;
    event.preventDefault();
    switch (command.type) {
      case 'move':
        board.moveSelection(command.delta);
        return;
      case 'dropSelected':
        drop(board.selected);
        return;
      case 'dropColumn':
        if (command.column < state.settings.variant.width) drop(command.column);
        return;
      case 'popSelected':
        pop(board.selected);
        return;
      case 'popColumn':
        if (command.column < state.settings.variant.width) pop(command.column);
        return;
      case 'undo':
        host.dispatch({ type: 'undo' });
        return;
      case 'redo':
        host.dispatch({ type: 'redo' });
        return;
      case 'newGame':
        host.dispatch({ type: 'newGame' });
        return;
      case 'hints':
        if (state.settings.mode !== 'analysis' && state.settings.mode !== 'watch') {
          host.dispatch({ type: 'settings', patch: { hints: !state.settings.hints } });
          host.talk.announce(host.state().settings.hints ? 'Hints on.' : 'Hints off.');
        }
        return;
    }
  };
  let listening = false;
  return {
    start() {
      if (!listening) document.addEventListener('keydown', onKey);
      listening = true;
    },
    stop() {
      document.removeEventListener('keydown', onKey);
      listening = false;
    },
  };
}

function keyInput(event: KeyboardEvent): KeyInput {
  const target = event.target instanceof HTMLElement ? event.target : null;
  let kind: KeyInput['target'] = 'other';
  if (target) {
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement ||
      target.isContentEditable
    ) {
      kind = target instanceof HTMLInputElement && target.type === 'checkbox' ? 'button' : 'text';
    } else if (target.classList.contains('column')) {
      kind = 'column';
    } else if (
      target instanceof HTMLButtonElement ||
      target instanceof HTMLAnchorElement ||
      target.tagName === 'SUMMARY'
    ) {
      kind = 'button';
    }
  }
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    shiftKey: event.shiftKey,
    code: event.code,
    target: kind,
  };
}
