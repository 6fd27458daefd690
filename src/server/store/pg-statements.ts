import { numbered } from './players.js';

/** More distinct SQL texts than the store has (its statements are constants): a bound only. */
const MAX_NAMED = 256;

const statements = new Map<string, { name: string; text: string }>();

/**
 * A store statement as a named prepared statement: each pooled connection parses and plans it
 * once, then only binds and executes (`pg` keeps the per-connection bookkeeping). Unnamed, every
 * query was parsed and planned anew: PostgreSQL's CPU, on the same two cores as the servers.
 * `sql` has `?` placeholders (numbered here).
 */
export function prepared(sql: string): { name?: string; text: string } {
  // Numbered once: a regular expression over the statement on every query was measurable.
  let statement = statements.get(sql);
  if (statement === undefined) {
    if (statements.size >= MAX_NAMED) return { text: numbered(sql) };
    statement = { name: `c4_${statements.size}`, text: numbered(sql) };
    statements.set(sql, statement);
  }
  return statement;
}
