import type { Bus, BusHandler, BusMessage } from './types.js';

/** The single-process bus: a message reaches this process's own subscribers only. */
export class LocalBus implements Bus {
  readonly kind = 'local';
  private readonly handlers: BusHandler[] = [];
  private readonly channels = new Set<string>();

  onMessage(handler: BusHandler): void {
    this.handlers.push(handler);
  }

  subscribe(channel: string): Promise<void> {
    this.channels.add(channel);
    return Promise.resolve();
  }

  unsubscribe(channel: string): Promise<void> {
    this.channels.delete(channel);
    return Promise.resolve();
  }

  publish(channel: string, message: BusMessage): Promise<void> {
    // Delivered on a later tick, as Redis would, so callers never re-enter themselves.
    if (this.channels.has(channel)) {
      queueMicrotask(() => {
        for (const handler of this.handlers) handler(channel, message);
      });
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.channels.clear();
    return Promise.resolve();
  }
}
