import {
  parseRuleset,
  parseVariant,
  variantToString,
  type GameName,
  type Variant,
} from '../../core/index.js';
import { CUSTOM_OPTIONS, MENU_PRESETS, boardName } from '../state/presets.js';

/**
 * What the online pages call a game, and what the lobby sends for a menu entry (no DOM, so
 * unit-tested in test/web). The lobby offers the local game's menu (MENU_GROUPS): PopOut on
 * every preset board as well as its own 7×6, and Connect Four or PopOut on a custom board.
 */

/** "Classic 7×6, connect 4" for "7x6c4"; the raw string only if it does not parse. */
export const boardText = (variant: string): string => {
  const parsed = parseVariant(variant);
  return parsed.ok ? boardName(parsed.value) : variant;
};

/**
 * The game and its board: "Classic 7×6, connect 4", "PopOut 7×6", "PopOut 8×7, connect 4",
 * "Five-in-a-Row 9×6". `game` is the server's (its board may be in it: `popout-8x7c4`).
 */
export const gameText = (game: string, variant: string): string => {
  const name = game.split('-')[0];
  if (name === 'five') return 'Five-in-a-Row 9×6';
  if (name !== 'popout') return boardText(variant);
  return variant === '7x6c4' ? 'PopOut 7×6' : `PopOut ${boardText(variant)}`;
};

/**
 * The game string of a game on the server: the board for classic games (`7x7c5`, as links and
 * records always wrote them), the game for the family's (`popout`, `popout-8x7c4`, `five`).
 */
export const gameStringOf = (game: string, variant: string): string => {
  const ruleset = parseRuleset(game);
  return ruleset.ok && ruleset.value.game !== 'classic' ? game : variant;
};

/** A seek's or new game's `game` and `variant`. */
export interface GameChoice {
  readonly variant: string;
  readonly game?: string;
}

/**
 * The choice for a game on a board: the family's games name themselves and their board (the
 * server checks the pair), classic boards only their board, as before the family.
 */
export const choiceOf = (game: GameName, variant: Variant): GameChoice =>
  game === 'classic'
    ? { variant: variantToString(variant) }
    : { variant: variantToString(variant), game };

/** The choice for a menu entry (a preset's id); an unknown id is sent as a board. */
export const gameChoice = (id: string): GameChoice => {
  const preset = MENU_PRESETS.find((p) => p.id === id);
  return preset ? choiceOf(preset.game, preset.variant) : { variant: id };
};

/** The game of a custom-board entry of the menu (`CUSTOM_OPTIONS`), or undefined. */
export const customGameOf = (id: string): keyof typeof CUSTOM_OPTIONS | undefined =>
  (Object.keys(CUSTOM_OPTIONS) as (keyof typeof CUSTOM_OPTIONS)[]).find(
    (game) => CUSTOM_OPTIONS[game].id === id,
  );
