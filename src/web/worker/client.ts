import type { GameRef, Reply, Request } from './protocol.js';

/** A request without its id: the client numbers them. */
export type SearchRequest<T = Request> = T extends unknown ? Omit<T, 'id'> : never;

/** What the page needs from a search: run one request, or drop the one running. */
export interface Search {
  /** Starts `request`, cancelling any search still running; replies go to `onReply` only. */
  run(request: SearchRequest, onReply: (reply: Reply) => void): void;
  /** Stops the running search; its late replies, if any, are never delivered. */
  cancel(): void;
  /** Gets ready for searches of `game` (the opening book) before one is asked for. */
  prepare(game: GameRef): void;
}

/** The slice of `Worker` the client uses, so tests can hand it a fake. */
export interface WorkerLike {
  postMessage(message: Request): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: { data: Reply }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

const startWorker = (): WorkerLike =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });

/**
 * One search at a time in its own worker. A new request or `cancel()` while a search runs
 * terminates the worker (searches do not poll for messages) and the next request starts a fresh
 * one; an idle worker is reused, keeping the solver's table warm from move to move.
 */
export class SearchClient implements Search {
  private worker: WorkerLike | undefined;
  private busy = false;
  private nextId = 1;
  private currentId = 0;
  private onReply: ((reply: Reply) => void) | undefined;

  constructor(private readonly makeWorker: () => WorkerLike = startWorker) {}

  run(request: SearchRequest, onReply: (reply: Reply) => void): void {
    if (this.busy) this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    this.currentId = id;
    this.busy = true;
    this.onReply = onReply;
    const message = { ...request, id } as Request;
    worker.postMessage(message);
  }

  cancel(): void {
    if (!this.busy) return;
    this.worker?.terminate();
    this.worker = undefined;
    this.busy = false;
    this.onReply = undefined;
  }

  prepare(game: GameRef): void {
    // Sent to the idle (or running) worker; a search cancelled later takes it along, and the
    // next worker's fetch is then answered from the HTTP cache.
    this.ensureWorker().postMessage({ id: 0, type: 'prepare', game });
  }

  get running(): boolean {
    return this.busy;
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.makeWorker();
    worker.addEventListener('message', (event: { data: Reply }) => {
      // A terminated worker's queued messages, or an older request's, are someone else's news.
      if (worker !== this.worker) return;
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
    worker.addEventListener('error', (event: { message?: string }) => {
      if (worker !== this.worker) return;
      const handler = this.onReply;
      this.busy = false;
      this.onReply = undefined;
      worker.terminate();
      this.worker = undefined;
      handler?.({ id: this.currentId, type: 'error', message: event.message || 'worker failed' });
    });
    this.worker = worker;
    return worker;
  }
}
