import * as z from 'zod/mini';
import {
  ClockSchema,
  GameIdSchema,
  GameTextSchema,
  MoveKindSchema,
  PlayerSchema,
  SecretSchema,
  VariantTextSchema,
} from './formats.js';
import { PublicGameSchema } from './game.js';
import { TournamentClientMessageSchemas, TournamentServerMessageSchemas } from './tournaments.js';
import { MAX_REQUEST_ID_LENGTH } from './version.js';

/** Any request may carry an id; its direct reply echoes it. */
const RequestId = z.optional(z.string().check(z.maxLength(MAX_REQUEST_ID_LENGTH)));
const ReplyId = z.optional(z.string());

/**
 * Client → server. Strict: a field the server does not know is refused (`bad_message`), so a
 * typo never silently does nothing.
 */
export const ClientMessageSchemas = {
  join: z.strictObject({
    type: z.literal('join'),
    id: RequestId,
    gameId: GameIdSchema,
    secret: z.optional(SecretSchema),
    watch: z.optional(z.boolean()),
    /** Identity secret: a seat taken with it shows the player's name (and may be rated). */
    player: z.optional(SecretSchema),
  }),
  move: z.strictObject({
    type: z.literal('move'),
    id: RequestId,
    gameId: GameIdSchema,
    column: z.int().check(z.minimum(0), z.maximum(63)),
    /** `drop` when absent; `pop` only in PopOut (`pop_not_allowed`, `pop_illegal`). */
    kind: z.optional(MoveKindSchema),
    version: z.int().check(z.minimum(0)),
  }),
  resign: z.strictObject({ type: z.literal('resign'), id: RequestId, gameId: GameIdSchema }),
  rematch: z.strictObject({ type: z.literal('rematch'), id: RequestId, gameId: GameIdSchema }),
  seek: z.strictObject({
    type: z.literal('seek'),
    id: RequestId,
    /** The game (`popout`, `five`…); classic when absent. Pools, ratings and the computer follow it. */
    game: z.optional(GameTextSchema),
    /** The board; the game's own when absent (a classic seek without either is refused). */
    variant: z.optional(VariantTextSchema),
    clock: ClockSchema,
    secret: SecretSchema,
    /** Identity secret: pairs by rating, rated when both players are named. */
    player: z.optional(SecretSchema),
    /** `fallback` (default): the computer after the server's wait; `now`; `never`. */
    computer: z.optional(z.enum(['fallback', 'now', 'never'])),
    /** Default true: a rated game when both seats are named (the computer's seat counts). */
    rated: z.optional(z.boolean()),
  }),
  cancelSeek: z.strictObject({ type: z.literal('cancelSeek'), id: RequestId }),
  ping: z.strictObject({ type: z.literal('ping'), id: RequestId, t: z.number() }),
  ...TournamentClientMessageSchemas,
} as const;

export type ClientMessageType = keyof typeof ClientMessageSchemas;
export type ClientMessage = {
  [K in ClientMessageType]: z.infer<(typeof ClientMessageSchemas)[K]>;
}[ClientMessageType];

/**
 * Server → client, one schema per type. Clients read them with `parseServerMessage`, which
 * ignores types and fields they do not know (a newer server may send more).
 */
export const ServerMessageSchemas = {
  hello: z.object({
    type: z.literal('hello'),
    protocol: z.int(),
    serverNow: z.number(),
    /**
     * How long a quick-match seek waits for a human before the computer takes the other seat
     * (`BOT_WAIT_MS`), so the page says the server's wait, not a guess. Optional: older
     * servers do not send it.
     */
    computerAfterMs: z.optional(z.int()),
  }),
  joined: z.object({
    type: z.literal('joined'),
    id: ReplyId,
    gameId: GameIdSchema,
    seat: z.nullable(PlayerSchema),
  }),
  game: z.object({ type: z.literal('game'), game: PublicGameSchema }),
  ack: z.object({ type: z.literal('ack'), id: ReplyId, version: z.int() }),
  error: z.object({
    type: z.literal('error'),
    id: ReplyId,
    /** One of `ProtocolErrorCode`; a client treats a code it does not know as a failure. */
    code: z.string(),
    message: z.string(),
  }),
  seeking: z.object({ type: z.literal('seeking'), id: ReplyId, seekId: z.string() }),
  matched: z.object({
    type: z.literal('matched'),
    id: ReplyId,
    gameId: GameIdSchema,
    seat: PlayerSchema,
  }),
  pong: z.object({ type: z.literal('pong'), id: ReplyId, t: z.number(), serverNow: z.number() }),
  shutdown: z.object({ type: z.literal('shutdown'), reconnectMs: z.number() }),
  ...TournamentServerMessageSchemas,
} as const;

export type ServerMessageType = keyof typeof ServerMessageSchemas;
export type ServerMessage = {
  [K in ServerMessageType]: z.infer<(typeof ServerMessageSchemas)[K]>;
}[ServerMessageType];
export type ServerMessageOf<K extends ServerMessageType> = z.infer<
  (typeof ServerMessageSchemas)[K]
>;

const isServerType = (type: unknown): type is ServerMessageType =>
  typeof type === 'string' && Object.hasOwn(ServerMessageSchemas, type);

/** What a client makes of one text frame from the server. */
export type ServerFrame =
  | { readonly kind: 'message'; readonly message: ServerMessage }
  /** A type this client does not know: ignore it (a newer server). */
  | { readonly kind: 'unknown'; readonly type: string }
  | { readonly kind: 'invalid'; readonly problem: string };

export function parseServerMessage(text: string): ServerFrame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid', problem: 'not JSON' };
  }
  const type = (json as { type?: unknown } | null)?.type;
  if (!isServerType(type)) {
    return typeof type === 'string'
      ? { kind: 'unknown', type }
      : { kind: 'invalid', problem: 'no message type' };
  }
  const parsed = ServerMessageSchemas[type].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: 'invalid',
      problem: `${type}${issue ? ` at ${issue.path.join('.')}: ${issue.message}` : ''}`,
    };
  }
  return { kind: 'message', message: parsed.data };
}
