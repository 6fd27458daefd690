import pg from 'pg';
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
  type Param,
  type TournamentDbRow,
  type TournamentRow,
  type TournamentStore,
} from './store.js';

/** `?` placeholders as PostgreSQL's `$1, $2…`. */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Tournaments in the game store's PostgreSQL schema (migrated by the game store). */
export class PostgresTournamentStore implements TournamentStore {
  private readonly pool: pg.Pool;

  constructor(url: string, schema = 'public') {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
    this.pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
    this.pool.on('error', () => undefined);
  }

  private async q<R extends pg.QueryResultRow>(
    sql: string,
    params: readonly Param[],
    db: pg.Pool | pg.PoolClient = this.pool,
  ): Promise<pg.QueryResult<R>> {
    return db.query<R>(numbered(sql), [...params]);
  }

  async insert(row: TournamentRow): Promise<boolean> {
    return (await this.q(TSQL.insert, insertParams(row))).rowCount === 1;
  }

  async get(id: string): Promise<TournamentRow | undefined> {
    const row = (await this.q<TournamentDbRow>(TSQL.get, [id])).rows[0];
    return row && toTournament(row);
  }

  async listPublic(finishedSince: number, limit: number): Promise<TournamentRow[]> {
    return (await this.q<TournamentDbRow>(TSQL.listPublic, [finishedSince, limit])).rows.map(
      toTournament,
    );
  }

  async active(until: number): Promise<TournamentRow[]> {
    return (await this.q<TournamentDbRow>(TSQL.active, [until])).rows.map(toTournament);
  }

  async entrants(id: string): Promise<EntrantRow[]> {
    return (await this.q<EntrantDbRow>(TSQL.entrants, [id])).rows.map(toEntrant);
  }

  async pairings(id: string, fromSeq = 0): Promise<PairingRow[]> {
    return (await this.q<PairingDbRow>(TSQL.pairings, [id, fromSeq])).rows.map(toPairing);
  }

  async putEntrant(id: string, entrant: EntrantRow): Promise<void> {
    await this.q(TSQL.putEntrant, entrantParams(id, entrant));
  }

  async setWithdrawn(id: string, playerId: string, withdrawn: boolean): Promise<boolean> {
    return (await this.q(TSQL.setWithdrawn, [withdrawn ? 1 : 0, id, playerId])).rowCount === 1;
  }

  async setPresentUntil(id: string, playerId: string, until: number): Promise<void> {
    await this.q(TSQL.setPresent, [until, id, playerId]);
  }

  async renewPresence(id: string, playerId: string, until: number): Promise<void> {
    await this.q(TSQL.renewPresent, [until, id, playerId]);
  }

  async lease(
    id: string,
    owner: string,
    now: number,
    until: number,
    silentBefore: number,
  ): Promise<boolean> {
    const params = [owner, until, id, owner, now, silentBefore];
    return (await this.q(TSQL.lease, params)).rowCount === 1;
  }

  async advance(current: TournamentRow, change: Advance): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      if ((await this.q(TSQL.bump, bumpParams(current, change), client)).rowCount !== 1) {
        await client.query('ROLLBACK');
        return false;
      }
      for (const p of change.pairings ?? []) {
        await this.q(TSQL.addPairing, pairingParams(current.id, p), client);
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async finish(id: string, seq: number, outcome: string, at: number): Promise<boolean> {
    return (await this.q(TSQL.finish, [outcome, at, id, seq])).rowCount === 1;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
