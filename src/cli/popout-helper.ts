// A helper thread of a shared PopOut table (see search-threads.ts): joins thread 0's questions
// until the table's helpers are released.
import { parentPort, workerData } from 'node:worker_threads';
import { runPopOutHelper, type PopOutSharedTable } from '../solver/family/fast-shared.js';
import type { HelperSetup } from './search-threads.js';

const { table, index } = workerData as HelperSetup<PopOutSharedTable>;
parentPort?.postMessage('ready');
runPopOutHelper(table, index);
