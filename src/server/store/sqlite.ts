import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Player } from '../../core/index.js';
import type { GameState } from '../game/state.js';
import type { PoolId } from '../../rating/index.js';
import { GAME_SQL, insertParams, toGame, updateParams, type StateRow } from './games-sql.js';
import { MIGRATIONS } from './migrations.js';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpoint.js';
import { cacheStatements } from './sqlite-statements.js';
import {
  SQL,
  toBoardEntry,
  toHistory,
  type BoardRow,
  type HistoryRow,
  changeParams,
  ratingParams,
  toPlayer,
  toPoolRating,
  type CreatePlayerOutcome,
  type LeaderboardEntry,
  type PlayerRecord,
  type PlayerRow,
  type PoolRating,
  type RatingHistoryEntry,
  type RatingRow,
  type RatingUpdate,
  type RenameOutcome,
} from './players.js';
import {
  FARM_WINDOW_MS,
  SEEK_COLUMNS,
  oldestOther,
  toCandidate,
  type GameStore,
  type PairMaker,
  type PartnerChooser,
  type SeekOutcome,
  type SeekRequest,
  type SeekRow,
  asPlayer,
} from './types.js';

/** Thrown inside a transaction to roll it back when a rating row moved meanwhile. */
class RatingMoved extends Error {}

/** The default store: one local file, nothing to install. WAL lets several processes share it. */
export class SqliteStore implements GameStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly checkpointer: Checkpointer | undefined;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    cacheStatements(this.db);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    if (file !== ':memory:' && this.db.pragma('journal_mode', { simple: true }) === 'wal') {
      // Checkpoints run on a thread of their own, not inside a move's commit on the loop.
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = startCheckpointer(path.resolve(file), () => {
        // The thread failed: the log is folded back on the loop again rather than grow.
        if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
      });
    }
  }

  migrate(): Promise<number> {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    const run = this.db.transaction(() => {
      const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
        v: number | null;
      };
      let current = row.v ?? 0;
      for (const migration of MIGRATIONS) {
        if (migration.version <= current) continue;
        this.db.exec(migration.sqlite);
        this.db
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, Date.now());
        current = migration.version;
      }
      return current;
    });
    return Promise.resolve(run.immediate());
  }

  insertGame(state: GameState): Promise<void> {
    this.insert(state);
    return Promise.resolve();
  }

  private insert(state: GameState): void {
    this.db.prepare(GAME_SQL.insert).run(...insertParams(state));
  }

  getGame(id: string): Promise<GameState | undefined> {
    const row = this.db.prepare(GAME_SQL.get).get(id) as StateRow | undefined;
    return Promise.resolve(row ? toGame(row) : undefined);
  }

  compareAndSet(
    state: GameState,
    expectedVersion: number,
    ratings: readonly RatingUpdate[] = [],
  ): Promise<boolean> {
    const run = this.db.transaction((): boolean => {
      const info = this.db.prepare(GAME_SQL.update).run(...updateParams(state, expectedVersion));
      if (info.changes !== 1) return false;
      for (const update of ratings) {
        this.db.prepare(SQL.ensureRating).run(update.playerId, update.pool);
        if (this.db.prepare(SQL.updateRating).run(...ratingParams(update)).changes !== 1) {
          throw new RatingMoved();
        }
        this.db.prepare(SQL.insertChange).run(...changeParams(state.id, update));
      }
      return true;
    });
    try {
      return Promise.resolve(run.immediate());
    } catch (error) {
      if (error instanceof RatingMoved) return Promise.resolve(false);
      throw error;
    }
  }

  deleteGame(id: string): Promise<void> {
    this.db.prepare(GAME_SQL.delete).run(id);
    return Promise.resolve();
  }

  listFinished(limit: number): Promise<GameState[]> {
    const rows = this.db.prepare(GAME_SQL.listFinished).all(limit) as StateRow[];
    return Promise.resolve(rows.map(toGame));
  }

  seek(
    request: SeekRequest,
    makePair: PairMaker,
    choose: PartnerChooser = oldestOther,
  ): Promise<SeekOutcome> {
    const run = this.db.transaction((): SeekOutcome => {
      this.db.prepare('DELETE FROM seeks WHERE expires_at < ?').run(request.now);
      let mine = this.db
        .prepare(`SELECT ${SEEK_COLUMNS} FROM seeks WHERE pool = ? AND secret_hash = ?`)
        .get(request.pool, request.secretHash) as SeekRow | undefined;
      if (mine?.game_id && this.finished(mine.game_id)) {
        // That match is history: this seek is a new request.
        this.db.prepare('DELETE FROM seeks WHERE id = ?').run(mine.id);
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
      const candidates = (
        this.db
          .prepare(
            `SELECT ${SEEK_COLUMNS} FROM seeks WHERE pool = ? AND game_id IS NULL AND expires_at >= ? AND secret_hash <> ? ORDER BY created_at, id LIMIT 200`,
          )
          .all(request.pool, request.now, request.secretHash) as SeekRow[]
      ).map(toCandidate);
      const partner = choose(request, candidates);
      if (!partner) {
        if (mine) {
          this.db
            .prepare('UPDATE seeks SET expires_at = ? WHERE id = ?')
            .run(request.expiresAt, mine.id);
          return { kind: 'waiting', seekId: mine.id };
        }
        this.db
          .prepare(
            'INSERT INTO seeks (id, pool, secret_hash, created_at, expires_at, player_id, seat_player, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            request.id,
            request.pool,
            request.secretHash,
            request.now,
            request.expiresAt,
            request.player?.id ?? null,
            request.player ? JSON.stringify(request.player) : null,
            request.address ?? null,
          );
        return { kind: 'waiting', seekId: request.id };
      }
      const recentRatedGames =
        partner.player && request.player && partner.address === (request.address ?? null)
          ? (
              this.db
                .prepare(SQL.ratedBetween)
                .get(
                  request.now - FARM_WINDOW_MS,
                  partner.player.id,
                  request.player.id,
                  request.player.id,
                  partner.player.id,
                ) as { n: number }
            ).n
          : 0;
      const game = makePair(partner.secretHash, request.secretHash, partner, { recentRatedGames });
      this.insert(game);
      const partnerSeat: Player = game.seats[0] === partner.secretHash ? 1 : 2;
      const seat: Player = partnerSeat === 1 ? 2 : 1;
      // Matched rows stay a while so a player who reconnects finds their game again.
      this.db
        .prepare('UPDATE seeks SET game_id = ?, seat = ?, expires_at = ? WHERE id = ?')
        .run(game.id, partnerSeat, request.expiresAt, partner.id);
      const seekId = mine?.id ?? request.id;
      if (mine) {
        this.db
          .prepare('UPDATE seeks SET game_id = ?, seat = ?, expires_at = ? WHERE id = ?')
          .run(game.id, seat, request.expiresAt, mine.id);
      } else {
        this.db
          .prepare(
            'INSERT INTO seeks (id, pool, secret_hash, created_at, expires_at, game_id, seat) VALUES (?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            request.id,
            request.pool,
            request.secretHash,
            request.now,
            request.expiresAt,
            game.id,
            seat,
          );
      }
      return {
        kind: 'matched',
        seekId,
        gameId: game.id,
        seat,
        partnerSeekId: partner.id,
        partnerSeat,
      };
    });
    return Promise.resolve(run.immediate());
  }

  seekComputer(
    seekId: string,
    now: number,
    makeGame: (secretHash: string) => { state: GameState; seat: Player },
  ): Promise<SeekOutcome | undefined> {
    const run = this.db.transaction((): SeekOutcome | undefined => {
      const row = this.db
        .prepare(`SELECT ${SEEK_COLUMNS} FROM seeks WHERE id = ? AND expires_at >= ?`)
        .get(seekId, now) as SeekRow | undefined;
      if (!row) return undefined;
      if (row.game_id) {
        const seat = asPlayer(row.seat);
        return {
          kind: 'matched',
          seekId,
          gameId: row.game_id,
          seat,
          partnerSeekId: null,
          partnerSeat: seat === 1 ? 2 : 1,
        };
      }
      const { state, seat } = makeGame(row.secret_hash);
      this.insert(state);
      this.db
        .prepare('UPDATE seeks SET game_id = ?, seat = ? WHERE id = ?')
        .run(state.id, seat, seekId);
      return {
        kind: 'matched',
        seekId,
        gameId: state.id,
        seat,
        partnerSeekId: null,
        partnerSeat: seat === 1 ? 2 : 1,
      };
    });
    return Promise.resolve(run.immediate());
  }

  private finished(gameId: string): boolean {
    const row = this.db.prepare('SELECT status FROM games WHERE id = ?').get(gameId) as
      { status: string } | undefined;
    return row?.status === 'finished';
  }

  renewSeeks(ids: readonly string[], expiresAt: number): Promise<void> {
    const renew = this.db.prepare('UPDATE seeks SET expires_at = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const id of ids) renew.run(expiresAt, id);
    })();
    return Promise.resolve();
  }

  cancelSeek(id: string): Promise<void> {
    this.db.prepare('DELETE FROM seeks WHERE id = ? AND game_id IS NULL').run(id);
    return Promise.resolve();
  }

  createPlayer(input: {
    id: string;
    name: string;
    nameKey: string;
    secretHash: string;
    now: number;
  }): Promise<CreatePlayerOutcome> {
    const run = this.db.transaction((): CreatePlayerOutcome => {
      if (this.db.prepare(SQL.keyTaken).get(input.secretHash)) return 'key_taken';
      if (this.db.prepare(SQL.nameTaken).get(input.nameKey)) return 'name_taken';
      this.db.prepare(SQL.insertPlayer).run(input.id, input.name, input.nameKey, input.now);
      this.db.prepare(SQL.insertKey).run(input.secretHash, input.id, input.now);
      return 'created';
    });
    return Promise.resolve(run.immediate());
  }

  playerByKey(secretHash: string): Promise<PlayerRecord | undefined> {
    const row = this.db.prepare(SQL.playerByKey).get(secretHash) as PlayerRow | undefined;
    return Promise.resolve(row ? toPlayer(row) : undefined);
  }

  getPlayer(id: string): Promise<PlayerRecord | undefined> {
    const row = this.db.prepare(SQL.player).get(id) as PlayerRow | undefined;
    return Promise.resolve(row ? toPlayer(row) : undefined);
  }

  renamePlayer(
    id: string,
    name: string,
    nameKey: string,
    now: number,
    notBefore: number,
  ): Promise<RenameOutcome> {
    const run = this.db.transaction((): RenameOutcome => {
      if (!this.db.prepare(SQL.player).get(id)) return 'not_found';
      const holder = this.db.prepare(SQL.nameTaken).get(nameKey) as { id: string } | undefined;
      if (holder && holder.id !== id) return 'name_taken';
      const info = this.db.prepare(SQL.rename).run(name, nameKey, now, id, notBefore);
      return info.changes === 1 ? 'renamed' : 'too_soon';
    });
    return Promise.resolve(run.immediate());
  }

  createTransferCode(playerId: string, codeHash: string, expiresAt: number): Promise<void> {
    this.db.prepare(SQL.insertCode).run(codeHash, playerId, expiresAt);
    return Promise.resolve();
  }

  redeemTransferCode(
    codeHash: string,
    secretHash: string,
    now: number,
  ): Promise<PlayerRecord | undefined> {
    const run = this.db.transaction((): PlayerRecord | undefined => {
      this.db.prepare(SQL.dropExpiredCodes).run(now);
      const code = this.db.prepare(SQL.takeCode).get(codeHash, now) as
        { player_id: string } | undefined;
      if (!code) return undefined;
      if (!this.db.prepare(SQL.keyTaken).get(secretHash)) {
        this.db.prepare(SQL.insertKey).run(secretHash, code.player_id, now);
      }
      const row = this.db.prepare(SQL.playerByKey).get(secretHash) as PlayerRow | undefined;
      return row && row.id === code.player_id ? toPlayer(row) : undefined;
    });
    return Promise.resolve(run.immediate());
  }

  ratingsOf(playerId: string): Promise<PoolRating[]> {
    const rows = this.db.prepare(SQL.ratingsOf).all(playerId) as RatingRow[];
    return Promise.resolve(rows.map(toPoolRating));
  }

  ratingHistory(playerId: string, limit: number): Promise<RatingHistoryEntry[]> {
    const rows = this.db.prepare(SQL.history).all(playerId, limit) as HistoryRow[];
    return Promise.resolve(rows.map(toHistory));
  }

  leaderboard(pool: PoolId, maxRd: number, limit: number): Promise<LeaderboardEntry[]> {
    const rows = this.db.prepare(SQL.leaderboard).all(pool, maxRd, limit) as BoardRow[];
    return Promise.resolve(rows.map(toBoardEntry));
  }

  gamesOf(playerId: string, limit: number): Promise<GameState[]> {
    const rows = this.db.prepare(SQL.gamesOf).all(playerId, playerId, limit) as StateRow[];
    return Promise.resolve(rows.map(toGame));
  }

  listPlaying(): Promise<GameState[]> {
    const rows = this.db.prepare(GAME_SQL.listPlaying).all() as StateRow[];
    return Promise.resolve(rows.map(toGame));
  }

  dueGames(now: number, limit: number): Promise<GameState[]> {
    const rows = this.db.prepare(GAME_SQL.due).all(now, limit) as StateRow[];
    return Promise.resolve(rows.map(toGame));
  }

  postponeDue(id: string, version: number, at: number): Promise<void> {
    this.db.prepare(GAME_SQL.postponeDue).run(at, id, version);
    return Promise.resolve();
  }

  playingComputerGames(): Promise<GameState[]> {
    const rows = this.db.prepare(SQL.playingComputer).all() as StateRow[];
    return Promise.resolve(rows.map(toGame));
  }

  beat(node: string, now: number): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO heartbeats (node, at) VALUES (?, ?) ON CONFLICT (node) DO UPDATE SET at = excluded.at',
      )
      .run(node, now);
    return Promise.resolve();
  }

  startNode(node: string, now: number): Promise<number | null> {
    const run = this.db.transaction((): number | null => {
      const row = this.db.prepare('SELECT MAX(at) AS at FROM heartbeats').get() as {
        at: number | null;
      };
      // Processes gone for a day are forgotten.
      this.db.prepare('DELETE FROM heartbeats WHERE at < ?').run(now - 86_400_000);
      this.db.prepare('INSERT INTO heartbeats (node, at) VALUES (?, ?)').run(node, now);
      return row.at;
    });
    return Promise.resolve(run.immediate());
  }

  async close(): Promise<void> {
    // The thread's connection goes first: the last one to close checkpoints the rest of the log.
    await this.checkpointer?.close();
    this.db.close();
  }
}
