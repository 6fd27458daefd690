/**
 * Version of the wire contract, sent by the server in `hello`. It changes only when a change
 * would break a client built against the previous version (a message or field removed or
 * reinterpreted). Additions keep it: clients ignore message types and fields they do not know.
 */
export const PROTOCOL_VERSION = 2;

/** Largest text frame (and HTTP body) the server reads; bigger ones get `too_large`. */
export const MAX_MESSAGE_BYTES = 4096;

/** Largest `id` a request may carry for its reply to echo. */
export const MAX_REQUEST_ID_LENGTH = 64;
