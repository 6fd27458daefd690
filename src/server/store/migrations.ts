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

/**
 * Players (identity secrets only as SHA-256, like seats; several keys after a device
 * transfer), ratings per pool with a row version for compare-and-set, one rating change per
 * player and game (the primary key makes a second application impossible), and who sat in
 * each game so player pages and the farming limit can find their games.
 */
const players = (bigint: string, real: string): string => `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  created_at ${bigint} NOT NULL,
  renamed_at ${bigint}
);
CREATE TABLE player_keys (
  secret_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  created_at ${bigint} NOT NULL
);
CREATE TABLE transfer_codes (
  code_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  expires_at ${bigint} NOT NULL
);
CREATE TABLE ratings (
  player_id TEXT NOT NULL REFERENCES players (id),
  pool TEXT NOT NULL,
  rating ${real} NOT NULL,
  rd ${real} NOT NULL,
  vol ${real} NOT NULL,
  games INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  version INTEGER NOT NULL,
  updated_at ${bigint} NOT NULL,
  PRIMARY KEY (player_id, pool)
);
CREATE INDEX ratings_board ON ratings (pool, rating);
CREATE TABLE rating_changes (
  game_id TEXT NOT NULL,
  player_id TEXT NOT NULL,
  pool TEXT NOT NULL,
  before_rating ${real} NOT NULL,
  after_rating ${real} NOT NULL,
  after_rd ${real} NOT NULL,
  created_at ${bigint} NOT NULL,
  PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_changes_player ON rating_changes (player_id, pool, created_at);
ALTER TABLE games ADD COLUMN player1 TEXT;
ALTER TABLE games ADD COLUMN player2 TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_player1 ON games (player1, updated_at);
CREATE INDEX games_player2 ON games (player2, updated_at);
ALTER TABLE seeks ADD COLUMN player_id TEXT;
ALTER TABLE seeks ADD COLUMN rating ${real};
ALTER TABLE seeks ADD COLUMN address TEXT;
ALTER TABLE seeks ADD COLUMN seat_player TEXT;
`;

/**
 * When each game may next end by itself (a flag, an abort, a leave), so every process can find
 * the games nobody has open with one indexed query instead of reading every game in play.
 * Games stored before it have none until their next change (they are still settled on join).
 */
const dueAt = (bigint: string): string => `
ALTER TABLE games ADD COLUMN due_at ${bigint};
CREATE INDEX games_due_at ON games (due_at);
`;

/**
 * Tournaments (src/server/tournaments). `version` is the compare-and-set of each pairing moment
 * and the lease says which process runs the tournament; `schedule_key` makes a scheduled
 * tournament exist once however many processes create it. Scores are not stored: they are
 * recomputed from `tournament_games`, whose outcome is written once (`WHERE outcome IS NULL`).
 */
const tournaments = (bigint: string, real: string): string => `
CREATE TABLE tournaments (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  settings TEXT NOT NULL,
  status TEXT NOT NULL,
  private INTEGER NOT NULL,
  created_by TEXT,
  schedule_key TEXT UNIQUE,
  round INTEGER NOT NULL,
  version INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until ${bigint},
  starts_at ${bigint} NOT NULL,
  ends_at ${bigint},
  created_at ${bigint} NOT NULL
);
CREATE INDEX tournaments_status_start ON tournaments (status, starts_at);
CREATE TABLE tournament_players (
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  player_id TEXT NOT NULL,
  name TEXT NOT NULL,
  rating ${real} NOT NULL,
  seat_hash TEXT NOT NULL,
  joined_at ${bigint} NOT NULL,
  withdrawn INTEGER NOT NULL,
  present_until ${bigint} NOT NULL,
  PRIMARY KEY (tournament_id, player_id)
);
CREATE TABLE tournament_games (
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  seq INTEGER NOT NULL,
  round INTEGER,
  game_id TEXT UNIQUE,
  first_id TEXT NOT NULL,
  second_id TEXT,
  outcome TEXT,
  paired_at ${bigint} NOT NULL,
  finished_at ${bigint},
  PRIMARY KEY (tournament_id, seq)
);
`;

/**
 * Which game of the family each game is (`classic`, `popout`, `five`; the board stays in the
 * state), so the finished games of one game are one indexed query. Every game stored before
 * the family is the classic game.
 */
const familyGame = `
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'classic';
CREATE INDEX games_game_finished ON games (game, status, updated_at);
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'games and seeks', sqlite: games('INTEGER'), postgres: games('BIGINT') },
  { version: 2, name: 'heartbeats', sqlite: heartbeats('INTEGER'), postgres: heartbeats('BIGINT') },
  {
    version: 3,
    name: 'players and ratings',
    sqlite: players('INTEGER', 'REAL'),
    postgres: players('BIGINT', 'DOUBLE PRECISION'),
  },
  { version: 4, name: 'game deadlines', sqlite: dueAt('INTEGER'), postgres: dueAt('BIGINT') },
  {
    version: 5,
    name: 'tournaments',
    sqlite: tournaments('INTEGER', 'REAL'),
    postgres: tournaments('BIGINT', 'DOUBLE PRECISION'),
  },
  { version: 6, name: 'game of the family', sqlite: familyGame, postgres: familyGame },
];
