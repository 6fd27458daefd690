import { Redis } from 'ioredis';
import type { Bus, BusHandler, BusMessage } from './types.js';

/**
 * Redis pub/sub fan-out so players connected to different processes share a game. `prefix`
 * keeps parallel deployments (and test runs) on one Redis apart.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis';
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers: BusHandler[] = [];

  constructor(
    url: string,
    private readonly prefix: string,
    onError: (error: Error) => void,
  ) {
    const options = { maxRetriesPerRequest: 3, lazyConnect: false };
    // Not `enableAutoPipelining`: it keeps one pipeline in flight at a time, so under load a
    // move's publish waits for the previous batch's replies (tried, not kept: BENCHMARKS.md,
    // "PostgreSQL at a person's pace, where the time goes").
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let message: BusMessage;
      try {
        message = JSON.parse(text) as BusMessage;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(channel.slice(this.prefix.length), message);
    });
  }

  onMessage(handler: BusHandler): void {
    this.handlers.push(handler);
  }

  async subscribe(channel: string): Promise<void> {
    await this.sub.subscribe(this.prefix + channel);
  }

  async unsubscribe(channel: string): Promise<void> {
    await this.sub.unsubscribe(this.prefix + channel);
  }

  async publish(channel: string, message: BusMessage): Promise<void> {
    await this.pub.publish(this.prefix + channel, JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    await this.pub.quit().catch(() => undefined);
  }
}
