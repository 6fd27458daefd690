import { sameVariant, type GameName } from '../../core/index.js';
import { positionOf, rulesetOf, type Action } from '../state/game.js';
import { parseShareFragment, parseSharedText, shareFragment } from '../state/share.js';
import type { GameState } from '../state/types.js';
import { byId, copyText, sentence } from '../dom.js';
import type { Host } from './host.js';

/** What a page address's fragment asks for. */
export type SharedGameStep =
  | { readonly kind: 'none' }
  | { readonly kind: 'broken'; readonly message: string }
  | { readonly kind: 'same' }
  | { readonly kind: 'load'; readonly action: Action & { type: 'load' } };

/** A game in the link wins over the stored one, unless it is the same game. */
export function sharedGameStep(hash: string, state: GameState): SharedGameStep {
  const shared = parseShareFragment(hash);
  if (!shared) return { kind: 'none' };
  if (!shared.ok) return { kind: 'broken', message: shared.error.message };
  const same =
    shared.value.game === state.settings.game &&
    sameVariant(shared.value.variant, state.settings.variant) &&
    shared.value.moves.join() === state.moves.join() &&
    (shared.value.mode ?? state.settings.mode) === state.settings.mode;
  return same ? { kind: 'same' } : { kind: 'load', action: { type: 'load', ...shared.value } };
}

export const shareUrl = (href: string, state: GameState): string =>
  href.replace(/#.*$/, '') + shareFragment(positionOf(state), state.settings.mode);

/**
 * What the Load box suggests for each game: the moves alone (read in the game on screen), then
 * a game string that names its game (PopOut's with a pop, so a player sees how one is written).
 */
export const PASTE_EXAMPLES: Readonly<Record<GameName, readonly [string, string]>> = {
  classic: ['4453', '7x7c5:4453'],
  popout: ['44p4', 'popout:44p4'],
  five: ['5566', 'five:5566'],
};

/** The share link (with its copy button) and the Load box. */
export interface Sharing {
  render(state: GameState): void;
}

export function createSharing(host: Host): Sharing {
  const el = {
    share: byId('share', HTMLInputElement),
    copy: byId('copy', HTMLButtonElement),
    paste: byId('paste', HTMLFormElement),
    pasteInput: byId('paste-input', HTMLInputElement),
    pasteError: byId('paste-error'),
  };

  el.copy.addEventListener('click', () => {
    void copyText(shareUrl(location.href, host.state()), el.share).then((copied) => {
      host.talk.notice(copied ? 'Link copied.' : 'Select the link and copy it.');
    });
  });
  el.share.addEventListener('focus', () => {
    el.share.select();
  });
  el.paste.addEventListener('submit', (event) => {
    event.preventDefault();
    const parsed = parseSharedText(el.pasteInput.value, rulesetOf(host.state()));
    if (!parsed.ok) {
      el.pasteError.textContent = sentence(parsed.error.message);
      el.pasteInput.setAttribute('aria-invalid', 'true');
      return;
    }
    el.pasteError.textContent = '';
    el.pasteInput.removeAttribute('aria-invalid');
    el.pasteInput.value = '';
    host.dispatch({ type: 'load', ...parsed.value });
  });

  return {
    render(state) {
      const [moves, game] = PASTE_EXAMPLES[state.settings.game];
      el.pasteInput.placeholder = `e.g. ${moves} or ${game}`;
      const url = shareUrl(location.href, state);
      el.share.value = url;
      // An address that holds a game keeps holding this one, so it can be copied or bookmarked
      // at any time (replaceState: no history entry per move, no hashchange).
      if (parseShareFragment(location.hash) && location.href !== url) {
        history.replaceState(null, '', url);
      }
    },
  };
}
