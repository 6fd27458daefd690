// Solver threads for the CLI: positions go to whichever thread is free, each thread keeping
// its own table between the positions it gets.
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { C4Error, type Result, type Variant } from '../core/index.js';
import type { ParallelOptions, SolveResult, SolverInput } from '../solver/index.js';

export interface ThreadSetup {
  readonly tableBits: number;
  /** The book file each thread loads; `null` for none. */
  readonly bookPath: string | null;
}
export interface ThreadJob {
  readonly id: number;
  readonly variant: Variant;
  readonly moves: readonly number[];
  readonly options: ParallelOptions;
}
export interface ThreadReply {
  readonly id: number;
  readonly result: Result<SolveResult, C4Error>;
}

interface Pending {
  readonly job: ThreadJob;
  readonly resolve: (result: Result<SolveResult, C4Error>) => void;
  readonly reject: (error: Error) => void;
}

/** All the cores Node may use. */
export const defaultThreads = (): number => availableParallelism();

const here = fileURLToPath(import.meta.url);
const threadFile = join(dirname(here), `solver-thread${extname(here)}`);

/** A thread running `threadFile`. */
function startThread(setup: ThreadSetup): Worker {
  if (extname(here) !== '.ts') return new Worker(threadFile, { workerData: setup });
  // Run from TypeScript sources (tsx, vitest), the thread registers tsx's loader first: the
  // parent's loader hooks do not reach worker threads.
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = pathToFileURL(threadFile).href;
  const boot = `import(${JSON.stringify(api)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: setup });
}

/**
 * A fixed set of solver threads taking jobs first come, first served. `solve` matches
 * `SolveElsewhere`, so `analyzeInParallel` can spread an analysis's columns over the threads.
 */
export class SolverPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private nextId = 0;
  private failed: Error | undefined;

  constructor(threads: number, setup: ThreadSetup) {
    for (let i = 0; i < threads; i++) {
      const worker = startThread(setup);
      worker.on('message', (reply: ThreadReply) => {
        const pending = this.running.get(worker);
        this.running.delete(worker);
        // Errors crossed the thread as plain objects; give them their class back.
        const result = reply.result;
        pending?.resolve(
          result.ok
            ? result
            : { ok: false, error: new C4Error(result.error.code, result.error.message) },
        );
        this.idle.push(worker);
        this.dispatch();
      });
      worker.on('error', (error) => {
        this.failed = error;
        this.running.get(worker)?.reject(error);
        this.running.delete(worker);
        for (const pending of this.queue.splice(0)) pending.reject(error);
      });
      this.idle.push(worker);
    }
  }

  readonly solve = (
    input: SolverInput,
    options: ParallelOptions,
  ): Promise<Result<SolveResult, C4Error>> =>
    new Promise((resolve, reject) => {
      if (this.failed) {
        reject(this.failed);
        return;
      }
      const { width, height, connect } = input.variant;
      const job: ThreadJob = {
        id: this.nextId++,
        variant: { ...input.variant, width, height, connect },
        moves: [...input.moves],
        options,
      };
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.idle, ...this.running.keys()].map((w) => w.terminate()));
  }
}
