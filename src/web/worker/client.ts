import type { Reply, Request } from './protocol.js';

type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * One search at a time in its own worker. A new request or `cancel()` while a search runs
 * terminates the worker (searches do not poll for messages) and the next request starts a fresh
 * one; an idle worker is reused, keeping the solver's table warm from move to move.
 */
export class SearchClient {
  private worker: Worker | undefined;
  private busy = false;
  private nextId = 1;
  private currentId = 0;
  private onReply: ((reply: Reply) => void) | undefined;

  run(request: Body<Request>, onReply: (reply: Reply) => void): void {
    if (this.busy) this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    this.currentId = id;
    this.busy = true;
    this.onReply = onReply;
    const message: Request = { ...request, id };
    worker.postMessage(message);
  }

  cancel(): void {
    if (!this.busy) return;
    this.worker?.terminate();
    this.worker = undefined;
    this.busy = false;
    this.onReply = undefined;
  }

  get running(): boolean {
    return this.busy;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<Reply>) => {
      const reply = event.data;
      if (reply.id !== this.currentId) return;
      const final = reply.type !== 'analysis' || reply.final;
      const handler = this.onReply;
      if (final) {
        this.busy = false;
        this.onReply = undefined;
      }
      handler?.(reply);
    });
    worker.addEventListener('error', (event) => {
      const handler = this.onReply;
      this.busy = false;
      this.onReply = undefined;
      this.worker?.terminate();
      this.worker = undefined;
      handler?.({ id: this.currentId, type: 'error', message: event.message || 'worker failed' });
    });
    this.worker = worker;
    return worker;
  }
}
