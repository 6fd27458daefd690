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
    return this.takeOrWait(now) === 0;
  }

  /** Takes a token and answers 0, or answers how many ms until one will be there. */
  takeOrWait(now: number): number {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
  }

  /** Gives back a token taken for something that then did not happen. */
  refund(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1);
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
    return this.takeOrWait(key, now) === 0;
  }

  /** `TokenBucket.takeOrWait` for `key`: 0 when a token was taken, else ms until one is free. */
  takeOrWait(key: string, now: number): number {
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
    return bucket.takeOrWait(now);
  }

  /** Gives `key` back a token it took for something that then did not happen. */
  refund(key: string): void {
    this.buckets.get(key)?.refund();
  }
}
