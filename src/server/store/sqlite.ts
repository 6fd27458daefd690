import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Player } from '../../core/index.js';
import type { GameState } from '../game/state.js';
import type { PoolId } from '../../rating/index.js';
import { GAME_SQL, insertParams, toGame, updateParams, type StateRow } from './games-sql.js';
import { migrateSqlite } from './migrate.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import { openWal } from './sqlite-open.js';
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

/** The default store: one local file, nothing to install. WAL lets several processes share it. */
export class SqliteStore implements GameStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly checkpointer: Checkpointer | undefined;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = openWal(file);
    cacheStatements(this.db);
    this.db.pragma('synchronous = NORMAL');
    if (file !== ':memory:' && this.db.pragma('journal_mode', { simple: true }) === 'wal') {
      // Checkpoints run on a thread of their own, not inside a move's commit on the loop.
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = startCheckpointer(path.resolve(file), () => {
        // The thread failed: the log is folded back on the loop again rather than grow.
        if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
      });
    }
  }

  migrate(
    migrations: readonly Migration[] = MIGRATIONS,
    onApplied?: (migration: Migration) => void,
  ): Promise<number> {
    // A refusal or a failed migration rejects, as on PostgreSQL, rather than throwing.
    return new Promise((resolve) => {
      resolve(migrateSqlite(this.db, migrations, onApplied));
    });
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
    created?: GameState,
  ): Promise<boolean> {
    const run = this.db.transaction((): boolean => {
      const info = this.db.prepare(GAME_SQL.update).run(...updateParams(state, expectedVersion));
      if (info.changes !== 1) return false;
      if (created) this.insert(created);
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
      // A failed write is a rejected promise, as on PostgreSQL, not a synchronous throw.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  listFinished(limit: number, game?: string): Promise<GameState[]> {
    const rows = (
      game === undefined
        ? this.db.prepare(GAME_SQL.listFinished).all(limit)
        : this.db.prepare(GAME_SQL.listFinishedOf).all(game, limit)
    ) as StateRow[];
    return Promise.resolve(rows.map(toGame));
  }

  seek(
    request: SeekRequest,
    makePair: PairMaker,
    choose: PartnerChooser = oldestOther,
  ): Promise<SeekOutcome> {
    const run = this.db.transaction((): SeekOutcome => {
      this.db.prepare(SEEK_SQL.dropExpired).run(request.now);
      const own = this.db.prepare(SEEK_SQL.own).get(request.pool, request.secretHash) as
        OwnRow | undefined;
      const waiting = (
        this.db
          .prepare(SEEK_SQL.waiting)
          .all(request.pool, request.now, request.secretHash) as SeekRow[]
      ).map(toSeekRecord);
      const ratedWith = needsRatedCounts(request, waiting)
        ? toRatedWith(
            this.db.prepare(SEEK_SQL.ratedWith).all(...ratedWithParams(request)) as {
              other: string | null;
              n: number;
            }[],
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
        this.db.prepare(sql).run(...params);
      }
      return outcome;
    });
    return Promise.resolve(run.immediate());
  }

  seekComputer(
    seekId: string,
    now: number,
    makeGame: (secretHash: string) => { state: GameState; seat: Player },
  ): Promise<SeekOutcome | undefined> {
    const run = this.db.transaction((): SeekOutcome | undefined => {
      const row = this.db.prepare(SEEK_SQL.live).get(seekId, now) as SeekRow | undefined;
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
      this.db.prepare(SEEK_SQL.setGame).run(state.id, seat, seekId);
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

  cancelSeek(id: string): Promise<void> {
    this.db.prepare(SEEK_SQL.cancel).run(id);
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

  redeemTransferCode(codeHash: string, secretHash: string, now: number): Promise<RedeemOutcome> {
    const run = this.db.transaction((): RedeemOutcome => {
      // Checked before the code is spent, so a refused redeem leaves it valid.
      if (this.db.prepare(SQL.keyTaken).get(secretHash)) return 'identity_taken';
      this.db.prepare(SQL.dropExpiredCodes).run(now);
      const code = this.db.prepare(SQL.takeCode).get(codeHash, now) as
        { player_id: string } | undefined;
      if (!code) return 'invalid_code';
      this.db.prepare(SQL.insertKey).run(secretHash, code.player_id, now);
      const row = this.db.prepare(SQL.player).get(code.player_id) as PlayerRow | undefined;
      return row ? toPlayer(row) : 'invalid_code';
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
