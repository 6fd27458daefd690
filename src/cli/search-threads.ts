// The CLI's threads for one shared transposition table: thread 0 is the caller's Solver (made
// with `{ shared: threads.table }`), threads 1..N-1 are worker threads running `runHelper`.
import { availableParallelism } from 'node:os';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { createSharedTable, releaseHelpers, type SharedTable } from '../solver/index.js';
import { startWorker } from './worker-start.js';

export interface HelperSetup {
  readonly table: SharedTable;
  readonly index: number;
}

/** All the cores Node may use. */
export const defaultThreads = (): number => availableParallelism();

export class SearchThreads {
  private constructor(
    readonly table: SharedTable,
    private readonly workers: readonly Worker[],
  ) {}

  /**
   * A table of 2^tableBits entries (with `wide`, the wide build's, for boards past 64 bits: the
   * same bytes) and `threads - 1` helpers, once each helper is running.
   */
  static async start(threads: number, tableBits: number, wide = false): Promise<SearchThreads> {
    const table = createSharedTable({ tableBits, threads, wide });
    const workers: Worker[] = [];
    for (let index = 1; index < threads; index++) {
      workers.push(startWorker('search-helper', { table, index } satisfies HelperSetup));
    }
    const started = new SearchThreads(table, workers);
    try {
      await Promise.all(
        workers.map(async (worker) => {
          const [message] = (await Promise.race([
            once(worker, 'message'),
            once(worker, 'error').then(([error]) => {
              throw error;
            }),
          ])) as unknown[];
          if (message !== 'ready') throw new Error(`helper thread: unexpected ${String(message)}`);
        }),
      );
    } catch (error) {
      await started.close();
      throw error;
    }
    return started;
  }

  /** Ends the helpers (after the search in progress) and waits for their threads to exit. */
  async close(): Promise<void> {
    releaseHelpers(this.table);
    await Promise.all(this.workers.map((worker) => once(worker, 'exit')));
  }
}
