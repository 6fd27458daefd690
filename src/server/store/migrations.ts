/**
 * Versioned schema changes, applied in order and recorded in `schema_migrations`. Never edit a
 * released migration: add the next one. Each has a text per dialect (they differ little).
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sqlite: string;
  readonly postgres: string;
}

const games = (bigint: string): string => `
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at ${bigint} NOT NULL,
  updated_at ${bigint} NOT NULL
);
CREATE INDEX games_status_updated ON games (status, updated_at);
CREATE TABLE seeks (
  id TEXT PRIMARY KEY,
  pool TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_at ${bigint} NOT NULL,
  expires_at ${bigint} NOT NULL,
  game_id TEXT,
  seat INTEGER
);
CREATE UNIQUE INDEX seeks_pool_secret ON seeks (pool, secret_hash);
CREATE INDEX seeks_pool_waiting ON seeks (pool, created_at);
`;

/** Each server process's last sign of life: how long the whole service was down. */
const heartbeats = (bigint: string): string => `
CREATE TABLE heartbeats (
  node TEXT PRIMARY KEY,
  at ${bigint} NOT NULL
);
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'games and seeks', sqlite: games('INTEGER'), postgres: games('BIGINT') },
  { version: 2, name: 'heartbeats', sqlite: heartbeats('INTEGER'), postgres: heartbeats('BIGINT') },
];
