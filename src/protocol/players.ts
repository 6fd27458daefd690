import * as z from 'zod/mini';
import { SecretSchema } from './formats.js';

/**
 * Identities, ratings, leaderboards and player pages (docs/protocol.md, "Players and
 * ratings"). Identity secrets travel only in POST bodies and WebSocket messages, never in URLs.
 */
export const PlayerIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,32}$/, 'not a player id'));
/** Names are judged by src/identity/names.ts (with a message naming the problem); here only size. */
const NameText = z.string().check(z.maxLength(200));
export const TransferCodeSchema = z
  .string()
  .check(z.regex(/^[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}$/, 'not a transfer code'));
export const PoolSchema = z.enum(['classic', 'connect4', 'connectN', 'popout', 'five']);

export const CreatePlayerSchema = z.strictObject({ secret: SecretSchema, name: NameText });
export const IdentifySchema = z.strictObject({ secret: SecretSchema });
export const RenameSchema = z.strictObject({ secret: SecretSchema, name: NameText });
export const RedeemSchema = z.strictObject({ secret: SecretSchema, code: TransferCodeSchema });

export const PublicRatingSchema = z.object({
  pool: z.string(),
  rating: z.number(),
  rd: z.number(),
  provisional: z.boolean(),
  games: z.number(),
  wins: z.number(),
  draws: z.number(),
  losses: z.number(),
});
export type PublicRating = z.infer<typeof PublicRatingSchema>;

export const PublicPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  ratings: z.array(PublicRatingSchema),
  /**
   * When the name may next change (server ms; creation counts as a change), so a page can say
   * so before offering the form. Optional: older servers omit it.
   */
  renameAt: z.optional(z.number()),
});
export type PublicPlayer = z.infer<typeof PublicPlayerSchema>;
/** Answer of every identity request: `{player}`. */
export const PlayerResponseSchema = z.object({ player: PublicPlayerSchema });
export const TransferCodeResponseSchema = z.object({ code: z.string(), expiresAt: z.number() });

export const PlayerGameSchema = z.object({
  id: z.string(),
  /** The game of the family, as in a game's `game`. */
  game: z.string(),
  variant: z.string(),
  pool: z.string(),
  status: z.string(),
  rated: z.boolean(),
  /** `id` is empty for the computer, which has no page. */
  opponent: z.nullable(
    z.object({ id: z.string(), name: z.string(), computer: z.nullable(z.string()) }),
  ),
  /** From this player's side; null while the game goes on. */
  outcome: z.nullable(z.enum(['win', 'draw', 'loss'])),
  ratingChange: z.nullable(z.object({ before: z.number(), after: z.number() })),
  moves: z.number(),
  updatedAt: z.number(),
});
export type PlayerGame = z.infer<typeof PlayerGameSchema>;

export const PlayerPageSchema = z.object({
  player: PublicPlayerSchema,
  /**
   * Per pool, oldest first: the rating after each rated game, and the rating before it
   * (`before`, optional: older servers omit it; the first entry's is where the chart starts).
   */
  history: z.record(
    z.string(),
    z.array(
      z.object({
        at: z.number(),
        rating: z.number(),
        gameId: z.string(),
        before: z.optional(z.number()),
      }),
    ),
  ),
  games: z.array(PlayerGameSchema),
});
export type PlayerPage = z.infer<typeof PlayerPageSchema>;

export const LeaderboardSchema = z.object({
  pool: z.string(),
  entries: z.array(
    z.object({
      rank: z.number(),
      playerId: z.string(),
      name: z.string(),
      rating: z.number(),
      rd: z.number(),
      games: z.number(),
    }),
  ),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
