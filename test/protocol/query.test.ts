import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GameListQuerySchema,
  LIST_LIMIT_MAX,
  LeaderboardQuerySchema,
  MAX_QUERY_LENGTH,
  NoQuerySchema,
  parseQuery,
} from '../../src/protocol/index.js';

const parse = (query: string) => parseQuery(GameListQuerySchema, new URLSearchParams(query));

describe('list endpoint query strings', () => {
  it('fills defaults per endpoint', () => {
    expect(parse('')).toEqual({ ok: true, value: { limit: 20 } });
    expect(parseQuery(LeaderboardQuerySchema, new URLSearchParams(''))).toEqual({
      ok: true,
      value: { pool: 'classic', limit: 50 },
    });
  });

  it('takes exactly the whole numbers 1 to LIST_LIMIT_MAX written in plain digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (text) => {
        const result = parse(new URLSearchParams({ limit: text }).toString());
        const n = Number(text);
        const valid = /^[1-9]\d*$/.test(text) && n <= LIST_LIMIT_MAX;
        if (valid) expect(result).toEqual({ ok: true, value: { limit: n } });
        else expect(!result.ok && result.message.startsWith('limit: ')).toBe(true);
      }),
    );
  });

  it.each([
    ['limit=2.5', 'limit: must be a whole number from 1 to 100 (got "2.5")'],
    ['limit=99.9', 'limit: must be a whole number from 1 to 100 (got "99.9")'],
    ['limit=-1', 'limit: must be a whole number from 1 to 100 (got "-1")'],
    ['limit=abc', 'limit: must be a whole number from 1 to 100 (got "abc")'],
    ['limit=1e9', 'limit: must be a whole number from 1 to 100 (got "1e9")'],
    ['limit=007', 'limit: must be a whole number from 1 to 100 (got "007")'],
    ['limit=1&limit=2', 'limit: given more than once'],
    ['offset=3', 'offset: unknown query parameter'],
    ['__proto__=3', '__proto__: unknown query parameter'],
  ])('refuses %j: %j', (query, message) => {
    expect(parse(query)).toEqual({ ok: false, message });
  });
});

describe('query length', () => {
  it('refuses a query over MAX_QUERY_LENGTH before reading it, whatever it holds', () => {
    const over = `limit=5&x=${'a'.repeat(MAX_QUERY_LENGTH)}`;
    expect(parseQuery(GameListQuerySchema, new URLSearchParams(over), over.length)).toEqual({
      ok: false,
      message: `query: longer than ${MAX_QUERY_LENGTH} characters`,
    });
    const longest = `limit=5&${'a'.repeat(MAX_QUERY_LENGTH - 8)}`;
    expect(parseQuery(GameListQuerySchema, new URLSearchParams(longest), longest.length)).toEqual({
      ok: false,
      message: `${'a'.repeat(MAX_QUERY_LENGTH - 8)}: unknown query parameter`,
    });
  });

  it('an endpoint without parameters takes none', () => {
    const read = (q: string) => parseQuery(NoQuerySchema, new URLSearchParams(q), q.length);
    expect(read('')).toEqual({ ok: true, value: {} });
    expect(read('status=a&status=b')).toEqual({
      ok: false,
      message: 'status: given more than once',
    });
    expect(read('foo=bar')).toEqual({ ok: false, message: 'foo: unknown query parameter' });
  });
});
