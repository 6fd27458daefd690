import { describe, expect, it } from 'vitest';
import { ClientMessageSchemas } from '../../../src/protocol/index.js';
import { parseClientMessage } from '../../../src/server/ws/parse.js';

const frame = (json: unknown): Buffer => Buffer.from(JSON.stringify(json));
const move = { type: 'move', id: 'm1', gameId: 'abcdefgh12', column: 3, version: 7 };

describe('parseClientMessage: the hand check of a move agrees with the protocol schema', () => {
  const cases: unknown[] = [
    move,
    { ...move, id: undefined },
    { ...move, column: 0, version: 0 },
    { ...move, column: 63 },
    { ...move, column: 64 },
    { ...move, column: -1 },
    { ...move, column: 2.5 },
    { ...move, column: '3' },
    { ...move, version: -1 },
    { ...move, version: 2 ** 60 },
    { ...move, version: null },
    { ...move, gameId: 'short' },
    { ...move, gameId: 'has space in it' },
    { ...move, gameId: 'x'.repeat(33) },
    { ...move, id: 'i'.repeat(64) },
    { ...move, id: 'i'.repeat(65) },
    { ...move, id: 5 },
    { ...move, extra: true },
    JSON.parse('{"type":"move","__proto__":{},"gameId":"abcdefgh12","column":1,"version":1}'),
  ];
  it.each(cases.map((c) => [JSON.stringify(c), c]))('%s', (_text, json) => {
    const parsed = parseClientMessage(frame(json), false);
    const schema = ClientMessageSchemas.move.safeParse(JSON.parse(JSON.stringify(json)));
    expect(parsed.ok).toBe(schema.success);
    if (parsed.ok && schema.success) expect(parsed.value).toEqual(schema.data);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('bad_message');
      expect(parsed.error.message).toMatch(/^invalid move message/);
    }
  });
});
