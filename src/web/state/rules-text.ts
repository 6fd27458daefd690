import { GAME_TITLES, type GameName, type Variant } from '../../core/index.js';
import { gameName, goalText } from './text.js';

/** The game's name in the page title and heading: "Connect Four", "PopOut", "Five-in-a-Row". */
export function titleOf(game: GameName, variant: Variant): string {
  return game === 'classic' ? gameName(variant.connect) : GAME_TITLES[game];
}

/**
 * The rules in a few sentences, shown under the game menu (docs/family.md has them in full,
 * with their sources).
 */
export function rulesText(game: GameName, variant: Variant): readonly string[] {
  switch (game) {
    case 'classic':
      return [goalText(variant.connect)];
    case 'popout':
      return [
        goalText(variant.connect),
        'On your turn, drop a disc or pop one of your own discs out of the bottom row: that column falls by one.',
        'A pop that makes lines for both players wins for the one who popped. A full board plays on while someone can pop.',
        'The same position for the third time is a draw, and so is having no legal move.',
      ];
    case 'five':
      return [
        'Get five in a row: across, up or diagonally.',
        'The two outer columns are filled before the first move, in alternating colours; nobody drops there, but lines through them count.',
        'A full board is a draw.',
      ];
  }
}
