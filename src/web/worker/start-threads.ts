/// <reference lib="webworker" />
import {
  createSharedTable,
  releaseHelpers,
  sharedTablesSupported,
  type SharedTable,
} from '../../solver/index.js';
import type { HelperSetup } from './helper.js';
import { searchThreads } from './threads.js';

/**
 * Several threads over one table, where the page is cross-origin isolated: the calling worker (the
 * search worker, or the Review's) is thread 0 and starts the others as nested helper workers
 * (./helper.ts), once, when a search first needs the solver. They go when the page terminates
 * that worker to cancel a search (see helper.ts). Null: one thread, as on a page without the
 * isolation headers.
 */
export interface Threads {
  readonly table: SharedTable;
  /** Helpers running (said ready, not failed since); a failed one leaves thread 0 correct, alone. */
  helpers: number;
}

/**
 * How long the first search waits for the helpers to start. Chromium starts a nested worker
 * through tasks on its parent's thread, so helpers made just before a synchronous search would
 * sit idle until it ended; waiting for their "ready" costs little, once per search worker. One
 * that is later still joins the next search.
 */
const HELPERS_WAIT_MS = 2000;
export const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export async function startThreads(scope: DedicatedWorkerGlobalScope): Promise<Threads | null> {
  const plan = searchThreads({
    isolated: scope.crossOriginIsolated,
    sharedSupported: sharedTablesSupported(),
    nestedWorkers: typeof Worker === 'function',
    cores: navigator.hardwareConcurrency,
    memoryGiB: (navigator as { deviceMemory?: number }).deviceMemory,
  });
  if (plan.threads < 2) return null;
  let table: SharedTable;
  try {
    table = createSharedTable(plan);
  } catch {
    return null; // No memory for the table: one thread with today's smaller ones.
  }
  const started: Threads = { table, helpers: 0 };
  const ready: Promise<void>[] = [];
  try {
    for (let index = 1; index < plan.threads; index++) {
      const helper = new Worker(new URL('./helper.ts', import.meta.url), {
        type: 'module',
        name: `search helper ${index}`,
      });
      ready.push(
        new Promise((resolve) => {
          let running = false;
          helper.addEventListener('message', () => {
            running = true;
            started.helpers++;
            resolve();
          });
          helper.addEventListener('error', () => {
            if (running) started.helpers--;
            running = false;
            resolve();
          });
        }),
      );
      helper.postMessage({ table, index } satisfies HelperSetup);
    }
  } catch {
    releaseHelpers(table); // Those already started end; this worker goes on alone.
    return null;
  }
  await Promise.race([Promise.all(ready), delay(HELPERS_WAIT_MS)]);
  return started;
}
