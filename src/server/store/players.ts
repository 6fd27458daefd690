import type { PoolId, Rating } from '../../rating/index.js';
import type { GameState } from '../game/state.js';

export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly renamedAt: number | null;
}

export interface PoolRating extends Rating {
  readonly pool: PoolId;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Row version: a rating is written only over the version it was computed from. */
  readonly version: number;
  readonly updatedAt: number;
}

/** One player's part of a rated result, computed from the rating row at `expectedVersion`. */
export interface RatingUpdate {
  readonly playerId: string;
  readonly pool: PoolId;
  /** 0 when the player had no rating in the pool yet. */
  readonly expectedVersion: number;
  readonly before: number;
  readonly next: Rating;
  readonly outcome: 'win' | 'draw' | 'loss';
  readonly at: number;
}

export interface RatingHistoryEntry {
  readonly gameId: string;
  readonly pool: PoolId;
  readonly before: number;
  readonly after: number;
  readonly rd: number;
  readonly at: number;
}

export interface LeaderboardEntry {
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly games: number;
}

export type CreatePlayerOutcome = 'created' | 'name_taken' | 'key_taken';
export type RenameOutcome = 'renamed' | 'name_taken' | 'too_soon' | 'not_found';
/** The player the code moved to the new secret, or why nothing happened. */
export type RedeemOutcome = PlayerRecord | 'identity_taken' | 'invalid_code';

/** Identities, names and ratings, behind the same store as games (one database, one transaction). */
export interface PlayerStore {
  createPlayer(input: {
    readonly id: string;
    readonly name: string;
    readonly nameKey: string;
    readonly secretHash: string;
    readonly now: number;
  }): Promise<CreatePlayerOutcome>;
  playerByKey(secretHash: string): Promise<PlayerRecord | undefined>;
  getPlayer(id: string): Promise<PlayerRecord | undefined>;
  /** Renames unless the last rename (or creation) was after `notBefore`. */
  renamePlayer(
    id: string,
    name: string,
    nameKey: string,
    now: number,
    notBefore: number,
  ): Promise<RenameOutcome>;
  createTransferCode(playerId: string, codeHash: string, expiresAt: number): Promise<void>;
  /**
   * Adds `secretHash` as a key of the code's player and deletes the code: usable once. In one
   * transaction, and checked before the code is spent: a secret that already names a player
   * (any player) leaves the code valid.
   */
  redeemTransferCode(codeHash: string, secretHash: string, now: number): Promise<RedeemOutcome>;
  ratingsOf(playerId: string): Promise<PoolRating[]>;
  ratingHistory(playerId: string, limit: number): Promise<RatingHistoryEntry[]>;
  /** Established players (deviation at most `maxRd`) of a pool, best first. */
  leaderboard(pool: PoolId, maxRd: number, limit: number): Promise<LeaderboardEntry[]>;
  gamesOf(playerId: string, limit: number): Promise<GameState[]>;
  /** Games still being played with the computer in a seat, to resume after a restart. */
  playingComputerGames(): Promise<GameState[]>;
}

/** Seat columns of the games table: who sat there, for player pages and the farming limit. */
export const playerColumns = (
  state: GameState,
): { player1: string | null; player2: string | null; rated: number } => ({
  player1: state.players?.[0]?.id ?? null,
  player2: state.players?.[1]?.id ?? null,
  rated: state.rated === true ? 1 : 0,
});

export interface RatingRow {
  pool: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  version: number;
  updated_at: number | string;
}

export const toPoolRating = (r: RatingRow): PoolRating => ({
  pool: r.pool as PoolId,
  rating: r.rating,
  rd: r.rd,
  vol: r.vol,
  games: r.games,
  wins: r.wins,
  draws: r.draws,
  losses: r.losses,
  version: r.version,
  updatedAt: Number(r.updated_at),
});

export interface PlayerRow {
  id: string;
  name: string;
  created_at: number | string;
  renamed_at: number | string | null;
}

export const toPlayer = (r: PlayerRow): PlayerRecord => ({
  id: r.id,
  name: r.name,
  createdAt: Number(r.created_at),
  renamedAt: r.renamed_at === null ? null : Number(r.renamed_at),
});

export interface HistoryRow {
  game_id: string;
  pool: string;
  before_rating: number;
  after_rating: number;
  after_rd: number;
  created_at: number | string;
}

export const toHistory = (r: HistoryRow): RatingHistoryEntry => ({
  gameId: r.game_id,
  pool: r.pool as PoolId,
  before: r.before_rating,
  after: r.after_rating,
  rd: r.after_rd,
  at: Number(r.created_at),
});

export interface BoardRow {
  player_id: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
}

export const toBoardEntry = (r: BoardRow): LeaderboardEntry => ({
  playerId: r.player_id,
  name: r.name,
  rating: r.rating,
  rd: r.rd,
  games: r.games,
});

/**
 * SQL shared by both stores, with `?` placeholders (PostgreSQL's are numbered by `numbered`).
 * The statements are plain SQL that SQLite and PostgreSQL read alike.
 */
export const SQL = {
  insertPlayer: 'INSERT INTO players (id, name, name_key, created_at) VALUES (?, ?, ?, ?)',
  insertKey: 'INSERT INTO player_keys (secret_hash, player_id, created_at) VALUES (?, ?, ?)',
  nameTaken: 'SELECT id FROM players WHERE name_key = ?',
  keyTaken: 'SELECT player_id FROM player_keys WHERE secret_hash = ?',
  playerByKey:
    'SELECT p.id, p.name, p.created_at, p.renamed_at FROM player_keys k JOIN players p ON p.id = k.player_id WHERE k.secret_hash = ?',
  player: 'SELECT id, name, created_at, renamed_at FROM players WHERE id = ?',
  rename:
    'UPDATE players SET name = ?, name_key = ?, renamed_at = ? WHERE id = ? AND COALESCE(renamed_at, created_at) <= ?',
  insertCode: 'INSERT INTO transfer_codes (code_hash, player_id, expires_at) VALUES (?, ?, ?)',
  takeCode:
    'DELETE FROM transfer_codes WHERE code_hash = ? AND expires_at >= ? RETURNING player_id',
  dropExpiredCodes: 'DELETE FROM transfer_codes WHERE expires_at < ?',
  ratingsOf:
    'SELECT pool, rating, rd, vol, games, wins, draws, losses, version, updated_at FROM ratings WHERE player_id = ? ORDER BY pool',
  history:
    'SELECT game_id, pool, before_rating, after_rating, after_rd, created_at FROM rating_changes WHERE player_id = ? ORDER BY created_at DESC, game_id LIMIT ?',
  leaderboard:
    'SELECT r.player_id, p.name, r.rating, r.rd, r.games FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.pool = ? AND r.rd <= ? ORDER BY r.rating DESC, r.player_id LIMIT ?',
  gamesOf:
    'SELECT state FROM games WHERE player1 = ? OR player2 = ? ORDER BY updated_at DESC, id LIMIT ?',
  playingComputer:
    "SELECT state FROM games WHERE status = 'playing' AND (player1 LIKE 'bot:%' OR player2 LIKE 'bot:%')",
  ensureRating:
    'INSERT INTO ratings (player_id, pool, rating, rd, vol, games, wins, draws, losses, version, updated_at) VALUES (?, ?, 1500, 350, 0.06, 0, 0, 0, 0, 0, 0) ON CONFLICT (player_id, pool) DO NOTHING',
  updateRating:
    'UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = games + 1, wins = wins + ?, draws = draws + ?, losses = losses + ?, version = version + 1, updated_at = ? WHERE player_id = ? AND pool = ? AND version = ?',
  insertChange:
    'INSERT INTO rating_changes (game_id, player_id, pool, before_rating, after_rating, after_rd, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
} as const;

/** `?` placeholders to PostgreSQL's `$1, $2…`. */
export const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** Parameters of `SQL.updateRating` for one update. */
export const ratingParams = (u: RatingUpdate): (string | number)[] => [
  u.next.rating,
  u.next.rd,
  u.next.vol,
  u.outcome === 'win' ? 1 : 0,
  u.outcome === 'draw' ? 1 : 0,
  u.outcome === 'loss' ? 1 : 0,
  u.at,
  u.playerId,
  u.pool,
  u.expectedVersion,
];

export const changeParams = (gameId: string, u: RatingUpdate): (string | number)[] => [
  gameId,
  u.playerId,
  u.pool,
  u.before,
  u.next.rating,
  u.next.rd,
  u.at,
];
