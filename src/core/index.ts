/** The public surface of the rules engine: pure, no DOM, no I/O. */
export { C4Error, ErrorCode } from './errors.js';
export type { ErrorCode as ErrorCodeValue } from './errors.js';
export { centreFirstColumns, linesThrough, DIRECTIONS } from './lines.js';
export { movesToEnd, scoreRangeAfterQuietMove, winScore } from './score.js';
export type { Grid } from './lines.js';
export { perft } from './perft.js';
export { Position } from './position.js';
export { err, ok, unwrap } from './result.js';
export type { Result } from './result.js';
export { DRAW, ONGOING, otherPlayer, playerToMove } from './types.js';
export type { Cell, Outcome, Player, Square } from './types.js';
export {
  CLASSIC,
  VARIANT_LIMITS,
  createVariant,
  isClassic,
  parseVariant,
  sameVariant,
  variantToString,
  VariantError,
} from './variant.js';
export type { Variant, VariantField, VariantSetup } from './variant.js';
export { columnToChar, movesToString, parseMoves } from './notation/moves.js';
export { gameToString, parseGame } from './notation/game.js';
export { parseDiagram, positionToDiagram } from './notation/diagram.js';
export type { BoardView } from './notation/diagram.js';
// The family (PopOut, Five-in-a-Row; Pop 10 and Power Up later): docs/family.md.
export {
  CLASSIC_RULES,
  GAMES,
  GAME_TITLES,
  createRuleset,
  isGameName,
  parseRuleset,
  rulesetToString,
} from './family/rules.js';
export type { GameName, Ruleset, RulesetSetup } from './family/rules.js';
export { MOVE_KINDS, drop, pop, sameMove } from './family/move.js';
export type { Move, MoveKind } from './family/move.js';
export { GamePosition, PLAYER_COLOURS } from './family/position.js';
export type { DrawReason, GameOutcome } from './family/position.js';
export { familyPerft } from './family/perft.js';
export type { FamilyPerft } from './family/perft.js';
export {
  familyGameToString,
  familyMovesToString,
  moveToString,
  parseFamilyGame,
  parseFamilyMoves,
} from './family/notation.js';
