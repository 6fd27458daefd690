import { createHash, randomBytes } from 'node:crypto';

/** Only this hash of a seat secret is ever stored or compared; the secret itself is not kept. */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

const ID_BYTES = 12;
/** Random bytes for ids, drawn in bulk: one call of the generator per 256 ids, not per id. */
let idPool = Buffer.alloc(0);
let idAt = 0;

/**
 * Random ids for games, seeks, connections and requests: 96 bits, URL-safe, from the
 * cryptographic generator drawn in bulk, since every HTTP request and WebSocket takes one and a
 * small draw per id costs a busy server noticeably.
 */
export const newId = (): string => {
  if (idAt + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 256);
    idAt = 0;
  }
  idAt += ID_BYTES;
  return idPool.toString('base64url', idAt - ID_BYTES, idAt);
};

/** A seat secret of 144 bits (the browser makes its own; this is for tests and tools). */
export const newSecret = (): string => randomBytes(18).toString('base64url');
