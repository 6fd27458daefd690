/// <reference lib="webworker" />
import { runPopOutHelper, type PopOutSharedTable } from '../../solver/family/fast-shared.js';
import type { HelperSetup } from './helper.js';

/**
 * A helper thread of PopOut's shared table (started by src/web/worker/family.ts through
 * start-threads.ts): helper.ts's twin for the PopOut search, and ended the same way, with the
 * search worker that started it.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener(
  'message',
  (event: MessageEvent<HelperSetup<PopOutSharedTable>>) => {
    const { table, index } = event.data;
    scope.postMessage('ready');
    runPopOutHelper(table, index);
  },
  { once: true },
);
