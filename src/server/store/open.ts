import { PostgresStore, type SynchronousCommit } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { GameStore } from './types.js';

export interface StoreConfig {
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string;
  readonly databasePath: string;
  readonly pgSynchronousCommit?: SynchronousCommit;
}

/** PostgreSQL when a URL is given, otherwise the local SQLite file; migrated before use. */
export async function openStore(config: StoreConfig): Promise<GameStore> {
  const store: GameStore = config.databaseUrl
    ? new PostgresStore(config.databaseUrl, config.databaseSchema, config.pgSynchronousCommit)
    : new SqliteStore(config.databasePath);
  await store.migrate();
  return store;
}
