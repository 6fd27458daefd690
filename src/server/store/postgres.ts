import pg from 'pg';
import type { Player } from '../../core/index.js';
import type { GameState } from '../game/state.js';
import type { PoolId } from '../../rating/index.js';
import { GAME_SQL, insertParams, toGame, updateParams, type StateRow } from './games-sql.js';
import { migratePostgres } from './migrate.js';
import { timePoolCheckouts } from './pg-pool-wait.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import { GroupWriter, groupUpdateSql } from './pg-group-write.js';
import { prepared } from './pg-statements.js';
import {
  SQL,
  changeParams,
  ratingParams,
  toBoardEntry,
  toHistory,
  toPlayer,
  toPoolRating,
  type BoardRow,
  type CreatePlayerOutcome,
  type HistoryRow,
  type LeaderboardEntry,
  type PlayerRecord,
  type PlayerRow,
  type PoolRating,
  type RatingHistoryEntry,
  type RatingRow,
  type RatingUpdate,
  type RedeemOutcome,
  type RenameOutcome,
} from './players.js';
import { needsRatedCounts, pairSeek } from './seek-pairing.js';
import {
  SEEK_SQL,
  asPlayer,
  ratedWithParams,
  seekWriteStatement,
  toOwnSeek,
  toRatedWith,
  toSeekRecord,
  type OwnRow,
  type SeekRow,
} from './seeks-sql.js';
import {
  oldestOther,
  type GameStore,
  type PairMaker,
  type PartnerChooser,
  type SeekOutcome,
  type SeekRequest,
} from './types.js';

/** Thrown inside a transaction to roll it back when a rating row moved meanwhile. */
class RatingMoved extends Error {}

const UNIQUE_VIOLATION = '23505';
const isUnique = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === UNIQUE_VIOLATION;

type Param = string | number | null;
const q = async <R extends pg.QueryResultRow>(
  db: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly Param[],
): Promise<R[]> => (await db.query<R>({ ...prepared(sql), values: [...params] })).rows;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Which commits wait for PostgreSQL to flush its log to disk. `on` (the default): every one, so
 * an acknowledged move survives a crash of PostgreSQL or of its machine, which is what "no move
 * lost" promises. `transactions`: only the multi-statement ones (a rated result with its
 * ratings, a pairing, an identity, a transfer) wait; a single game write (a move, a casual
 * result, a new game by link) is acknowledged once PostgreSQL has it in memory and reaches the
 * disk within 3 × `wal_writer_delay` (0.6 s by default), so such a crash can take back the last
 * moves, never half-apply anything (the SQLite store's WAL with `synchronous = NORMAL`). It is
 * for a disk whose flushes are slow; concurrent commits share a flush, so under load the cost
 * per move is smaller than one flush.
 */
export type SynchronousCommit = 'on' | 'transactions';

/** PostgreSQL store, used when DATABASE_URL is set; `schema` isolates parallel test runs. */
export class PostgresStore implements GameStore {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;
  /** What opens a transaction: with flushes off by default, a transaction turns them back on. */
  private readonly begin: string;
  /** The single-game writes, grouped per turn of the event loop. */
  private readonly writes: GroupWriter;

  constructor(
    connectionString: string,
    private readonly schema = 'public',
    synchronousCommit: SynchronousCommit = 'on',
    private readonly poolSize = 10,
    onPoolWait?: (seconds: number) => void,
  ) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const relaxed = synchronousCommit === 'transactions';
    this.pool = new pg.Pool({
      connectionString,
      max: poolSize,
      // Pooled connections stay open: pg closes idle ones after 10 s by default, and at a
      // person's pace load dips that often; each reopening then costs PostgreSQL a new backend
      // (a fork, catalog caches) and this store its prepared statements, in a move's path.
      idleTimeoutMillis: 0,
      // Set either way: the promise is this setting's, not whatever the server defaults to.
      options: `-c search_path=${schema} -c synchronous_commit=${relaxed ? 'off' : 'on'}`,
    });
    // One round trip still: both statements go in one simple query.
    this.begin = relaxed ? 'BEGIN; SET LOCAL synchronous_commit TO on' : 'BEGIN';
    // An idle client losing its connection must not crash the server.
    this.pool.on('error', () => undefined);
    if (onPoolWait) timePoolCheckouts(this.pool, onPoolWait);
    this.writes = new GroupWriter(this.pool);
  }

  migrate(
    migrations: readonly Migration[] = MIGRATIONS,
    onApplied?: (migration: Migration) => void,
  ): Promise<number> {
    return migratePostgres(this.pool, this.schema, migrations, onApplied);
  }

  /**
   * Opens every pooled connection now and prepares the move's statements on each. pg's pool
   * opens a connection only when a query finds none idle, and that query then waits for it (a
   * new backend: fork, authentication, catalog caches, then the statements' parse and plan)
   * even if another connection frees up a moment later: a wait far longer than the write.
   */
  async warm(): Promise<void> {
    const clients = await Promise.all(
      Array.from({ length: this.poolSize }, () => this.pool.connect()),
    );
    try {
      await Promise.all(
        clients.map(async (client) => {
          // Matches no row: parses and plans the named statements without changing anything.
          await client.query({ ...prepared(GAME_SQL.get), values: [''] });
          await client.query({
            ...prepared(GAME_SQL.update),
            values: [0, 'playing', '', 0, null, null, 0, null, '', -1],
          });
          // The grouped writes' commonest sizes (src/server/store/pg-group-write.ts).
          for (let rows = 2; rows <= 4; rows++) {
            await client.query({
              ...prepared(groupUpdateSql(rows)),
              values: Array.from({ length: rows }, () => [
                '',
                -1,
                0,
                'playing',
                '',
                0,
                null,
                null,
                0,
                null,
              ]).flat(),
            });
          }
        }),
      );
    } finally {
      for (const client of clients) client.release();
    }
  }

  async insertGame(state: GameState): Promise<void> {
    await insert(this.pool, state);
  }

  /** Runs `body` in one transaction on one client; rolled back if it throws. */
  private async tx<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query(this.begin);
      const value = await body(client);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async getGame(id: string): Promise<GameState | undefined> {
    const row = (await q<StateRow>(this.pool, GAME_SQL.get, [id]))[0];
    return row ? toGame(row) : undefined;
  }

  async compareAndSet(
    state: GameState,
    expectedVersion: number,
    ratings: readonly RatingUpdate[] = [],
    created?: GameState,
  ): Promise<boolean> {
    if (ratings.length === 0 && !created) return this.writes.write(state, expectedVersion);
    const update = { ...prepared(GAME_SQL.update), values: updateParams(state, expectedVersion) };
    try {
      return await this.tx(async (client) => {
        if ((await client.query(update)).rowCount !== 1) return false;
        if (created) await insert(client, created);
        for (const u of ratings) {
          await q(client, SQL.ensureRating, [u.playerId, u.pool]);
          const moved = await client.query({
            ...prepared(SQL.updateRating),
            values: ratingParams(u),
          });
          if (moved.rowCount !== 1) throw new RatingMoved();
          await q(client, SQL.insertChange, changeParams(state.id, u));
        }
        return true;
      });
    } catch (error) {
      if (error instanceof RatingMoved) return false;
      throw error;
    }
  }

  async listFinished(limit: number, game?: string): Promise<GameState[]> {
    const rows =
      game === undefined
        ? await q<StateRow>(this.pool, GAME_SQL.listFinished, [limit])
        : await q<StateRow>(this.pool, GAME_SQL.listFinishedOf, [game, limit]);
    return rows.map(toGame);
  }

  async seek(
    request: SeekRequest,
    makePair: PairMaker,
    choose: PartnerChooser = oldestOther,
  ): Promise<SeekOutcome> {
    return this.tx(async (client) => {
      // One pairing at a time per pool, across every process: no two arrivals both queue.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [request.pool]);
      await q(client, SEEK_SQL.dropExpired, [request.now]);
      const own = (await q<OwnRow>(client, SEEK_SQL.own, [request.pool, request.secretHash]))[0];
      const waiting = (
        await q<SeekRow>(client, SEEK_SQL.waiting, [request.pool, request.now, request.secretHash])
      ).map(toSeekRecord);
      const ratedWith = needsRatedCounts(request, waiting)
        ? toRatedWith(
            await q<{ other: string | null; n: string }>(
              client,
              SEEK_SQL.ratedWith,
              ratedWithParams(request),
            ),
          )
        : new Map<string, number>();
      const { outcome, writes } = pairSeek({
        request,
        own: toOwnSeek(own),
        waiting,
        ratedWith,
        makePair,
        choose,
      });
      for (const write of writes) {
        const { sql, params } = seekWriteStatement(write);
        await q(client, sql, params);
      }
      return outcome;
    });
  }

  async seekComputer(
    seekId: string,
    now: number,
    makeGame: (secretHash: string) => { state: GameState; seat: Player },
  ): Promise<SeekOutcome | undefined> {
    return this.tx(async (client) => {
      const row = (await q<SeekRow>(client, `${SEEK_SQL.live} FOR UPDATE`, [seekId, now]))[0];
      if (!row) return undefined;
      if (row.game_id) {
        const seat = asPlayer(row.seat);
        return {
          kind: 'matched' as const,
          seekId,
          gameId: row.game_id,
          seat,
          partnerSeekId: null,
          partnerSeat: seat === 1 ? (2 as const) : (1 as const),
        };
      }
      const { state, seat } = makeGame(row.secret_hash);
      await insert(client, state);
      await q(client, SEEK_SQL.setGame, [state.id, seat, seekId]);
      return {
        kind: 'matched' as const,
        seekId,
        gameId: state.id,
        seat,
        partnerSeekId: null,
        partnerSeat: seat === 1 ? (2 as const) : (1 as const),
      };
    });
  }

  async cancelSeek(id: string): Promise<void> {
    await q(this.pool, SEEK_SQL.cancel, [id]);
  }

  async createPlayer(input: {
    id: string;
    name: string;
    nameKey: string;
    secretHash: string;
    now: number;
  }): Promise<CreatePlayerOutcome> {
    try {
      return await this.tx(async (client): Promise<CreatePlayerOutcome> => {
        if ((await q(client, SQL.keyTaken, [input.secretHash])).length > 0) return 'key_taken';
        if ((await q(client, SQL.nameTaken, [input.nameKey])).length > 0) return 'name_taken';
        await q(client, SQL.insertPlayer, [input.id, input.name, input.nameKey, input.now]);
        await q(client, SQL.insertKey, [input.secretHash, input.id, input.now]);
        return 'created';
      });
    } catch (error) {
      // Two processes taking one name (or key) at once: the unique index settles it.
      if (!isUnique(error)) throw error;
      return (await this.playerByKey(input.secretHash)) ? 'key_taken' : 'name_taken';
    }
  }

  async playerByKey(secretHash: string): Promise<PlayerRecord | undefined> {
    const row = (await q<PlayerRow>(this.pool, SQL.playerByKey, [secretHash]))[0];
    return row ? toPlayer(row) : undefined;
  }

  async getPlayer(id: string): Promise<PlayerRecord | undefined> {
    const row = (await q<PlayerRow>(this.pool, SQL.player, [id]))[0];
    return row ? toPlayer(row) : undefined;
  }

  async renamePlayer(
    id: string,
    name: string,
    nameKey: string,
    now: number,
    notBefore: number,
  ): Promise<RenameOutcome> {
    try {
      return await this.tx(async (client): Promise<RenameOutcome> => {
        if ((await q(client, SQL.player, [id])).length === 0) return 'not_found';
        const holder = (await q<{ id: string }>(client, SQL.nameTaken, [nameKey]))[0];
        if (holder && holder.id !== id) return 'name_taken';
        const info = await client.query({
          ...prepared(SQL.rename),
          values: [name, nameKey, now, id, notBefore],
        });
        return info.rowCount === 1 ? 'renamed' : 'too_soon';
      });
    } catch (error) {
      if (isUnique(error)) return 'name_taken';
      throw error;
    }
  }

  async createTransferCode(playerId: string, codeHash: string, expiresAt: number): Promise<void> {
    await q(this.pool, SQL.insertCode, [codeHash, playerId, expiresAt]);
  }

  async redeemTransferCode(
    codeHash: string,
    secretHash: string,
    now: number,
  ): Promise<RedeemOutcome> {
    try {
      return await this.tx(async (client): Promise<RedeemOutcome> => {
        // Checked before the code is spent, so a refused redeem leaves it valid.
        if ((await q(client, SQL.keyTaken, [secretHash])).length > 0) return 'identity_taken';
        await q(client, SQL.dropExpiredCodes, [now]);
        const code = (await q<{ player_id: string }>(client, SQL.takeCode, [codeHash, now]))[0];
        if (!code) return 'invalid_code';
        await q(client, SQL.insertKey, [secretHash, code.player_id, now]);
        const row = (await q<PlayerRow>(client, SQL.player, [code.player_id]))[0];
        return row ? toPlayer(row) : 'invalid_code';
      });
    } catch (error) {
      // The same secret redeemed with two codes at once: the key's primary key settles it
      // and the rollback leaves the losing code valid.
      if (isUnique(error)) return 'identity_taken';
      throw error;
    }
  }

  async ratingsOf(playerId: string): Promise<PoolRating[]> {
    return (await q<RatingRow>(this.pool, SQL.ratingsOf, [playerId])).map(toPoolRating);
  }

  async ratingHistory(playerId: string, limit: number): Promise<RatingHistoryEntry[]> {
    return (await q<HistoryRow>(this.pool, SQL.history, [playerId, limit])).map(toHistory);
  }

  async leaderboard(pool: PoolId, maxRd: number, limit: number): Promise<LeaderboardEntry[]> {
    return (await q<BoardRow>(this.pool, SQL.leaderboard, [pool, maxRd, limit])).map(toBoardEntry);
  }

  async gamesOf(playerId: string, limit: number): Promise<GameState[]> {
    return (await q<StateRow>(this.pool, SQL.gamesOf, [playerId, playerId, limit])).map(toGame);
  }

  async playingComputerGames(): Promise<GameState[]> {
    return (await q<StateRow>(this.pool, SQL.playingComputer, [])).map(toGame);
  }

  async listPlaying(): Promise<GameState[]> {
    return (await q<StateRow>(this.pool, GAME_SQL.listPlaying, [])).map(toGame);
  }

  async dueGames(now: number, limit: number): Promise<GameState[]> {
    return (await q<StateRow>(this.pool, GAME_SQL.due, [now, limit])).map(toGame);
  }

  async postponeDue(id: string, version: number, at: number): Promise<void> {
    await q(this.pool, GAME_SQL.postponeDue, [at, id, version]);
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
      await client.query(this.begin);
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

async function insert(db: pg.Pool | pg.PoolClient, state: GameState): Promise<void> {
  await q(db, GAME_SQL.insert, insertParams(state));
}
