import { ok, type Result } from '../core/index.js';
import type { ProtocolError, ServerMessage, ServerMessageOf } from '../protocol/index.js';
import type { SeatPlayer } from './game/state.js';
import type { PlayerService } from './player-service.js';

/**
 * A connected client as the services see it (the WebSocket connection is one): where the
 * messages it did not ask for go, and whether it is still there. The services keep their own
 * state per session (the game it has open, the seek it waits on).
 */
export interface Session {
  /** The client's address, for the per-address limits. */
  readonly address: string;
  /** False once the client has gone: late results are dropped rather than acted on. */
  readonly open: boolean;
  /**
   * A message the client did not ask for: a snapshot, a match found while it waited. `text`,
   * when given, is `message` already encoded (once for every member of a game).
   */
  push(message: ServerMessage, text?: string): void;
}

type Replyable = 'joined' | 'ack' | 'seeking' | 'matched' | 'pong';

/** A direct reply, without the request id (the connection adds it). */
export type Reply = { [K in Replyable]: Omit<ServerMessageOf<K>, 'id'> }[Replyable];

/** Answers one request: both carry the request's id. */
export interface Answer {
  reply(message: Reply): void;
  fail(error: ProtocolError): void;
}

/** The named player behind an identity secret, seated for `game`; null without a secret. */
export async function seatPlayerFor(
  players: PlayerService,
  secret: string | undefined,
  game: string,
): Promise<Result<SeatPlayer | null, ProtocolError>> {
  if (secret === undefined) return ok(null);
  const found = await players.identify(secret);
  if (!found.ok) return found;
  return ok(await players.seatPlayer(found.value, game));
}
