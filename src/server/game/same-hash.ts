/**
 * Compares two secret hashes without an early exit, so response timing does not reveal how
 * much of a guess was right. Pure (no Node crypto) so the reducer can use it.
 */
export function sameHash(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The seat (1 or 2) held by the owner of `hash`, checking both seats every time. */
export function seatOfHash(
  seats: readonly [string | null, string | null],
  hash: string,
): 1 | 2 | null {
  const first = sameHash(seats[0], hash);
  const second = sameHash(seats[1], hash);
  return first ? 1 : second ? 2 : null;
}
