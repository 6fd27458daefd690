import * as z from 'zod/mini';
import {
  ClockSchema,
  PlayerSchema,
  GameTextSchema,
  SecretSchema,
  SideSchema,
  VariantTextSchema,
} from './formats.js';
import { GameSummarySchema, PublicGameSchema } from './game.js';

/** Body of `POST /api/games`. */
export const CreateGameSchema = z.strictObject({
  /** The game (`popout`, `five`…); classic when absent. */
  game: z.optional(GameTextSchema),
  /** The board; the game's own when absent (a classic game without either is refused). */
  variant: z.optional(VariantTextSchema),
  clock: ClockSchema,
  side: SideSchema,
  secret: SecretSchema,
  /** Identity secret of the creator. */
  player: z.optional(SecretSchema),
  /** Rated friend games need both players named. */
  rated: z.optional(z.boolean()),
});
export type CreateGameRequest = z.infer<typeof CreateGameSchema>;

/** `201` answer of `POST /api/games`. */
export const CreatedGameSchema = z.object({
  gameId: z.string(),
  seat: PlayerSchema,
  game: PublicGameSchema,
});
export type CreatedGame = z.infer<typeof CreatedGameSchema>;

/** `200` answer of `GET /api/games/:id`. */
export const GameResponseSchema = z.object({ game: PublicGameSchema });

/** `200` answer of `GET /api/games`. */
export const GameListSchema = z.object({ games: z.array(GameSummarySchema) });

/** Every HTTP error answer. */
export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
