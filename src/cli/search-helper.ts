// A helper thread of a shared transposition table (see search-threads.ts): joins thread 0's
// searches until the table's helpers are released.
import { parentPort, workerData } from 'node:worker_threads';
import { runHelper, type SharedTable } from '../solver/index.js';
import type { HelperSetup } from './search-threads.js';

const { table, index } = workerData as HelperSetup;
parentPort?.postMessage('ready');
runHelper(table satisfies SharedTable, index);
