import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread folds the write-ahead log back into the database file. */
export const CHECKPOINT_MS = 250;

/**
 * The thread's code (a plain script: it needs no TypeScript loader). Its own connection runs a
 * PASSIVE checkpoint, which copies what it can without waiting for, or blocking, any reader or
 * writer of the server's connection.
 */
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

/**
 * Checkpoints the SQLite file at `file` from a worker thread. SQLite's own checkpoint runs
 * inside whichever commit fills the log past 1,000 pages, on the server's event loop: under
 * load that is often, copying a thousand pages and syncing the file while every move waits
 * behind it. The server's connection turns that off (`wal_autocheckpoint = 0`)
 * and this thread does the copying beside the loop.
 */
export function startCheckpointer(
  file: string,
  onError: (message: string) => void,
  intervalMs = CHECKPOINT_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SCRIPT, { eval: true, workerData: { file, driver, intervalMs } });
  worker.on('message', (message: string) => {
    onError(message);
  });
  worker.on('error', (error) => {
    onError(String(error));
  });
  // A checkpointer must never keep a stopping server alive.
  worker.unref();
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      resolve();
    }),
  );
  return {
    close: async () => {
      // Held while it closes: an unreferenced thread would let the process end (exit code 13,
      // an unsettled await) before the thread has closed its connection.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
