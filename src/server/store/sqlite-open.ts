import Database from 'better-sqlite3';

/** How long a process starting beside another waits for the file before it gives up. */
const OPEN_WAIT_MS = 5000;

const pause = new Int32Array(new SharedArrayBuffer(4));

const isBusy = (error: unknown): boolean =>
  error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');

/**
 * Opens `file` in WAL mode, waiting for other connections up to 5 s. `busy_timeout` alone is not
 * enough: when two processes switch a new file to WAL together, each holds a shared lock and
 * wants the exclusive one, and SQLite answers one of them SQLITE_BUSY at once instead of
 * waiting (it would be a deadlock). That process retries here once the other is done.
 */
export function openWal(file: string): Database.Database {
  const db = new Database(file);
  db.pragma(`busy_timeout = ${OPEN_WAIT_MS}`);
  const giveUpAt = Date.now() + OPEN_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return db;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= giveUpAt) {
        db.close();
        throw error;
      }
      // Synchronous on purpose: a store is opened before the server takes any request.
      Atomics.wait(pause, 0, 0, Math.min(5 * attempt, 50));
    }
  }
}
