import { z } from 'zod';
import { SecretSchema } from './messages.js';

/**
 * Wire shapes of identities, ratings, leaderboards and player pages (docs/protocol.md,
 * "Players and ratings"). Identity secrets travel only in POST bodies and WebSocket messages.
 */
export const PlayerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, 'not a player id');
/** Names are checked by the rules in src/players/names.ts; here only their size. */
const NameText = z.string().max(200);
export const TransferCodeSchema = z
  .string()
  .regex(/^[A-Z2-9]{4}-?[A-Z2-9]{4}-?[A-Z2-9]{4}$/, 'not a transfer code');
export const PoolSchema = z.enum(['classic', 'connect4', 'connectN']);

export const CreatePlayerSchema = z.strictObject({ secret: SecretSchema, name: NameText });
export const IdentifySchema = z.strictObject({ secret: SecretSchema });
export const RenameSchema = z.strictObject({ secret: SecretSchema, name: NameText });
export const RedeemSchema = z.strictObject({ secret: SecretSchema, code: TransferCodeSchema });

export interface PublicRating {
  readonly pool: string;
  readonly rating: number;
  readonly rd: number;
  readonly provisional: boolean;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface PublicPlayer {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly ratings: readonly PublicRating[];
}

export interface PlayerGame {
  readonly id: string;
  readonly variant: string;
  readonly pool: string;
  readonly status: string;
  readonly rated: boolean;
  readonly opponent: {
    readonly id: string;
    readonly name: string;
    readonly computer: string | null;
  } | null;
  /** From this player's side; null while the game goes on. */
  readonly outcome: 'win' | 'draw' | 'loss' | null;
  readonly ratingChange: { readonly before: number; readonly after: number } | null;
  readonly moves: number;
  readonly updatedAt: number;
}

export interface PlayerPage {
  readonly player: PublicPlayer;
  /** Oldest first, per pool. */
  readonly history: Readonly<
    Record<
      string,
      readonly { readonly at: number; readonly rating: number; readonly gameId: string }[]
    >
  >;
  readonly games: readonly PlayerGame[];
}

export interface Leaderboard {
  readonly pool: string;
  readonly entries: readonly {
    readonly rank: number;
    readonly playerId: string;
    readonly name: string;
    readonly rating: number;
    readonly rd: number;
    readonly games: number;
  }[];
}
