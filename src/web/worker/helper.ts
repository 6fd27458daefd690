/// <reference lib="webworker" />
import { runHelper, type SharedTable } from '../../solver/index.js';

/**
 * A helper thread of the search worker's shared table (started by src/web/worker/worker.ts):
 * joins thread 0's long searches until its table's helpers are released. It blocks in
 * Atomics.wait between searches, so it never reads another message. It needs no cancelling of
 * its own: the page cancels a search by terminating the search worker, and the browser then ends
 * that worker's nested workers too (HTML's worker lifetime: a worker whose owners are all gone
 * stops being permissible and is closed; Chromium terminates it even mid-wait or mid-search).
 * test/browser/search-threads.test.ts checks in Chromium that the helpers go with their parent.
 */
export interface HelperSetup<T = SharedTable> {
  readonly table: T;
  readonly index: number;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener(
  'message',
  (event: MessageEvent<HelperSetup>) => {
    const { table, index } = event.data;
    // Running: the search worker waits for this before its first search (see worker.ts).
    scope.postMessage('ready');
    runHelper(table, index);
  },
  { once: true },
);
