// The CLI's threads for one shared transposition table: thread 0 is the caller's Solver (made
// with `{ shared: threads.table }`), threads 1..N-1 are worker threads running `runHelper`; or,
// for PopOut, thread 0 is a FastPopOut made with `threads.table`, the helpers run
// `runPopOutHelper` (popout-helper.ts).
import { availableParallelism } from 'node:os';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { createSharedTable, releaseHelpers, type SharedTable } from '../solver/index.js';
import {
  createPopOutSharedTable,
  releasePopOutHelpers,
  type PopOutSharedTable,
} from '../solver/family/fast-shared.js';
import { startWorker } from './worker-start.js';

export interface HelperSetup<T = SharedTable> {
  readonly table: T;
  readonly index: number;
}

/** All the cores Node may use. */
export const defaultThreads = (): number => availableParallelism();

/**
 * `table.threads - 1` workers running `worker` (a module of this folder) on `table`, once each
 * has said it is running; `release` ends them.
 */
async function startHelpers<T extends { readonly threads: number }>(
  worker: string,
  table: T,
  release: (table: T) => void,
): Promise<Worker[]> {
  const workers: Worker[] = [];
  for (let index = 1; index < table.threads; index++) {
    workers.push(startWorker(worker, { table, index } satisfies HelperSetup<T>));
  }
  try {
    await Promise.all(
      workers.map(async (w) => {
        const [message] = (await Promise.race([
          once(w, 'message'),
          once(w, 'error').then(([error]) => {
            throw error;
          }),
        ])) as unknown[];
        if (message !== 'ready') throw new Error(`helper thread: unexpected ${String(message)}`);
      }),
    );
  } catch (error) {
    await closeHelpers(workers, table, release);
    throw error;
  }
  return workers;
}

async function closeHelpers<T>(
  workers: readonly Worker[],
  table: T,
  release: (table: T) => void,
): Promise<void> {
  release(table);
  await Promise.all(workers.map((worker) => once(worker, 'exit')));
}

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
    return new SearchThreads(table, await startHelpers('search-helper', table, releaseHelpers));
  }

  /** Ends the helpers (after the search in progress) and waits for their threads to exit. */
  async close(): Promise<void> {
    await closeHelpers(this.workers, this.table, releaseHelpers);
  }
}

/** The same for the PopOut search's table (a width x height board). */
export class PopOutThreads {
  private constructor(
    readonly table: PopOutSharedTable,
    private readonly workers: readonly Worker[],
  ) {}

  static async start(
    threads: number,
    tableBits: number,
    width: number,
    height: number,
  ): Promise<PopOutThreads> {
    const table = createPopOutSharedTable({ width, height, tableBits, threads });
    return new PopOutThreads(
      table,
      await startHelpers('popout-helper', table, releasePopOutHelpers),
    );
  }

  async close(): Promise<void> {
    await closeHelpers(this.workers, this.table, releasePopOutHelpers);
  }
}
