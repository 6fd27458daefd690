/**
 * The estimate of `serverTime - localTime`. The greeting gives a first guess (one way, so off by
 * the latency); each ping's round trip gives one assuming the reply took half of it, and the
 * fastest round trip so far is kept, as the least distorted.
 */
export class ClockOffset {
  /** Estimated `serverTime - localTime`, in milliseconds. */
  offsetMs = 0;
  private bestRttMs = Infinity;

  /** The greeting's server time, received at `localNow`; ignored once a ping has answered. */
  greeted(serverNow: number, localNow: number): void {
    if (this.bestRttMs === Infinity) this.offsetMs = serverNow - localNow;
  }

  /** A ping sent at `sentAt` answered with `serverNow` at `receivedAt` (local times). */
  ponged(sentAt: number, serverNow: number, receivedAt: number): void {
    const rtt = receivedAt - sentAt;
    if (rtt > this.bestRttMs) return;
    this.bestRttMs = rtt;
    this.offsetMs = serverNow - (sentAt + rtt / 2);
  }

  /** The server's clock at local time `localNow`. */
  serverNow(localNow: number): number {
    return localNow + this.offsetMs;
  }
}
