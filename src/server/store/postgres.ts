import pg from 'pg';
import type { Player } from '../../core/index.js';
import type { GameState } from '../game/state.js';
import { MIGRATIONS } from './migrations.js';
import {
  deserialize,
  serialize,
  type GameStore,
  type PairMaker,
  type SeekOutcome,
  type SeekRequest,
  type SeekRow,
  asPlayer,
} from './types.js';

/** Fixed key of the advisory lock that serializes migrations across processes. */
const MIGRATION_LOCK = 0x43344d47;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL store, used when DATABASE_URL is set; `schema` isolates parallel test runs. */
export class PostgresStore implements GameStore {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;

  constructor(
    connectionString: string,
    private readonly schema = 'public',
  ) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`);
    this.pool = new pg.Pool({
      connectionString,
      max: 10,
      options: `-c search_path=${schema}`,
    });
    // An idle client losing its connection must not crash the server.
    this.pool.on('error', () => undefined);
  }

  async migrate(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
        await client.query(
          'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
        );
        const { rows } = await client.query<{ v: number | null }>(
          'SELECT MAX(version) AS v FROM schema_migrations',
        );
        let current = rows[0]?.v ?? 0;
        for (const migration of MIGRATIONS) {
          if (migration.version <= current) continue;
          await client.query('BEGIN');
          try {
            await client.query(migration.postgres);
            await client.query(
              'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
              [migration.version, migration.name, Date.now()],
            );
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
          current = migration.version;
        }
        return current;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  async insertGame(state: GameState): Promise<void> {
    await this.pool.query(
      'INSERT INTO games (id, version, status, state, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [state.id, state.version, state.status, serialize(state), state.createdAt, state.updatedAt],
    );
  }

  async getGame(id: string): Promise<GameState | undefined> {
    const { rows } = await this.pool.query<{ state: string }>(
      'SELECT state FROM games WHERE id = $1',
      [id],
    );
    return rows[0] ? deserialize(rows[0].state) : undefined;
  }

  async compareAndSet(state: GameState, expectedVersion: number): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE games SET version = $1, status = $2, state = $3, updated_at = $4 WHERE id = $5 AND version = $6',
      [state.version, state.status, serialize(state), state.updatedAt, state.id, expectedVersion],
    );
    return result.rowCount === 1;
  }

  async deleteGame(id: string): Promise<void> {
    await this.pool.query('DELETE FROM games WHERE id = $1', [id]);
  }

  async listFinished(limit: number): Promise<GameState[]> {
    const { rows } = await this.pool.query<{ state: string }>(
      "SELECT state FROM games WHERE status = 'finished' ORDER BY updated_at DESC LIMIT $1",
      [limit],
    );
    return rows.map((r) => deserialize(r.state));
  }

  async seek(request: SeekRequest, makePair: PairMaker): Promise<SeekOutcome> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // One pairing at a time per pool, across every process: no two arrivals both queue.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [request.pool]);
      await client.query('DELETE FROM seeks WHERE expires_at < $1', [request.now]);
      const outcome = await this.pairOrQueue(client, request, makePair);
      await client.query('COMMIT');
      return outcome;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async pairOrQueue(
    client: pg.PoolClient,
    request: SeekRequest,
    makePair: PairMaker,
  ): Promise<SeekOutcome> {
    let mine = (
      await client.query<SeekRow & { status: string | null }>(
        'SELECT s.id, s.secret_hash, s.game_id, s.seat, g.status FROM seeks s LEFT JOIN games g ON g.id = s.game_id WHERE s.pool = $1 AND s.secret_hash = $2',
        [request.pool, request.secretHash],
      )
    ).rows[0];
    if (mine?.game_id && mine.status === 'finished') {
      // That match is history: this seek is a new request.
      await client.query('DELETE FROM seeks WHERE id = $1', [mine.id]);
      mine = undefined;
    }
    if (mine?.game_id) {
      return {
        kind: 'matched',
        seekId: mine.id,
        gameId: mine.game_id,
        seat: asPlayer(mine.seat),
        partnerSeekId: null,
        partnerSeat: asPlayer(mine.seat) === 1 ? 2 : 1,
      };
    }
    if (mine) {
      await client.query('UPDATE seeks SET expires_at = $1 WHERE id = $2', [
        request.expiresAt,
        mine.id,
      ]);
      return { kind: 'waiting', seekId: mine.id };
    }
    const partner = (
      await client.query<SeekRow>(
        'SELECT id, secret_hash, game_id, seat FROM seeks WHERE pool = $1 AND game_id IS NULL AND expires_at >= $2 ORDER BY created_at, id LIMIT 1',
        [request.pool, request.now],
      )
    ).rows[0];
    if (!partner) {
      await client.query(
        'INSERT INTO seeks (id, pool, secret_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [request.id, request.pool, request.secretHash, request.now, request.expiresAt],
      );
      return { kind: 'waiting', seekId: request.id };
    }
    const game = makePair(partner.secret_hash, request.secretHash);
    await client.query(
      'INSERT INTO games (id, version, status, state, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [game.id, game.version, game.status, serialize(game), game.createdAt, game.updatedAt],
    );
    const partnerSeat: Player = game.seats[0] === partner.secret_hash ? 1 : 2;
    const seat: Player = partnerSeat === 1 ? 2 : 1;
    await client.query('UPDATE seeks SET game_id = $1, seat = $2, expires_at = $3 WHERE id = $4', [
      game.id,
      partnerSeat,
      request.expiresAt,
      partner.id,
    ]);
    await client.query(
      'INSERT INTO seeks (id, pool, secret_hash, created_at, expires_at, game_id, seat) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [request.id, request.pool, request.secretHash, request.now, request.expiresAt, game.id, seat],
    );
    return {
      kind: 'matched',
      seekId: request.id,
      gameId: game.id,
      seat,
      partnerSeekId: partner.id,
      partnerSeat,
    };
  }

  async renewSeeks(ids: readonly string[], expiresAt: number): Promise<void> {
    if (ids.length === 0) return;
    await this.pool.query('UPDATE seeks SET expires_at = $1 WHERE id = ANY($2)', [
      expiresAt,
      [...ids],
    ]);
  }

  async cancelSeek(id: string): Promise<void> {
    await this.pool.query('DELETE FROM seeks WHERE id = $1 AND game_id IS NULL', [id]);
  }

  async listPlaying(): Promise<GameState[]> {
    const { rows } = await this.pool.query<{ state: string }>(
      "SELECT state FROM games WHERE status = 'playing'",
    );
    return rows.map((r) => deserialize(r.state));
  }

  async beat(node: string, now: number): Promise<void> {
    await this.pool.query(
      'INSERT INTO heartbeats (node, at) VALUES ($1, $2) ON CONFLICT (node) DO UPDATE SET at = excluded.at',
      [node, now],
    );
  }

  async startNode(node: string, now: number): Promise<number | null> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('LOCK TABLE heartbeats IN EXCLUSIVE MODE');
      const { rows } = await client.query<{ at: string | null }>(
        'SELECT MAX(at) AS at FROM heartbeats',
      );
      await client.query('DELETE FROM heartbeats WHERE at < $1', [now - 86_400_000]);
      await client.query('INSERT INTO heartbeats (node, at) VALUES ($1, $2)', [node, now]);
      await client.query('COMMIT');
      const at = rows[0]?.at;
      return at === null || at === undefined ? null : Number(at);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** Drops the schema: for tests that made a throwaway one. */
  async dropSchema(): Promise<void> {
    if (this.schema === 'public') return;
    await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }
}
