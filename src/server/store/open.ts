import type { Migration } from './migrations.js';
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

/** What an operator sees of opening the store: each migration applied, each pool wait. */
export interface StoreObserver {
  readonly migrated?: (migration: Migration) => void;
  readonly poolWait?: (seconds: number) => void;
}

/** PostgreSQL when a URL is given, otherwise the local SQLite file; migrated before use. */
export async function openStore(
  config: StoreConfig,
  observe: StoreObserver = {},
): Promise<GameStore> {
  if (!config.databaseUrl) {
    const store = new SqliteStore(config.databasePath);
    await store.migrate(undefined, observe.migrated);
    return store;
  }
  const store = new PostgresStore(
    config.databaseUrl,
    config.databaseSchema,
    config.pgSynchronousCommit,
    config.pgPoolSize,
    observe.poolWait,
  );
  await store.migrate(undefined, observe.migrated);
  await store.warm();
  return store;
}
