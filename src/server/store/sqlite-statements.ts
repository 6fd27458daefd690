import type Database from 'better-sqlite3';

/**
 * More distinct SQL texts than the store has: its statements are constants, so the cache never
 * fills; the bound only keeps SQL built from data (should any appear) from growing it forever.
 */
const MAX_CACHED = 256;

/**
 * Makes `db.prepare` compile each SQL text once and hand back the same statement afterwards.
 * better-sqlite3 compiles anew on every `prepare`, and the store prepares on every call, so
 * under load the server would keep compiling the same few statements. Patching the one
 * connection's `prepare` (rather than rewriting every call site) keeps the store's code as it
 * reads, and any statement added later is cached too. Safe because the store only runs its
 * statements to completion (`run`, `get`, `all`: never a half-read `iterate`), so one statement
 * is never in use twice at once, and SQLite recompiles a cached statement itself when the
 * schema changes under it.
 */
export function cacheStatements(db: Database.Database): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = compile(sql);
      if (cache.size < MAX_CACHED) cache.set(sql, statement);
    }
    return statement;
  };
  db.prepare = prepare as Database.Database['prepare'];
}
