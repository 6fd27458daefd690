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
  /** The publisher's socket is held until the end of this turn of the event loop (`hold`). */
  private holding = false;

  /** How this process's own game and presence messages begin (`publish`): dropped unread. */
  private readonly own: readonly string[];

  /**
   * `node`: this process's id. Redis hands a publisher its own messages back on the channels it
   * is subscribed to; for a game state or a presence report they change nothing here (the
   * state was applied before it was published, and a process ignores its own presence).
   */
  constructor(
    url: string,
    private readonly prefix: string,
    onError: (error: Error) => void,
    private readonly node?: string,
    /** Each publish's round trip, in seconds (a metric). */
    private readonly onRoundTrip?: (seconds: number) => void,
  ) {
    this.own =
      node === undefined
        ? []
        : ['game', 'presence', 'presenceBatch'].map(
            (kind) => `{"node":${JSON.stringify(node)},"kind":"${kind}"`,
          );
    const options = { maxRetriesPerRequest: 3, lazyConnect: false };
    // Not `enableAutoPipelining`: it keeps one pipeline in flight at a time, so under load a
    // move's publish waits for the previous batch's replies.
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(this.prefix)) return;
      // Much of what arrives is this process's own (a game's, on every move): not parsed at all,
      // since decoding and parsing is a visible share of a busy server's time.
      for (const prefix of this.own) if (text.startsWith(prefix)) return;
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
    this.hold();
    // The sender first, so its own copy is known by its first bytes. An older process reads
    // the extra field as nothing (a rolling deploy has both on one bus).
    const text = JSON.stringify(
      this.node === undefined ||
        (message.kind !== 'game' && message.kind !== 'presence' && message.kind !== 'presenceBatch')
        ? message
        : { node: this.node, ...message },
    );
    const started = performance.now();
    await this.pub.publish(this.prefix + channel, text);
    this.onRoundTrip?.((performance.now() - started) / 1000);
  }

  /**
   * Holds the publisher's socket until the event loop has handled everything it read in this
   * turn, so the publishes made meanwhile (every move and presence report of the turn) leave in
   * one write: ioredis writes each command on its own, and on loopback a write also runs the
   * receiving side of TCP. Unlike ioredis' auto-pipelining, nothing waits for an earlier batch's
   * replies.
   */
  private hold(): void {
    if (this.holding || this.pub.status !== 'ready') return;
    const socket = this.pub.stream;
    this.holding = true;
    socket.cork();
    setImmediate(() => {
      this.holding = false;
      socket.uncork();
    });
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    await this.pub.quit().catch(() => undefined);
  }
}
