import * as z from 'zod/mini';
import { ClockSchema, GameIdSchema, PlayerSchema } from './formats.js';

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
    reason: z.enum(['connect', 'resign', 'timeout']),
  }),
  z.object({ kind: z.literal('draw'), reason: z.literal('draw') }),
]);
export type GameResult = z.infer<typeof GameResultSchema>;
export type FinishReason = GameResult['reason'];

const count = z.int().check(z.minimum(0));
const SeatViewSchema = z.object({ taken: z.boolean(), connected: z.boolean() });

/** A board cell, 0-based; row 0 is the bottom row. */
export const SquareSchema = z.object({ column: count, row: count });

export const PublicGameSchema = z.object({
  id: GameIdSchema,
  version: count,
  /** Canonical `WxHcN`. */
  variant: z.string(),
  clock: ClockSchema,
  status: GameStatusSchema,
  seats: z.readonly(z.tuple([SeatViewSchema, SeatViewSchema])),
  /** 0-based columns in play order. */
  moves: z.readonly(z.array(count)),
  /** The moves in the analysis board's notation (1-based columns). */
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
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PublicGame = z.infer<typeof PublicGameSchema>;

export const GameSummarySchema = z.object({
  id: GameIdSchema,
  variant: z.string(),
  notation: z.string(),
  result: z.nullable(GameResultSchema),
  updatedAt: z.number(),
});
export type GameSummary = z.infer<typeof GameSummarySchema>;
