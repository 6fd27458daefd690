/**
 * A token bucket: `burst` messages at once, refilled at `perSecond`. Time is passed in so the
 * limiter is testable without waiting.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * One token bucket per key (a client address), forgetting the least recently seen keys beyond
 * `maxKeys` so a stream of new addresses cannot grow memory without bound.
 */
export class KeyedRateLimit {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string, now: number): boolean {
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key);
    } else {
      bucket = new TokenBucket(this.perSecond, this.burst, now);
      if (this.buckets.size >= this.maxKeys) {
        const oldest = this.buckets.keys().next();
        if (oldest.done !== true) this.buckets.delete(oldest.value);
      }
    }
    this.buckets.set(key, bucket);
    return bucket.take(now);
  }
}
