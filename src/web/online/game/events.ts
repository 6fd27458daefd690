/**
 * The online game's input: DOM events turned into the view's actions. Clicks on the page's
 * buttons, the resign dialog, clicks on a board that is not taking them, and the game's keys.
 */
import { keyCommand, type KeyCommand } from '../../ui/keyboard.js';
import type { GameDom } from './render.js';

export interface GameActions {
  /** Drop in a column (0-based), or say why not. */
  drop(column: number): void;
  /** Whether the game has pops (PopOut): only then do the pop keys belong to it. */
  pops(): boolean;
  /** A key command of the local game's set. */
  key(command: KeyCommand): void;
  resign(): void;
  rematch(): void;
  copyLink(): void;
  /** Whether the board takes clicks itself now. */
  boardInteractive(): boolean;
}

/** What has focus, as `keyCommand` reads it. */
function focusKind(target: EventTarget | null): 'text' | 'column' | 'button' | 'other' {
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  ) {
    return 'text';
  }
  if (target instanceof HTMLElement && target.classList.contains('column')) return 'column';
  if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return 'button';
  return 'other';
}

/** Binds the page's events to `actions`; returns the unbinding of what outlives the page. */
export function bindGameEvents(dom: GameDom, actions: GameActions): () => void {
  dom.share.addEventListener('click', () => {
    navigator
      .share({ title: 'Connect Four', text: 'Play Connect Four with me', url: dom.link })
      .catch(() => undefined);
  });
  dom.copy.addEventListener('click', () => {
    actions.copyLink();
  });
  dom.resign.addEventListener('click', () => {
    dom.confirmResign.returnValue = '';
    dom.confirmResign.showModal();
  });
  dom.confirmResign.addEventListener('close', () => {
    if (dom.confirmResign.returnValue === 'resign') actions.resign();
  });
  dom.rematch.addEventListener('click', () => {
    actions.rematch();
  });
  // The board ignores clicks when it is not this player's turn; the player still hears why.
  dom.boardHost.addEventListener('click', (event) => {
    if (actions.boardInteractive() || !(event.target instanceof Element)) return;
    const column = event.target.closest<HTMLElement>('.column')?.dataset['col'];
    if (column !== undefined) actions.drop(Number(column) - 1);
  });
  // Same keys as the local game; captured first so the hidden local game does not see them.
  const onKey = (event: KeyboardEvent): void => {
    const command = keyCommand({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      shiftKey: event.shiftKey,
      code: event.code,
      target: focusKind(event.target),
    });
    if (!command) return;
    if ((command.type === 'popSelected' || command.type === 'popColumn') && !actions.pops()) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    actions.key(command);
  };
  window.addEventListener('keydown', onKey, true);
  return () => {
    window.removeEventListener('keydown', onKey, true);
  };
}
