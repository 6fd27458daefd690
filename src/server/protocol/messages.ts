import { z } from 'zod';
import type { Player, Square } from '../../core/index.js';
import type {
  ClockSetting,
  GameResult,
  GameStatus,
  RatingDelta,
  SeatPlayer,
} from '../game/state.js';

/** Version of the wire protocol, sent in `hello`; bumped on breaking changes. */
export const PROTOCOL_VERSION = 1;

/** Largest text frame the server reads; bigger ones get `too_large` (see docs/protocol.md). */
export const MAX_MESSAGE_BYTES = 4096;

export const GameIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, 'not a game id');
/** Base64url, at least 22 characters = 132 bits of randomness. */
export const SecretSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'not a seat secret');
export const VariantTextSchema = z.string().regex(/^\d{1,2}x\d{1,2}c\d{1,2}$/, 'not a variant');
export const ClockSchema = z
  .strictObject({
    initialMs: z
      .int()
      .min(30_000)
      .max(3 * 3_600_000),
    incrementMs: z.int().min(0).max(60_000),
  })
  .nullable();
export const SideSchema = z.union([z.literal(1), z.literal(2), z.literal('random')]);
const RequestId = z.string().max(64).optional();

export const ClientMessageSchemas = {
  join: z.strictObject({
    type: z.literal('join'),
    id: RequestId,
    gameId: GameIdSchema,
    secret: SecretSchema.optional(),
    watch: z.boolean().optional(),
    /** Identity secret: a seat taken with it shows the player's name (and may be rated). */
    player: SecretSchema.optional(),
  }),
  move: z.strictObject({
    type: z.literal('move'),
    id: RequestId,
    gameId: GameIdSchema,
    column: z.int().min(0).max(63),
    version: z.int().min(0),
  }),
  resign: z.strictObject({ type: z.literal('resign'), id: RequestId, gameId: GameIdSchema }),
  rematch: z.strictObject({ type: z.literal('rematch'), id: RequestId, gameId: GameIdSchema }),
  seek: z.strictObject({
    type: z.literal('seek'),
    id: RequestId,
    variant: VariantTextSchema,
    clock: ClockSchema,
    secret: SecretSchema,
    player: SecretSchema.optional(),
    /** `fallback` (default): the computer after the server's wait; `now`; `never`: keep waiting. */
    computer: z.enum(['fallback', 'now', 'never']).optional(),
  }),
  cancelSeek: z.strictObject({ type: z.literal('cancelSeek'), id: RequestId }),
  ping: z.strictObject({ type: z.literal('ping'), id: RequestId, t: z.number() }),
} as const;

export type ClientMessageType = keyof typeof ClientMessageSchemas;
export type ClientMessage = {
  [K in ClientMessageType]: z.infer<(typeof ClientMessageSchemas)[K]>;
}[ClientMessageType];

/** Body of `POST /api/games`. */
export const CreateGameSchema = z.strictObject({
  variant: VariantTextSchema,
  clock: ClockSchema,
  side: SideSchema,
  secret: SecretSchema,
  player: SecretSchema.optional(),
  /** Rated friend games need both players named. */
  rated: z.boolean().optional(),
});
export type CreateGameRequest = z.infer<typeof CreateGameSchema>;

export interface SeatView {
  readonly taken: boolean;
  readonly connected: boolean;
}

/** Everything anyone may know about a game: no secrets, no hashes. */
export interface PublicGame {
  readonly id: string;
  readonly version: number;
  readonly variant: string;
  readonly clock: ClockSetting | null;
  readonly status: GameStatus;
  readonly seats: readonly [SeatView, SeatView];
  /** 0-based columns. */
  readonly moves: readonly number[];
  /** The moves in the analysis board's notation (1-based columns). */
  readonly notation: string;
  readonly turn: Player | null;
  readonly clocks: {
    readonly remainingMs: readonly [number, number];
    /** Whose clock is running, or null. */
    readonly running: Player | null;
    /** Server time the figures were taken at, so clients can count down from it. */
    readonly serverNow: number;
  } | null;
  readonly result: GameResult | null;
  readonly winCells: readonly Square[];
  readonly rematch: { readonly offeredBy: Player | null; readonly gameId: string | null };
  readonly previousGameId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Who sits where: a named player or the computer (`computer` = its level), or null. */
  readonly players: readonly [SeatPlayer | null, SeatPlayer | null];
  readonly rated: boolean;
  /** Each seat's rating before and after, once a rated game has ended. */
  readonly ratingChanges: readonly [RatingDelta | null, RatingDelta | null] | null;
}

export interface GameSummary {
  readonly id: string;
  readonly variant: string;
  readonly notation: string;
  readonly result: GameResult | null;
  readonly updatedAt: number;
  readonly players: readonly [SeatPlayer | null, SeatPlayer | null];
  readonly rated: boolean;
}

export type ServerMessage =
  | { readonly type: 'hello'; readonly protocol: number; readonly serverNow: number }
  | {
      readonly type: 'joined';
      readonly id?: string;
      readonly gameId: string;
      readonly seat: Player | null;
    }
  | { readonly type: 'game'; readonly game: PublicGame }
  | { readonly type: 'ack'; readonly id?: string; readonly version: number }
  | {
      readonly type: 'error';
      readonly id?: string;
      readonly code: string;
      readonly message: string;
    }
  | { readonly type: 'seeking'; readonly id?: string; readonly seekId: string }
  | {
      readonly type: 'matched';
      readonly id?: string;
      readonly gameId: string;
      readonly seat: Player;
    }
  | { readonly type: 'pong'; readonly id?: string; readonly t: number; readonly serverNow: number }
  | { readonly type: 'shutdown'; readonly reconnectMs: number };
