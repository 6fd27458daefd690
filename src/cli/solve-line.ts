import {
  C4Error,
  ErrorCode,
  err,
  ok,
  parseFamilyGame,
  parseFamilyMoves,
  rulesetToString,
  variantToString,
  type Move,
  type Result,
  type Ruleset,
} from '../core/index.js';
import { isFamilyGameText } from './family.js';

/** The game and board as a game string's prefix says them (`7x7c5`, `popout`, `popout-8x7c4`). */
const nameOf = (ruleset: Ruleset): string =>
  ruleset.game === 'classic' ? variantToString(ruleset.variant) : rulesetToString(ruleset);

/** The flags that make `c4 solve` read `ruleset`'s games. */
function flagsFor(ruleset: Ruleset): string {
  const board = `--variant ${variantToString(ruleset.variant)}`;
  if (ruleset.game === 'classic') return board;
  return rulesetToString(ruleset) === ruleset.game
    ? `--game ${ruleset.game}`
    : `--game ${ruleset.game} ${board}`;
}

/**
 * One line of `c4 solve`'s input: the run's game as bare moves (`4453`, `44p4`), or as the game
 * string `c4 show` prints (`7x6c4:4453`, `popout:44p4`), which must name the run's game and
 * board; one that names another says which flags would read it.
 */
export function parseSolveLine(text: string, ruleset: Ruleset): Result<Move[], C4Error> {
  if (!isGameString(text)) return parseFamilyMoves(text, ruleset);
  const game = parseFamilyGame(text);
  if (!game.ok) return game;
  const theirs = game.value.ruleset;
  if (nameOf(theirs) !== nameOf(ruleset)) {
    return err(
      new C4Error(
        ErrorCode.GameMismatch,
        `${JSON.stringify(text)} is a game of ${nameOf(theirs)}, but this run solves ` +
          `${nameOf(ruleset)}: run c4 solve ${flagsFor(theirs)} for it`,
      ),
    );
  }
  return ok(game.value.moves);
}

/** A game string rather than bare moves: `7x6c4:4453`, `popout:44p4`. */
export const isGameString = (text: string): boolean =>
  /^\s*\d+x\d+c\d+:/i.test(text) || isFamilyGameText(text);
