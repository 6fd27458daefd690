import type { StoreConfig } from '../store/open.js';
import { PostgresTournamentStore } from './postgres-store.js';
import { SqliteTournamentStore } from './sqlite-store.js';
import type { TournamentStore } from './store.js';

/** The tournament tables of the configured store (already migrated by the game store). */
export const openTournamentStore = (config: StoreConfig): TournamentStore =>
  config.databaseUrl
    ? new PostgresTournamentStore(config.databaseUrl, config.databaseSchema)
    : new SqliteTournamentStore(config.databasePath);
