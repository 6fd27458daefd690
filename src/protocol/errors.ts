/**
 * Stable wire error codes: clients switch on these, never on message text. Adding a code is
 * fine; renaming one breaks clients. Documented in docs/protocol.md.
 */
export const ProtocolErrorCode = {
  BadJson: 'bad_json',
  BadMessage: 'bad_message',
  UnknownType: 'unknown_type',
  TooLarge: 'too_large',
  RateLimited: 'rate_limited',
  NotFound: 'not_found',
  NotJoined: 'not_joined',
  NotASeat: 'not_a_seat',
  NotYourTurn: 'not_your_turn',
  StaleVersion: 'stale_version',
  IllegalMove: 'illegal_move',
  GameOver: 'game_over',
  GameNotStarted: 'game_not_started',
  GameNotOver: 'game_not_over',
  SeatTaken: 'seat_taken',
  BadVariant: 'bad_variant',
  Conflict: 'conflict',
  ShuttingDown: 'shutting_down',
  Forbidden: 'forbidden',
  /** HTTP only: a known path with another method (405, with `Allow`). */
  MethodNotAllowed: 'method_not_allowed',
  /** HTTP only: a body that is not `application/json` (415). */
  UnsupportedMediaType: 'unsupported_media_type',
  Internal: 'internal',
  NameTooShort: 'name_too_short',
  NameTooLong: 'name_too_long',
  NameBadCharacters: 'name_bad_characters',
  NameReserved: 'name_reserved',
  NameTaken: 'name_taken',
  IdentityTaken: 'identity_taken',
  UnknownPlayer: 'unknown_player',
  RenameTooSoon: 'rename_too_soon',
  InvalidCode: 'invalid_code',
  IdentityRequired: 'identity_required',
  /** The socket named no protocol version or another one (an old page): reload. */
  ProtocolOutdated: 'protocol_outdated',
  /** A `game` the server does not offer (an unknown name, or a board the game is not played on). */
  BadGame: 'bad_game',
  /** A pop in a game without pops (Connect Four, Five-in-a-Row). */
  PopNotAllowed: 'pop_not_allowed',
  /** A pop of a column whose bottom disc is not the mover's (or that is empty). */
  PopIllegal: 'pop_illegal',
} as const;

export type ProtocolErrorCode = (typeof ProtocolErrorCode)[keyof typeof ProtocolErrorCode];

export interface ProtocolError {
  readonly code: ProtocolErrorCode;
  readonly message: string;
}

export const protocolError = (code: ProtocolErrorCode, message: string): ProtocolError => ({
  code,
  message,
});
