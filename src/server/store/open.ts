import { PostgresStore, type SynchronousCommit } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { GameStore } from './types.js';

export interface StoreConfig {
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string;
  readonly databasePath: string;
  readonly pgSynchronousCommit?: SynchronousCommit;
  /** PostgreSQL connections per process. */
  readonly pgPoolSize?: number;
}

/** PostgreSQL when a URL is given, otherwise the local SQLite file; migrated before use. */
export async function openStore(config: StoreConfig): Promise<GameStore> {
  if (!config.databaseUrl) {
    const store = new SqliteStore(config.databasePath);
    await store.migrate();
    return store;
  }
  const store = new PostgresStore(
    config.databaseUrl,
    config.databaseSchema,
    config.pgSynchronousCommit,
    config.pgPoolSize,
  );
  await store.migrate();
  await store.warm();
  return store;
}
