import { createHash, randomBytes } from 'node:crypto';

/** Only this hash of a seat secret is ever stored or compared; the secret itself is not kept. */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** Random ids for games and seeks: 96 bits, URL-safe. */
export const newId = (): string => randomBytes(12).toString('base64url');

/** A seat secret of 144 bits (the browser makes its own; this is for tests and tools). */
export const newSecret = (): string => randomBytes(18).toString('base64url');
