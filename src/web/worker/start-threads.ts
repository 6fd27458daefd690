/// <reference lib="webworker" />
import {
  createSharedTable,
  releaseHelpers,
  sharedTablesSupported,
  type SharedTable,
} from '../../solver/index.js';
import {
  createPopOutSharedTable,
  releasePopOutHelpers,
  type PopOutSharedTable,
} from '../../solver/family/fast-shared.js';
import type { HelperSetup } from './helper.js';
import { searchThreads, type ThreadPlan } from './threads.js';

/**
 * Several threads over one table, where the page is cross-origin isolated: the calling worker (the
 * search worker, or the Review's) is thread 0 and starts the others as nested helper workers
 * (./helper.ts, or ./popout-helper.ts for PopOut's table), once, when a search first needs the
 * solver. They go when the page terminates that worker to cancel a search (see helper.ts). Null:
 * one thread, as on a page without the isolation headers.
 */
export interface Threads<T = SharedTable> {
  readonly table: T;
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

/** The thread plan this worker's environment allows (src/web/worker/threads.ts). */
function planFor(scope: DedicatedWorkerGlobalScope): ThreadPlan {
  return searchThreads({
    isolated: scope.crossOriginIsolated,
    sharedSupported: sharedTablesSupported(),
    nestedWorkers: typeof Worker === 'function',
    cores: navigator.hardwareConcurrency,
    memoryGiB: (navigator as { deviceMemory?: number }).deviceMemory,
  });
}

/**
 * Starts `table.threads - 1` helpers (`spawn` makes each: `new Worker(new URL(...))` must stay a
 * literal where the bundler can see it) and waits for them a moment; `release` ends those
 * started if one cannot be.
 */
async function startHelpers<T extends { readonly threads: number }>(
  table: T,
  spawn: (index: number) => Worker,
  release: (table: T) => void,
): Promise<Threads<T> | null> {
  const started: Threads<T> = { table, helpers: 0 };
  const ready: Promise<void>[] = [];
  try {
    for (let index = 1; index < table.threads; index++) {
      const helper = spawn(index);
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
      helper.postMessage({ table, index } satisfies HelperSetup<T>);
    }
  } catch {
    release(table); // Those already started end; this worker goes on alone.
    return null;
  }
  await Promise.race([Promise.all(ready), delay(HELPERS_WAIT_MS)]);
  return started;
}

export async function startThreads(scope: DedicatedWorkerGlobalScope): Promise<Threads | null> {
  const plan = planFor(scope);
  if (plan.threads < 2) return null;
  let table: SharedTable;
  try {
    table = createSharedTable(plan);
  } catch {
    return null; // No memory for the table: one thread with today's smaller ones.
  }
  return startHelpers(
    table,
    (index) =>
      new Worker(new URL('./helper.ts', import.meta.url), {
        type: 'module',
        name: `search helper ${index}`,
      }),
    releaseHelpers,
  );
}

/** The same for PopOut's search on a width x height board (its own table and helpers). */
export async function startPopOutThreads(
  scope: DedicatedWorkerGlobalScope,
  width: number,
  height: number,
): Promise<Threads<PopOutSharedTable> | null> {
  const plan = planFor(scope);
  if (plan.threads < 2) return null;
  let table: PopOutSharedTable;
  try {
    table = createPopOutSharedTable({ width, height, ...plan });
  } catch {
    return null;
  }
  return startHelpers(
    table,
    (index) =>
      new Worker(new URL('./popout-helper.ts', import.meta.url), {
        type: 'module',
        name: `popout helper ${index}`,
      }),
    releasePopOutHelpers,
  );
}
