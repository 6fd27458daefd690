import { numbered } from './players.js';

/** More distinct SQL texts than the store has (its statements are constants): a bound only. */
const MAX_NAMED = 256;

const names = new Map<string, string>();

/**
 * A store statement as a named prepared statement: each pooled connection parses and plans it
 * once, then only binds and executes (`pg` keeps the per-connection bookkeeping). Unnamed, every
 * query was parsed and planned anew: PostgreSQL's CPU, on the same two cores as the servers.
 * `sql` has `?` placeholders (numbered here).
 */
export function prepared(sql: string): { name?: string; text: string } {
  const text = numbered(sql);
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return { text };
    name = `c4_${names.size}`;
    names.set(sql, name);
  }
  return { name, text };
}
