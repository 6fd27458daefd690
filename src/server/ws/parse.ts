import type { RawData } from 'ws';
import { err, ok, type Result } from '../../core/index.js';
import {
  ClientMessageSchemas,
  MAX_MESSAGE_BYTES,
  MAX_REQUEST_ID_LENGTH,
  ProtocolErrorCode,
  protocolError,
  type ClientMessage,
  type ClientMessageType,
  type ProtocolError,
} from '../../protocol/index.js';

export type Parsed = Result<ClientMessage, ProtocolError & { readonly id?: string }>;

const isType = (type: string): type is ClientMessageType =>
  Object.hasOwn(ClientMessageSchemas, type);

const byteLength = (data: RawData): number =>
  Array.isArray(data)
    ? data.reduce((n, b) => n + b.length, 0)
    : data instanceof ArrayBuffer
      ? data.byteLength
      : data.length;

const toText = (data: RawData): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');

type Reply = ProtocolError & { readonly id?: string };
const withId = (error: ProtocolError, id: string | undefined): Reply =>
  id === undefined ? error : { ...error, id };

/** The frame's JSON, or undefined when it is not JSON (frames are bounded by the socket's limit). */
function readJson(data: RawData, isBinary: boolean): { json: unknown } | undefined {
  if (isBinary) return undefined;
  try {
    return { json: JSON.parse(toText(data)) };
  } catch {
    return undefined;
  }
}

const idOf = (json: unknown): string | undefined => {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'];
  return typeof id === 'string' && id.length <= MAX_REQUEST_ID_LENGTH ? id : undefined;
};

/**
 * The request id of a frame that is refused before parsing (rate limited): echoed whenever the
 * frame is JSON carrying a valid id, so a client waiting for that reply is not left hanging.
 */
export const requestIdOf = (data: RawData, isBinary: boolean): string | undefined =>
  idOf(readJson(data, isBinary)?.json);

const MOVE_KEYS = new Set(['type', 'id', 'gameId', 'column', 'version']);
const GAME_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * A well-formed `move` (the protocol's schema, checked by hand): most frames are moves, and the
 * schema library's general walk is a visible share of a busy server's time.
 * Anything else, a malformed move included, goes through the schema, which words the error.
 */
function wellFormedMove(json: Record<string, unknown>): ClientMessage | undefined {
  const { id, gameId, column, version } = json;
  for (const key in json) if (!MOVE_KEYS.has(key)) return undefined;
  if (id !== undefined && (typeof id !== 'string' || id.length > MAX_REQUEST_ID_LENGTH)) {
    return undefined;
  }
  if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return undefined;
  if (!Number.isSafeInteger(column) || (column as number) < 0 || (column as number) > 63) {
    return undefined;
  }
  if (!Number.isSafeInteger(version) || (version as number) < 0) return undefined;
  return json as ClientMessage;
}

/** One frame to one validated message, or the error to answer it with (echoing its id). */
export function parseClientMessage(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return err(protocolError(ProtocolErrorCode.BadMessage, 'send JSON text frames'));
  const read = readJson(data, isBinary);
  const id = idOf(read?.json);
  if (byteLength(data) > MAX_MESSAGE_BYTES) {
    return err(
      withId(
        protocolError(
          ProtocolErrorCode.TooLarge,
          `messages are limited to ${MAX_MESSAGE_BYTES} bytes`,
        ),
        id,
      ),
    );
  }
  if (read === undefined) {
    return err(protocolError(ProtocolErrorCode.BadJson, 'the message is not valid JSON'));
  }
  const json = read.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return err(protocolError(ProtocolErrorCode.BadMessage, 'a message is a JSON object'));
  }
  const type = (json as Record<string, unknown>)['type'];
  if (typeof type !== 'string') {
    return err(withId(protocolError(ProtocolErrorCode.BadMessage, 'a message needs a "type"'), id));
  }
  if (!isType(type)) {
    return err(
      withId(
        protocolError(ProtocolErrorCode.UnknownType, `unknown message type "${type.slice(0, 32)}"`),
        id,
      ),
    );
  }
  if (type === 'move') {
    const move = wellFormedMove(json as Record<string, unknown>);
    if (move) return ok(move);
  }
  const parsed = ClientMessageSchemas[type].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    return err(
      withId(
        protocolError(
          ProtocolErrorCode.BadMessage,
          `invalid ${type} message${where ? ` at ${where}` : ''}: ${issue?.message ?? 'invalid'}`,
        ),
        id,
      ),
    );
  }
  return ok(parsed.data);
}
