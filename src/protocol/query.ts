import * as z from 'zod/mini';
import { PoolSchema } from './players.js';

/**
 * Query strings of the HTTP list endpoints. One rule for every endpoint: a parameter is
 * either valid or the request is refused (`400 bad_message` naming it); nothing is clamped or
 * rounded, so a client never silently gets a different page than it asked for.
 */

/** The longest query string (after `?`) any endpoint reads: longer is refused, never cut. */
export const MAX_QUERY_LENGTH = 1024;

/** The largest page any list endpoint serves. */
export const LIST_LIMIT_MAX = 100;

/**
 * `limit`: a whole number from 1 to `LIST_LIMIT_MAX` in plain decimal digits. `2.5`, `-1`,
 * `1e2`, `0x10`, ` 5` and `007` are refused rather than read the way `Number` would.
 */
const limitParam = (fallback: number) =>
  z._default(
    z.pipe(
      z
        .string()
        .check(z.regex(/^(?:[1-9]\d?|100)$/, `must be a whole number from 1 to ${LIST_LIMIT_MAX}`)),
      z.transform(Number),
    ),
    fallback,
  );

/** `GET /api/games`: the most recently finished games. */
export const GameListQuerySchema = z.strictObject({
  limit: limitParam(20),
  /** Only the games of one member of the family; all games when absent. */
  game: z.optional(z.enum(['classic', 'popout', 'five'], 'must be one of classic, popout, five')),
});
export type GameListQuery = z.infer<typeof GameListQuerySchema>;

/** `GET /api/leaderboard`: established players of one pool, best first. */
export const LeaderboardQuerySchema = z.strictObject({
  pool: z._default(
    z.enum(PoolSchema.options, `must be one of ${PoolSchema.options.join(', ')}`),
    'classic',
  ),
  limit: limitParam(50),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** An endpoint that takes no query parameters: any given is refused as unknown. */
export const NoQuerySchema = z.strictObject({});

export type QueryParse<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/**
 * Reads a query string (a `URLSearchParams`: this module sees no DOM or Node types) with
 * `schema`. A query whose `length` (the characters after `?`) is over `MAX_QUERY_LENGTH` is
 * refused whole; then a parameter given twice, one the endpoint does not know and one failing
 * its schema are each refused with a message that starts with its name.
 */
export function parseQuery<T>(
  schema: z.ZodMiniType<T>,
  params: Iterable<readonly [string, string]>,
  length = 0,
): QueryParse<T> {
  if (length > MAX_QUERY_LENGTH) {
    return { ok: false, message: `query: longer than ${MAX_QUERY_LENGTH} characters` };
  }
  // No prototype: `__proto__` or `constructor` in a query string is just an unknown name.
  const fields = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(fields, key)) return { ok: false, message: `${key}: given more than once` };
    fields[key] = value;
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    return { ok: false, message: `${issue.keys.join(', ')}: unknown query parameter` };
  }
  const name = issue?.path.join('.') ?? '';
  const given = fields[name];
  const shown = given === undefined ? '' : ` (got ${JSON.stringify(given.slice(0, 40))})`;
  return { ok: false, message: `${name}: ${issue?.message ?? 'invalid'}${shown}` };
}
