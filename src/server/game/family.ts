import {
  ErrorCode,
  GamePosition,
  createRuleset,
  drop,
  err,
  familyMovesToString,
  movesToString,
  ok,
  parseRuleset,
  parseVariant,
  pop,
  rulesetToString,
  variantToString,
  type C4Error,
  type GameOutcome,
  type Move,
  type Result,
  type Ruleset,
} from '../../core/index.js';
import { poolOfVariant, type PoolId } from '../../rating/index.js';
import {
  ProtocolErrorCode,
  protocolError,
  type GameResult,
  type ProtocolError,
} from '../../protocol/index.js';

/**
 * The games of the Connect Four family online (src/core/family): which game a stored record is,
 * how its moves are kept, and what the rules core's answers mean on the wire.
 */

/**
 * A stored move: a drop is its 0-based column, a pop its column plus this. Columns stop at 63
 * (the protocol's bound), so a record of numbers stays one array, and every game stored before
 * pops existed reads as the drops it was.
 */
export const POP_CODE = 64;

export const encodeMove = (move: Move): number =>
  move.kind === 'pop' ? POP_CODE + move.column : move.column;
export const decodeMove = (code: number): Move =>
  code >= POP_CODE ? pop(code - POP_CODE) : drop(code);

/** What a stored game says of its rules: records from before the family carry no `game`. */
export interface GameOfRecord {
  readonly game?: string;
  readonly variant: string;
}

/** The game text of a record: its `game`, or (older records) the classic game on its board. */
export const gameTextOf = (state: GameOfRecord): string =>
  state.game ?? (state.variant === '7x6c4' ? 'classic' : state.variant);

export function rulesetOf(state: GameOfRecord): Result<Ruleset, C4Error> {
  return parseRuleset(gameTextOf(state));
}

/** A game as a request names it, checked: the canonical `game` and its board. */
export interface CanonicalGame {
  readonly game: string;
  readonly variant: string;
}

/**
 * Reads a request's `game` and `variant`: the game (classic when absent) on the board `variant`
 * names, or the game's own board. A board the game is not played on (Five-in-a-Row on 7x6), or
 * a `game` with a board of its own that `variant` contradicts, is refused (`bad_game`); a
 * classic game on a board the engine does not offer keeps its old code (`bad_variant`).
 */
export function canonicalGame(
  gameText: string | undefined,
  variantText: string | undefined,
): Result<CanonicalGame, ProtocolError> {
  if (gameText === undefined) {
    if (variantText === undefined) {
      return err(protocolError(ProtocolErrorCode.BadMessage, 'name a game or a variant'));
    }
    const variant = parseVariant(variantText);
    if (!variant.ok) return err(protocolError(ProtocolErrorCode.BadVariant, variant.error.message));
    const ruleset = createRuleset({ game: 'classic', board: variant.value });
    if (!ruleset.ok) return err(protocolError(ProtocolErrorCode.BadVariant, ruleset.error.message));
    return ok(canonical(ruleset.value));
  }
  const named = parseRuleset(gameText);
  if (!named.ok) return err(badGame(named.error));
  if (variantText === undefined) return ok(canonical(named.value));
  const board = parseVariant(variantText);
  if (!board.ok) return err(protocolError(ProtocolErrorCode.BadVariant, board.error.message));
  const ruleset = createRuleset({ game: named.value.game, board: board.value });
  if (!ruleset.ok) return err(badGame(ruleset.error));
  const ownBoard = gameText.includes('-') || /^\d/.test(gameText);
  if (ownBoard && variantToString(ruleset.value.variant) !== variantToString(named.value.variant)) {
    return err(
      protocolError(
        ProtocolErrorCode.BadGame,
        `game "${gameText}" is played on ${variantToString(named.value.variant)}, not ${variantText}`,
      ),
    );
  }
  return ok(canonical(ruleset.value));
}

const canonical = (ruleset: Ruleset): CanonicalGame => ({
  game: rulesetToString(ruleset),
  variant: variantToString(ruleset.variant),
});

const badGame = (e: C4Error): ProtocolError => protocolError(ProtocolErrorCode.BadGame, e.message);

/** The rating pool of a game: one per family game, the classic game's by board. */
export function poolOfGame(gameText: string): PoolId {
  const ruleset = parseRuleset(gameText);
  if (!ruleset.ok) return 'connectN';
  const { game, variant } = ruleset.value;
  return game === 'classic' ? poolOfVariant(variant) : game;
}

/** The wire's code for a move the rules core refused. */
export function moveRefusal(e: C4Error): ProtocolError {
  const code =
    e.code === ErrorCode.PopNotAllowed
      ? ProtocolErrorCode.PopNotAllowed
      : e.code === ErrorCode.PopIllegal
        ? ProtocolErrorCode.PopIllegal
        : ProtocolErrorCode.IllegalMove;
  return protocolError(code, e.message);
}

/** A finished outcome as a result on the wire; null while the game goes on. */
export function resultOf(outcome: GameOutcome): GameResult | null {
  switch (outcome.kind) {
    case 'ongoing':
      return null;
    case 'win':
      return { kind: 'win', winner: outcome.winner, reason: 'connect' };
    case 'draw':
      return {
        kind: 'draw',
        reason: outcome.reason === 'board_full' ? 'draw' : outcome.reason,
      };
  }
}

/** A record's moves for the family notation (`44p4`); classic records as they always were. */
export function notationOf(state: GameOfRecord & { readonly moves: readonly number[] }): string {
  return state.moves.some((m) => m >= POP_CODE)
    ? familyMovesToString(state.moves.map(decodeMove))
    : movesToString(state.moves);
}

/** Replays a record with the family's rules (its moves were each checked when played). */
export function familyPosition(
  state: GameOfRecord & { readonly moves: readonly number[] },
): Result<GamePosition, C4Error> {
  const ruleset = rulesetOf(state);
  if (!ruleset.ok) return ruleset;
  return GamePosition.fromMoves(ruleset.value, state.moves.map(decodeMove));
}
