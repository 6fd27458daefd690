import type pg from 'pg';
import type { GameState } from '../game/state.js';
import { recordPhase } from '../phases.js';
import { GAME_SQL, updateParams } from './games-sql.js';
import { prepared } from './pg-statements.js';

/** Rows in one grouped statement at most; a larger group goes as several at once. */
export const MAX_GROUP_ROWS = 32;

const ROW = `(${['text', 'int', 'int', 'text', 'text', 'bigint', 'text', 'text', 'int', 'bigint']
  .map((type) => `?::${type}`)
  .join(', ')})`;

/**
 * The compare-and-set of `rows` games as one statement: a VALUES list joined on (id, expected
 * version), the rows taken returned by id. One prepared statement per row count: arrays unnested
 * into rows (one statement for every count) cost PostgreSQL more to parse than they save on
 * small groups (each game's state escaped inside an array literal).
 */
export const groupUpdateSql = (rows: number): string => (groupSql[rows] ??= groupUpdateText(rows));

const groupSql: string[] = [];
const groupUpdateText = (rows: number): string =>
  'UPDATE games AS g SET version = v.version, status = v.status, state = v.state, updated_at = v.updated_at, player1 = v.player1, player2 = v.player2, rated = v.rated, due_at = v.due_at ' +
  `FROM (VALUES ${Array.from({ length: rows }, () => ROW).join(', ')}) ` +
  'AS v(id, expected, version, status, state, updated_at, player1, player2, rated, due_at) ' +
  'WHERE g.id = v.id AND g.version = v.expected RETURNING g.id';

/** See `GroupWriter`'s constructor. */
const GROUP_WRITES_IN_FLIGHT = 2;

interface Pending {
  readonly params: (string | number | null)[];
  readonly asked: number;
  readonly resolve: (taken: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit of the single-game writes (a move, a casual result): the writes asked for in one
 * turn of the event loop, or while the earlier groups' statements are under way, go to
 * PostgreSQL as one statement, so one round trip, one commit and one log flush serve them all,
 * and each is answered only once that statement has returned (committed as durably as a write
 * of its own would have been: same connection settings, one autocommitted statement). One
 * socket write per move was a large share of a busy server's time, and PostgreSQL spends much
 * less CPU per row in a group. A lone write keeps the one-row statement. Two writes of one game
 * cannot share a statement (the join would update the row once for either), so the later one
 * goes on its own.
 */
export class GroupWriter {
  private pending = new Map<string, Pending>();
  private scheduled = false;
  private inFlight = 0;

  /**
   * `maxInFlight`: statements of this writer under way at once; writes asked for while all are
   * under way wait for the first to return and then go together (a commit's round trip is the
   * batching window, so batches grow with the load instead of the latency).
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly maxInFlight = GROUP_WRITES_IN_FLIGHT,
  ) {}

  write(state: GameState, expectedVersion: number): Promise<boolean> {
    const params = updateParams(state, expectedVersion);
    const asked = performance.now();
    if (this.pending.has(state.id)) return this.writeOne(params, asked);
    return new Promise((resolve, reject) => {
      this.pending.set(state.id, { params, asked, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.size === 0) return;
    this.scheduled = true;
    // After the poll phase: every frame read in this turn has had its handler run by then.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight >= this.maxInFlight || this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.kick();
      });
    });
  }

  private async flush(batch: ReadonlyMap<string, Pending>): Promise<void> {
    const entries = [...batch.values()];
    const groups: Pending[][] = [];
    for (let i = 0; i < entries.length; i += MAX_GROUP_ROWS) {
      groups.push(entries.slice(i, i + MAX_GROUP_ROWS));
    }
    await Promise.all(groups.map((group) => this.writeGroup(group)));
  }

  private async writeGroup(group: readonly Pending[]): Promise<void> {
    if (group.length === 1) {
      const [one] = group;
      await this.writeOne(one!.params, one!.asked).then(one!.resolve, one!.reject);
      return;
    }
    // updateParams ends with (id, expected version): the statement wants them first.
    const values = group.flatMap(({ params }) => [params[8]!, params[9]!, ...params.slice(0, 8)]);
    let taken: Set<string>;
    try {
      const client = await this.pool.connect();
      for (const e of group) recordPhase('poolWait', e.asked);
      try {
        const sent = performance.now();
        const result = await client.query<{ id: string }>({
          ...prepared(groupUpdateSql(group.length)),
          values,
        });
        for (let i = 0; i < group.length; i++) recordPhase('storeWrite', sent);
        taken = new Set(result.rows.map((r) => r.id));
      } finally {
        client.release();
      }
    } catch (error) {
      for (const e of group) e.reject(error);
      return;
    }
    for (const e of group) e.resolve(taken.has(e.params[8] as string));
  }

  private async writeOne(params: (string | number | null)[], asked: number): Promise<boolean> {
    // The pool's wait and the round trip timed apart: a slow tail is one or the other.
    const client = await this.pool.connect();
    recordPhase('poolWait', asked);
    try {
      const sent = performance.now();
      const result = await client.query({ ...prepared(GAME_SQL.update), values: params });
      recordPhase('storeWrite', sent);
      return result.rowCount === 1;
    } finally {
      client.release();
    }
  }
}
