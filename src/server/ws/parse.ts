import type { RawData } from 'ws';
import { err, ok, type Result } from '../../core/index.js';
import {
  ClientMessageSchemas,
  MAX_MESSAGE_BYTES,
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

/** One frame to one validated message, or the error to answer it with (echoing its id). */
export function parseClientMessage(data: RawData, isBinary: boolean): Parsed {
  if (byteLength(data) > MAX_MESSAGE_BYTES) {
    return err(
      protocolError(
        ProtocolErrorCode.TooLarge,
        `messages are limited to ${MAX_MESSAGE_BYTES} bytes`,
      ),
    );
  }
  if (isBinary) return err(protocolError(ProtocolErrorCode.BadMessage, 'send JSON text frames'));
  let json: unknown;
  try {
    json = JSON.parse(toText(data));
  } catch {
    return err(protocolError(ProtocolErrorCode.BadJson, 'the message is not valid JSON'));
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return err(protocolError(ProtocolErrorCode.BadMessage, 'a message is a JSON object'));
  }
  const record = json as Record<string, unknown>;
  const id =
    typeof record['id'] === 'string' && record['id'].length <= 64 ? record['id'] : undefined;
  const withId = (e: ProtocolError): ProtocolError & { readonly id?: string } =>
    id === undefined ? e : { ...e, id };
  const type = record['type'];
  if (typeof type !== 'string') {
    return err(withId(protocolError(ProtocolErrorCode.BadMessage, 'a message needs a "type"')));
  }
  if (!isType(type)) {
    return err(
      withId(
        protocolError(ProtocolErrorCode.UnknownType, `unknown message type "${type.slice(0, 32)}"`),
      ),
    );
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
      ),
    );
  }
  return ok(parsed.data);
}
