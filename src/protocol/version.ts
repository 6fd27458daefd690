/**
 * Version of the wire contract. A client names it when it connects (`/ws?v=3`, see
 * `versionedSocketUrl`) and the server sends it in `hello`; the server refuses a socket that
 * names another version, or none, with `protocol_outdated` (as lila-ws does with its
 * `/socket/vN` path). It changes only when a change would break a client built against the
 * previous version (a message or field removed or reinterpreted). Additions keep it: clients
 * ignore message types and fields they do not know.
 *
 * 3: games of the Connect Four family (`game`, moves as `{kind, column}`, pops, the draw
 * reasons `repetition` and `no_legal_move`), and the version named on connect.
 */
export const PROTOCOL_VERSION = 3;

/** The query parameter that names the protocol version on `/ws`. */
export const PROTOCOL_QUERY = 'v';

/** `url` (a `/ws` address, absolute or not) with this client's protocol version on it. */
export function versionedSocketUrl(url: string, version: number = PROTOCOL_VERSION): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${PROTOCOL_QUERY}=${version}`;
}

/**
 * The version a socket's request URL names: a number, or null when it names none (or not one
 * number), which every client before version 3 did.
 */
export function socketProtocolVersion(url: string): number | null {
  const query = url.indexOf('?');
  if (query < 0) return null;
  // By hand: this module is shared with the pure core's build, which has no URL classes.
  const values = url
    .slice(query + 1)
    .split('#')[0]!
    .split('&')
    .filter((pair) => pair.split('=')[0] === PROTOCOL_QUERY)
    .map((pair) => pair.slice(PROTOCOL_QUERY.length + 1));
  if (values.length !== 1 || !/^\d{1,6}$/.test(values[0]!)) return null;
  return Number(values[0]);
}

/** Largest text frame (and HTTP body) the server reads; bigger ones get `too_large`. */
export const MAX_MESSAGE_BYTES = 4096;

/** Largest `id` a request may carry for its reply to echo. */
export const MAX_REQUEST_ID_LENGTH = 64;
