import * as z from 'zod/mini';
import {
  ClockSettingSchema,
  type ClockSetting,
  GameIdSchema,
  PlayerSchema,
  SecretSchema,
} from './formats.js';
import { PlayerIdSchema } from './players.js';
import { MAX_REQUEST_ID_LENGTH } from './version.js';

/**
 * Tournaments on the wire (docs/protocol.md, "Tournaments"): the HTTP reads
 * `GET /api/tournaments` and `GET /api/tournaments/:id`, and the WebSocket messages to create,
 * join, withdraw and follow one. Refusals carry the codes of `TournamentErrorCode` (from the pure
 * core, src/tournament), besides the common ones (`bad_message`, `identity_required`,
 * `rate_limited`, `not_found`).
 */
export { TournamentErrorCode } from '../tournament/errors.js';

export const TournamentIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,32}$/, 'not a tournament id'));
export const TournamentKindSchema = z.enum(['arena', 'swiss']);
export const TournamentStatusSchema = z.enum(['upcoming', 'running', 'finished']);
export type TournamentStatus = z.infer<typeof TournamentStatusSchema>;

/**
 * What a creator asks for. Only the field names are checked here: the values are judged by the
 * server (src/tournament/settings.ts), so each field is refused with its own code
 * (`tournament_bad_clock`, …) whatever the value, a string where a number goes included.
 */
export const TournamentSettingsSchema = z.strictObject({
  kind: z.optional(z.unknown()),
  name: z.optional(z.unknown()),
  game: z.optional(z.unknown()),
  variant: z.optional(z.unknown()),
  clock: z.optional(z.unknown()),
  startsAt: z.optional(z.unknown()),
  durationMinutes: z.optional(z.unknown()),
  rounds: z.optional(z.unknown()),
});

/** The settings a client should send (docs/protocol.md, "Settings"). */
export interface TournamentSettingsRequest {
  readonly kind: z.infer<typeof TournamentKindSchema>;
  /** 3–60 printable characters. */
  readonly name: string;
  /** `popout`, `five`…; classic when absent. */
  readonly game?: string;
  /** The board; the game's own when absent (required for the classic game). */
  readonly variant?: string;
  readonly clock: ClockSetting;
  /** Epoch milliseconds. */
  readonly startsAt: number;
  /** Arena only: 5–720. */
  readonly durationMinutes?: number;
  /** Swiss only: 1–20. */
  readonly rounds?: number;
}

/** One line of `GET /api/tournaments`. */
export const TournamentSummarySchema = z.object({
  id: z.string(),
  kind: TournamentKindSchema,
  name: z.string(),
  /** The game of the family, as a game's `game` (`classic`, `popout`, `five`…). */
  game: z.string(),
  /** Canonical `WxHcN`. */
  variant: z.string(),
  clock: ClockSettingSchema,
  status: TournamentStatusSchema,
  startsAt: z.number(),
  /** Arena: the end; Swiss: null until it is over. */
  endsAt: z.nullable(z.number()),
  /** Swiss: rounds in all, and the round being played (0 before the first). */
  rounds: z.nullable(z.int()),
  round: z.nullable(z.int()),
  players: z.int(),
  /** Made by a player (reachable by its link only), rather than by the server's schedule. */
  private: z.boolean(),
  createdBy: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;

export const TournamentStandingSchema = z.object({
  rank: z.int(),
  playerId: z.string(),
  name: z.string(),
  rating: z.number(),
  score: z.number(),
  games: z.int(),
  withdrawn: z.boolean(),
  /** Arena: on a streak of two wins or more (the next result counts double). */
  onFire: z.optional(z.boolean()),
  /** Arena: the tiebreak, null before a first game. */
  performance: z.optional(z.nullable(z.number())),
  /** Swiss tiebreaks, in this order after the score. */
  buchholz: z.optional(z.number()),
  sonnebornBerger: z.optional(z.number()),
});
export type TournamentStanding = z.infer<typeof TournamentStandingSchema>;

const Side = z.object({ playerId: z.string(), name: z.string() });

/** One tournament game (or a Swiss bye: `gameId` and `second` null). */
export const TournamentPairingSchema = z.object({
  /** Swiss round; null in an arena. */
  round: z.nullable(z.int()),
  gameId: z.nullable(z.string()),
  /** Moves first. */
  first: Side,
  second: z.nullable(Side),
  /**
   * Null while playing; else a Swiss's `SwissOutcome` (`first`, `second`, `draw`,
   * `first_forfeit`, `second_forfeit`, `bye`; `double_forfeit` reserved) or an arena's `first`,
   * `second`, `draw`, `aborted` (counts for nobody).
   */
  outcome: z.nullable(z.string()),
});
export type TournamentPairing = z.infer<typeof TournamentPairingSchema>;

/** `GET /api/tournaments/:id` and the `tournament` message. */
export const TournamentDetailSchema = z.object({
  ...TournamentSummarySchema.shape,
  standings: z.array(TournamentStandingSchema),
  /** The games being played, then the most recent finished ones (at most 100). */
  pairings: z.array(TournamentPairingSchema),
});
export type TournamentDetail = z.infer<typeof TournamentDetailSchema>;

/** `200` answer of `GET /api/tournaments`: upcoming, running and recently finished public ones. */
export const TournamentListSchema = z.object({ tournaments: z.array(TournamentSummarySchema) });
/** `200` answer of `GET /api/tournaments/:id`. */
export const TournamentResponseSchema = z.object({ tournament: TournamentDetailSchema });

const RequestId = z.optional(z.string().check(z.maxLength(MAX_REQUEST_ID_LENGTH)));
const ReplyId = z.optional(z.string());

/** Client → server over the WebSocket. Strict, like every client message. */
export const TournamentClientMessageSchemas = {
  /** A private tournament, reachable by its link; only named players may create (rate-limited). */
  tournamentCreate: z.strictObject({
    type: z.literal('tournamentCreate'),
    id: RequestId,
    player: SecretSchema,
    settings: TournamentSettingsSchema,
  }),
  /**
   * Join (or rejoin after withdrawing, keeping the score). `secret` holds the seats of this
   * player's tournament games (as in `seek`); `player` is the identity: only named players play.
   */
  tournamentJoin: z.strictObject({
    type: z.literal('tournamentJoin'),
    id: RequestId,
    tournamentId: TournamentIdSchema,
    player: SecretSchema,
    secret: SecretSchema,
  }),
  /** Withdraw (arena: pause; the score stays). A game being played goes on and counts. */
  tournamentWithdraw: z.strictObject({
    type: z.literal('tournamentWithdraw'),
    id: RequestId,
    tournamentId: TournamentIdSchema,
    player: SecretSchema,
  }),
  /** Follow a tournament: `tournament` snapshots as standings move. */
  tournamentWatch: z.strictObject({
    type: z.literal('tournamentWatch'),
    id: RequestId,
    tournamentId: TournamentIdSchema,
  }),
} as const;

/** Server → client. Read with `parseServerMessage`'s rules: unknown fields are dropped. */
export const TournamentServerMessageSchemas = {
  tournamentCreated: z.object({
    type: z.literal('tournamentCreated'),
    id: ReplyId,
    tournamentId: z.string(),
  }),
  tournamentJoined: z.object({
    type: z.literal('tournamentJoined'),
    id: ReplyId,
    tournamentId: z.string(),
    /** The player was in already (another tab or device, a reconnect): nothing else changed. */
    again: z.optional(z.boolean()),
  }),
  tournamentWithdrawn: z.object({
    type: z.literal('tournamentWithdrawn'),
    id: ReplyId,
    tournamentId: z.string(),
  }),
  /** The whole tournament, on `tournamentWatch` and whenever standings or pairings change. */
  tournament: z.object({
    type: z.literal('tournament'),
    /** The `tournamentWatch` this answers; absent on later pushes. */
    id: ReplyId,
    tournament: TournamentDetailSchema,
  }),
  /**
   * A new game for this player: join it with `join {gameId, secret}` (the `secret` given in
   * `tournamentJoin`). Sent to every connection of the player.
   */
  tournamentPairing: z.object({
    type: z.literal('tournamentPairing'),
    tournamentId: z.string(),
    gameId: GameIdSchema,
    seat: PlayerSchema,
    opponent: z.object({ playerId: PlayerIdSchema, name: z.string(), rating: z.number() }),
    round: z.nullable(z.int()),
  }),
} as const;

export type TournamentClientMessageType = keyof typeof TournamentClientMessageSchemas;
export type TournamentClientMessage = {
  [K in TournamentClientMessageType]: z.infer<(typeof TournamentClientMessageSchemas)[K]>;
}[TournamentClientMessageType];
export type TournamentServerMessageType = keyof typeof TournamentServerMessageSchemas;
export type TournamentServerMessage = {
  [K in TournamentServerMessageType]: z.infer<(typeof TournamentServerMessageSchemas)[K]>;
}[TournamentServerMessageType];
