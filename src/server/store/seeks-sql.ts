import type { Player } from '../../core/index.js';
import type { SeatPlayer } from '../game/state.js';
import type { OwnSeek, SeekRecord, SeekWrite } from './seek-pairing.js';
import { GAME_SQL, insertParams } from './games-sql.js';
import { FARM_WINDOW_MS, type SeekRequest } from './types.js';

/**
 * SQL on the seeks table that both stores run alike (`?` placeholders, numbered for
 * PostgreSQL by `numbered`), and the rows they read turned into what `pairSeek` takes.
 */

const COLUMNS =
  'id, pool, secret_hash, game_id, seat, seat_player, address, created_at, expires_at';

export const SEEK_SQL = {
  dropExpired: 'DELETE FROM seeks WHERE expires_at < ?',
  /** The arriving secret's own row in the pool, with its game's status. */
  own: 'SELECT s.id, s.game_id, s.seat, g.status FROM seeks s LEFT JOIN games g ON g.id = s.game_id WHERE s.pool = ? AND s.secret_hash = ?',
  waiting: `SELECT ${COLUMNS} FROM seeks WHERE pool = ? AND game_id IS NULL AND expires_at >= ? AND secret_hash <> ? ORDER BY created_at, id LIMIT 200`,
  /** Rated games since a time between one player and each other player. */
  ratedWith:
    'SELECT CASE WHEN player1 = ? THEN player2 ELSE player1 END AS other, COUNT(*) AS n FROM games WHERE rated = 1 AND created_at >= ? AND (player1 = ? OR player2 = ?) GROUP BY 1',
  live: `SELECT ${COLUMNS} FROM seeks WHERE id = ? AND expires_at >= ?`,
  setGame: 'UPDATE seeks SET game_id = ?, seat = ? WHERE id = ?',
  cancel: 'DELETE FROM seeks WHERE id = ? AND game_id IS NULL',
} as const;

type Param = string | number | null;

/** A seek row as both stores read it back (PostgreSQL's BIGINTs arrive as strings). */
export interface SeekRow {
  id: string;
  pool: string;
  secret_hash: string;
  game_id: string | null;
  seat: number | null;
  seat_player: string | null;
  address: string | null;
  created_at: number | string;
  expires_at: number | string;
}

export interface OwnRow {
  id: string;
  game_id: string | null;
  seat: number | null;
  status: string | null;
}

/** Seats are stored as integers; anything but 2 is the first seat. */
export const asPlayer = (n: number | null): Player => (n === 2 ? 2 : 1);

export const toSeekRecord = (row: SeekRow): SeekRecord => ({
  id: row.id,
  pool: row.pool,
  secretHash: row.secret_hash,
  player: row.seat_player ? (JSON.parse(row.seat_player) as SeatPlayer) : null,
  address: row.address,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  gameId: row.game_id,
});

export const toOwnSeek = (row: OwnRow | undefined): OwnSeek | undefined =>
  row && {
    id: row.id,
    gameId: row.game_id,
    seat: row.seat === null ? null : asPlayer(row.seat),
    gameFinished: row.status === 'finished',
  };

/** Parameters of `SEEK_SQL.ratedWith` for the request's player. */
export const ratedWithParams = (request: SeekRequest): Param[] => {
  const me = request.player?.id ?? null;
  return [me, request.now - FARM_WINDOW_MS, me, me];
};

export const toRatedWith = (
  rows: readonly { other: string | null; n: number | string }[],
): Map<string, number> =>
  new Map(rows.flatMap((r) => (r.other === null ? [] : [[r.other, Number(r.n)] as const])));

/** The statement that makes one of `pairSeek`'s writes. */
export function seekWriteStatement(write: SeekWrite): { sql: string; params: Param[] } {
  switch (write.kind) {
    case 'deleteSeek':
      return { sql: 'DELETE FROM seeks WHERE id = ?', params: [write.id] };
    case 'renewSeek':
      return {
        sql: 'UPDATE seeks SET expires_at = ? WHERE id = ?',
        params: [write.expiresAt, write.id],
      };
    case 'insertGame':
      return { sql: GAME_SQL.insert, params: insertParams(write.state) };
    case 'matchSeek':
      return {
        sql: 'UPDATE seeks SET game_id = ?, seat = ?, expires_at = ? WHERE id = ?',
        params: [write.gameId, write.seat, write.expiresAt, write.id],
      };
    case 'insertSeek': {
      const { request, match } = write;
      return {
        sql: 'INSERT INTO seeks (id, pool, secret_hash, created_at, expires_at, player_id, seat_player, address, game_id, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        params: [
          request.id,
          request.pool,
          request.secretHash,
          request.now,
          request.expiresAt,
          request.player?.id ?? null,
          request.player ? JSON.stringify(request.player) : null,
          request.address ?? null,
          match?.gameId ?? null,
          match?.seat ?? null,
        ],
      };
    }
  }
}
