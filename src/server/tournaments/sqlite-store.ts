import Database from 'better-sqlite3';
import { openWal } from '../store/sqlite-open.js';
import { cacheStatements } from '../store/sqlite-statements.js';
import {
  TSQL,
  bumpParams,
  entrantParams,
  insertParams,
  pairingParams,
  toEntrant,
  toPairing,
  toTournament,
  type Advance,
  type EntrantDbRow,
  type EntrantRow,
  type PairingDbRow,
  type PairingRow,
  type TournamentDbRow,
  type TournamentRow,
  type TournamentStore,
} from './store.js';

/**
 * Tournaments in the SQLite file of the game store, on a connection of their own (WAL lets
 * several connections and processes share the file); the game store migrates the tables.
 */
export class SqliteTournamentStore implements TournamentStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openWal(file);
    // Every tick reads the entrants and pairings and each renewal writes: compile them once.
    cacheStatements(this.db);
    // As the game store's connection: a commit survives the process being killed (WAL), and
    // does not wait for the disk (each presence renewal of 500 players was a sync of its own).
    this.db.pragma('synchronous = NORMAL');
  }

  insert(row: TournamentRow): Promise<boolean> {
    return Promise.resolve(this.db.prepare(TSQL.insert).run(...insertParams(row)).changes === 1);
  }

  get(id: string): Promise<TournamentRow | undefined> {
    const row = this.db.prepare(TSQL.get).get(id) as TournamentDbRow | undefined;
    return Promise.resolve(row && toTournament(row));
  }

  listPublic(finishedSince: number, limit: number): Promise<TournamentRow[]> {
    const rows = this.db.prepare(TSQL.listPublic).all(finishedSince, limit) as TournamentDbRow[];
    return Promise.resolve(rows.map(toTournament));
  }

  active(until: number): Promise<TournamentRow[]> {
    const rows = this.db.prepare(TSQL.active).all(until) as TournamentDbRow[];
    return Promise.resolve(rows.map(toTournament));
  }

  entrants(id: string): Promise<EntrantRow[]> {
    const rows = this.db.prepare(TSQL.entrants).all(id) as EntrantDbRow[];
    return Promise.resolve(rows.map(toEntrant));
  }

  pairings(id: string, fromSeq = 0): Promise<PairingRow[]> {
    const rows = this.db.prepare(TSQL.pairings).all(id, fromSeq) as PairingDbRow[];
    return Promise.resolve(rows.map(toPairing));
  }

  putEntrant(id: string, entrant: EntrantRow): Promise<void> {
    this.db.prepare(TSQL.putEntrant).run(...entrantParams(id, entrant));
    return Promise.resolve();
  }

  setWithdrawn(id: string, playerId: string, withdrawn: boolean): Promise<boolean> {
    const r = this.db.prepare(TSQL.setWithdrawn).run(withdrawn ? 1 : 0, id, playerId);
    return Promise.resolve(r.changes === 1);
  }

  setPresentUntil(id: string, playerId: string, until: number): Promise<void> {
    this.db.prepare(TSQL.setPresent).run(until, id, playerId);
    return Promise.resolve();
  }

  renewPresence(id: string, playerId: string, until: number): Promise<void> {
    this.db.prepare(TSQL.renewPresent).run(until, id, playerId);
    return Promise.resolve();
  }

  lease(
    id: string,
    owner: string,
    now: number,
    until: number,
    silentBefore: number,
  ): Promise<boolean> {
    const r = this.db.prepare(TSQL.lease).run(owner, until, id, owner, now, silentBefore);
    return Promise.resolve(r.changes === 1);
  }

  advance(current: TournamentRow, change: Advance): Promise<boolean> {
    const run = this.db.transaction(() => {
      if (this.db.prepare(TSQL.bump).run(...bumpParams(current, change)).changes !== 1) {
        return false;
      }
      const add = this.db.prepare(TSQL.addPairing);
      for (const p of change.pairings ?? []) add.run(...pairingParams(current.id, p));
      return true;
    });
    return Promise.resolve(run.immediate());
  }

  finish(id: string, seq: number, outcome: string, at: number): Promise<boolean> {
    return Promise.resolve(this.db.prepare(TSQL.finish).run(outcome, at, id, seq).changes === 1);
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}
