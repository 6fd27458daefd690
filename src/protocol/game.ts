import * as z from 'zod/mini';
import { ClockSchema, GameIdSchema, MoveKindSchema, PlayerSchema } from './formats.js';

/**
 * What anyone may know about a game, as the server sends it. Objects the server sends are read
 * with `z.object`, which drops fields this client does not know: a newer server may add some.
 */

export const GameStatusSchema = z.enum(['waiting', 'playing', 'finished']);
export type GameStatus = z.infer<typeof GameStatusSchema>;

export const GameResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('win'),
    winner: PlayerSchema,
    /** `left`: the loser's seat stayed empty on its turn, in a game without a clock, too long. */
    reason: z.enum(['connect', 'resign', 'timeout', 'left']),
  }),
  /**
   * `draw`: the board is full (no pops in the game); `repetition`: the same position with the
   * same side to move a third time (PopOut); `no_legal_move`: the side to move has none (PopOut).
   */
  z.object({ kind: z.literal('draw'), reason: z.enum(['draw', 'repetition', 'no_legal_move']) }),
  /** `player` did not make its first move within the abort time: nobody wins, never rated. */
  z.object({
    kind: z.literal('aborted'),
    reason: z.literal('no_first_move'),
    player: PlayerSchema,
  }),
]);
export type GameResult = z.infer<typeof GameResultSchema>;
export type FinishReason = GameResult['reason'];

const count = z.int().check(z.minimum(0));
const SeatViewSchema = z.object({ taken: z.boolean(), connected: z.boolean() });

/** A board cell, 0-based; row 0 is the bottom row. */
export const SquareSchema = z.object({ column: count, row: count });

/** Who sits in a seat: a named player or the computer. */
export const SeatPlayerSchema = z.object({
  /** A player id, or `bot:<level>` for the computer. */
  id: z.string(),
  name: z.string(),
  /** The computer's level id (`beginner` … `perfect`) when this seat is the computer. */
  computer: z.optional(z.string()),
  /** Rating in the game's pool when the game began. */
  rating: z.optional(z.number()),
  /** Shown as "1500?": the rating deviation is still high. */
  provisional: z.optional(z.boolean()),
});
export type SeatPlayer = z.infer<typeof SeatPlayerSchema>;

/** A seat's rating before and after a rated game. */
export const RatingDeltaSchema = z.object({
  before: z.number(),
  after: z.number(),
  provisional: z.boolean(),
});
export type RatingDelta = z.infer<typeof RatingDeltaSchema>;

/** One move: a drop into a column, or a pop of the mover's bottom disc (0-based column). */
export interface WireMove {
  readonly kind: z.infer<typeof MoveKindSchema>;
  readonly column: number;
}

/** A game's moves with their kinds (`moves` and `pops` together), as the rules core reads them. */
export function movesOf(game: {
  readonly moves: readonly number[];
  readonly pops: readonly number[];
}): WireMove[] {
  const pops = new Set(game.pops);
  return game.moves.map((column, i) => ({ kind: pops.has(i) ? 'pop' : 'drop', column }));
}

const SeatPlayersSchema = z.readonly(
  z.tuple([z.nullable(SeatPlayerSchema), z.nullable(SeatPlayerSchema)]),
);

export const PublicGameSchema = z.object({
  id: GameIdSchema,
  version: count,
  /**
   * The game of the family, canonical: `classic` (7×6), `popout`, `five`, a name with a board
   * (`popout-8x7c4`), or a bare board for the classic game on it (`7x7c5`). `parseRuleset`
   * (src/core/family) reads it.
   */
  game: z.string(),
  /** The board, canonical `WxHcN` (Five-in-a-Row: `9x6c5`, its outer columns set up). */
  variant: z.string(),
  clock: ClockSchema,
  status: GameStatusSchema,
  seats: z.readonly(z.tuple([SeatViewSchema, SeatViewSchema])),
  /** The 0-based column of each move in play order, drops and pops alike. */
  moves: z.readonly(z.array(count)),
  /** The indexes in `moves` that are pops (PopOut); empty in games without pops. */
  pops: z.readonly(z.array(count)),
  /**
   * The moves in the family's notation (1-based columns, a pop as `p4`): with `game`, the
   * game string `popout:44p4` of share links and records.
   */
  notation: z.string(),
  /** The side to move while playing, else null. Seat 1 moves first. */
  turn: z.nullable(PlayerSchema),
  clocks: z.nullable(
    z.object({
      remainingMs: z.readonly(z.tuple([z.number(), z.number()])),
      /** Whose clock is running, or null. */
      running: z.nullable(PlayerSchema),
      /** Server time the figures were taken at, so clients can count down from it. */
      serverNow: z.number(),
    }),
  ),
  result: z.nullable(GameResultSchema),
  winCells: z.readonly(z.array(SquareSchema)),
  rematch: z.object({
    offeredBy: z.nullable(PlayerSchema),
    gameId: z.nullable(GameIdSchema),
  }),
  previousGameId: z.nullable(GameIdSchema),
  /**
   * Server time at which the game is aborted (unrated, no winner) if the side to move has not
   * made its first move by then; null once both sides have moved or the game is over.
   */
  abortAt: z.nullable(z.number()),
  /**
   * Server time at which the side to move loses by leaving (`left`): its seat has had no
   * connection on its turn, in a game without a clock; null while it is connected.
   */
  leftAt: z.nullable(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Who sits where (null: an unnamed player, or an open seat). */
  players: SeatPlayersSchema,
  rated: z.boolean(),
  /** Each seat's change once a rated game has ended (null for the computer's seat). */
  ratingChanges: z.nullable(
    z.readonly(z.tuple([z.nullable(RatingDeltaSchema), z.nullable(RatingDeltaSchema)])),
  ),
});
export type PublicGame = z.infer<typeof PublicGameSchema>;

export const GameSummarySchema = z.object({
  id: GameIdSchema,
  game: z.string(),
  variant: z.string(),
  notation: z.string(),
  result: z.nullable(GameResultSchema),
  updatedAt: z.number(),
  players: SeatPlayersSchema,
  rated: z.boolean(),
});
export type GameSummary = z.infer<typeof GameSummarySchema>;
