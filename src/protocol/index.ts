/**
 * The wire contract of online play, shared by the server (`src/server`) and every client
 * (`src/web/online/client.ts`): message schemas and types, error codes, id and secret formats
 * and the protocol version. Pure (zod only): no DOM, no Node. docs/protocol.md describes it.
 */
export {
  MAX_MESSAGE_BYTES,
  MAX_REQUEST_ID_LENGTH,
  PROTOCOL_QUERY,
  PROTOCOL_VERSION,
  socketProtocolVersion,
  versionedSocketUrl,
} from './version.js';
export { ProtocolErrorCode, protocolError, type ProtocolError } from './errors.js';
export {
  ClockSchema,
  ClockSettingSchema,
  GameIdSchema,
  GameTextSchema,
  MoveKindSchema,
  PlayerSchema,
  SECRET_BYTES,
  SecretSchema,
  SideSchema,
  VariantTextSchema,
  type ClockSetting,
  type MoveKindText,
  type Seat,
} from './formats.js';
export {
  GameResultSchema,
  GameStatusSchema,
  GameSummarySchema,
  PublicGameSchema,
  movesOf,
  RatingDeltaSchema,
  SeatPlayerSchema,
  SquareSchema,
  type FinishReason,
  type GameResult,
  type GameStatus,
  type GameSummary,
  type PublicGame,
  type RatingDelta,
  type SeatPlayer,
  type WireMove,
} from './game.js';
export * from './players.js';
export {
  ClientMessageSchemas,
  ServerMessageSchemas,
  parseServerMessage,
  type ClientMessage,
  type ClientMessageType,
  type ServerFrame,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from './messages.js';
export {
  CreateGameSchema,
  CreatedGameSchema,
  ErrorBodySchema,
  GameListSchema,
  GameResponseSchema,
  type CreateGameRequest,
  type CreatedGame,
  type ErrorBody,
} from './http.js';
export {
  GameListQuerySchema,
  LIST_LIMIT_MAX,
  LeaderboardQuerySchema,
  MAX_QUERY_LENGTH,
  NoQuerySchema,
  parseQuery,
  type GameListQuery,
  type LeaderboardQuery,
  type QueryParse,
} from './query.js';
export * from './tournaments.js';
