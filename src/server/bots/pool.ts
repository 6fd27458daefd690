import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ThinkReply, ThinkRequest } from './messages.js';

export interface ThinkJob {
  readonly game: string;
  readonly variant: string;
  readonly moves: readonly number[];
  readonly level: string;
}

/**
 * The worker thread. Built, it is worker.js; from the TypeScript sources (tests, tsx) the
 * thread first registers tsx's loader (a worker does not inherit the parent's).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./worker.js', import.meta.url));
  const target = new URL('./worker.ts', import.meta.url).href;
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); });`,
    { eval: true },
  );
}

export class QueueFull extends Error {
  constructor() {
    super('the computer players are all busy');
  }
}

interface Pending {
  readonly job: ThinkJob;
  resolve(column: number): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
  requestId: number;
}

/** Under load each think's ceiling shrinks with the queue, never below this. */
const MIN_THINK_MS = 50;
/** The longest any level thinks (Expert's safety ceiling, src/ai/budgets.ts). */
const LONGEST_THINK_MS = 10_000;

/**
 * The time ceiling for a think while `waiting` requests queue behind `threads` threads: none
 * (the level's own budget, the one its rating was measured with) until the queue outgrows the
 * threads, then the longest budget divided by the queue's share.
 */
export function loadCeilingMs(waiting: number, threads: number): number | undefined {
  const share = waiting / threads;
  if (share <= 1) return undefined;
  return Math.max(MIN_THINK_MS, Math.floor(LONGEST_THINK_MS / share));
}

/**
 * A fixed set of worker threads computing the computer's moves, with a bounded queue. The
 * event loop only posts messages, so a long think never delays a human game; under load the
 * queue shortens each think rather than grow without bound, and beyond `maxQueue` a request
 * is refused (the runner retries later).
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private closed = false;
  private nextId = 1;

  constructor(
    private readonly size: number,
    private readonly maxQueue: number,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  get waiting(): number {
    return this.queue.length;
  }

  choose(job: ThinkJob): Promise<number> {
    if (this.closed) return Promise.reject(new Error('bot pool closed'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new QueueFull());
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('bot pool closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private busyCount(): number {
    return this.slots.filter((s) => s.busy).length;
  }

  private spawn(): Slot {
    const worker = startWorker();
    worker.unref();
    const slot: Slot = { worker, busy: undefined, requestId: 0 };
    worker.on('message', (reply: ThinkReply) => {
      const pending = slot.busy;
      if (!pending || reply.id !== slot.requestId) return;
      slot.busy = undefined;
      if ('column' in reply) pending.resolve(reply.column);
      else pending.reject(new Error(reply.error));
      this.dispatch();
    });
    worker.on('error', (error) => {
      this.onError(error);
      slot.busy?.reject(error);
      slot.busy = undefined;
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.spawn();
      this.dispatch();
    });
    return slot;
  }

  private dispatch(): void {
    // Threads start on first need: a server that never plays the computer spends nothing.
    while (this.slots.length < Math.min(this.size, this.queue.length + this.busyCount())) {
      this.slots.push(this.spawn());
    }
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const pending = this.queue.shift();
      if (!pending) return;
      slot.busy = pending;
      slot.requestId = this.nextId++;
      const ceiling = loadCeilingMs(this.queue.length, this.size);
      const request: ThinkRequest = {
        id: slot.requestId,
        game: pending.job.game,
        variant: pending.job.variant,
        moves: pending.job.moves,
        level: pending.job.level,
        ...(ceiling !== undefined ? { timeMs: ceiling } : {}),
      };
      slot.worker.postMessage(request);
    }
  }
}
