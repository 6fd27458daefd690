/**
 * How long to wait before reconnect attempt `attempt` (0 first): doubling from `minMs` up to
 * `maxMs`, then scaled by a random factor in [0.5, 1) so that a server's clients, dropped
 * together, do not all come back in the same instant.
 */
export function reconnectDelayMs(
  attempt: number,
  minMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const backoff = Math.min(maxMs, minMs * 2 ** attempt);
  return backoff * (0.5 + random() / 2);
}
