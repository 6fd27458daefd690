import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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

/** The default store: one local file, nothing to install. WAL lets several processes share it. */
export class SqliteStore implements GameStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
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
    this.db
      .prepare(
        'INSERT INTO games (id, version, status, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        state.id,
        state.version,
        state.status,
        serialize(state),
        state.createdAt,
        state.updatedAt,
      );
    return Promise.resolve();
  }

  getGame(id: string): Promise<GameState | undefined> {
    const row = this.db.prepare('SELECT state FROM games WHERE id = ?').get(id) as
      { state: string } | undefined;
    return Promise.resolve(row ? deserialize(row.state) : undefined);
  }

  compareAndSet(state: GameState, expectedVersion: number): Promise<boolean> {
    const info = this.db
      .prepare(
        'UPDATE games SET version = ?, status = ?, state = ?, updated_at = ? WHERE id = ? AND version = ?',
      )
      .run(
        state.version,
        state.status,
        serialize(state),
        state.updatedAt,
        state.id,
        expectedVersion,
      );
    return Promise.resolve(info.changes === 1);
  }

  deleteGame(id: string): Promise<void> {
    this.db.prepare('DELETE FROM games WHERE id = ?').run(id);
    return Promise.resolve();
  }

  listFinished(limit: number): Promise<GameState[]> {
    const rows = this.db
      .prepare("SELECT state FROM games WHERE status = 'finished' ORDER BY updated_at DESC LIMIT ?")
      .all(limit) as { state: string }[];
    return Promise.resolve(rows.map((r) => deserialize(r.state)));
  }

  seek(request: SeekRequest, makePair: PairMaker): Promise<SeekOutcome> {
    const run = this.db.transaction((): SeekOutcome => {
      this.db.prepare('DELETE FROM seeks WHERE expires_at < ?').run(request.now);
      let mine = this.db
        .prepare(
          'SELECT id, secret_hash, game_id, seat FROM seeks WHERE pool = ? AND secret_hash = ?',
        )
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
      if (mine) {
        this.db
          .prepare('UPDATE seeks SET expires_at = ? WHERE id = ?')
          .run(request.expiresAt, mine.id);
        return { kind: 'waiting', seekId: mine.id };
      }
      const partner = this.db
        .prepare(
          'SELECT id, secret_hash, game_id, seat FROM seeks WHERE pool = ? AND game_id IS NULL AND expires_at >= ? ORDER BY created_at, id LIMIT 1',
        )
        .get(request.pool, request.now) as SeekRow | undefined;
      if (!partner) {
        this.db
          .prepare(
            'INSERT INTO seeks (id, pool, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(request.id, request.pool, request.secretHash, request.now, request.expiresAt);
        return { kind: 'waiting', seekId: request.id };
      }
      const game = makePair(partner.secret_hash, request.secretHash);
      this.db
        .prepare(
          'INSERT INTO games (id, version, status, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(game.id, game.version, game.status, serialize(game), game.createdAt, game.updatedAt);
      const partnerSeat: Player = game.seats[0] === partner.secret_hash ? 1 : 2;
      const seat: Player = partnerSeat === 1 ? 2 : 1;
      // Matched rows stay a while so a player who reconnects finds their game again.
      this.db
        .prepare('UPDATE seeks SET game_id = ?, seat = ?, expires_at = ? WHERE id = ?')
        .run(game.id, partnerSeat, request.expiresAt, partner.id);
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
      return {
        kind: 'matched',
        seekId: request.id,
        gameId: game.id,
        seat,
        partnerSeekId: partner.id,
        partnerSeat,
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

  listPlaying(): Promise<GameState[]> {
    const rows = this.db.prepare("SELECT state FROM games WHERE status = 'playing'").all() as {
      state: string;
    }[];
    return Promise.resolve(rows.map((r) => deserialize(r.state)));
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

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}
