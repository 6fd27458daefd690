import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CLASSIC,
  CLASSIC_RULES,
  GamePosition,
  createRuleset,
  unwrap,
} from '../../src/core/index.js';
import { DEFAULT_SETTINGS, initialState, reduce } from '../../src/web/state/game.js';
import { deserialize, serialize } from '../../src/web/state/persist.js';
import { parseShareFragment, parseSharedText, shareFragment } from '../../src/web/state/share.js';
import { keyCommand, type KeyInput } from '../../src/web/ui/keyboard.js';

const env = { random: () => 0.3 };

describe('local storage', () => {
  it('round-trips a game in progress with scores and redo', () => {
    let state = initialState({ ...DEFAULT_SETTINGS, mode: 'pvp', hints: true });
    for (const column of [3, 3, 2, 4]) state = reduce(state, { type: 'drop', column }, env).state;
    state = reduce(state, { type: 'undo' }, env).state;
    const back = deserialize(serialize(state));
    expect(back).toEqual(state);
  });

  it('falls back field by field on corrupt or foreign data', () => {
    expect(deserialize(null)).toEqual(initialState());
    expect(deserialize('not json')).toEqual(initialState());
    const text = JSON.stringify({
      v: 1,
      settings: { mode: 'nonsense', variant: { width: 99, height: 6, connect: 4 }, hints: 'yes' },
      moves: [0, 0, 0, 0, 0, 0, 0],
      scores: { pvp: { a: 3, b: -1, draws: 'x' } },
    });
    const state = deserialize(text);
    expect(state.settings.mode).toBe(DEFAULT_SETTINGS.mode);
    expect(state.settings.variant).toBe(CLASSIC);
    expect(state.settings.hints).toBe(false);
    expect(state.moves).toEqual([]);
    expect(state.scores.pvp).toEqual({ a: 3, b: 0, draws: 0 });
  });
});

describe('share links', () => {
  it('round-trips any legal game of any variant (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 3, max: 12 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (width, height, picks) => {
          const ruleset = unwrap(
            createRuleset({ game: 'classic', board: { width, height, connect: 3 } }),
          );
          const position = GamePosition.start(ruleset);
          for (const pick of picks) {
            const legal = position.legalMoves();
            if (legal.length === 0) break;
            position.play(legal[pick % legal.length]!);
          }
          const parsed = parseShareFragment(shareFragment(position, 'pvp'));
          expect(parsed?.ok && parsed.value).toEqual({
            game: 'classic',
            variant: ruleset.variant,
            moves: position.moves.map((move) => move.column),
            mode: 'pvp',
          });
        },
      ),
    );
  });

  it('reads pasted text: bare moves on the current board, prefixed games, links', () => {
    const c5 = unwrap(
      createRuleset({ game: 'classic', board: { width: 7, height: 7, connect: 5 } }),
    );
    const bare = parseSharedText(' 44 53 ', c5);
    expect(bare.ok && bare.value).toEqual({
      game: 'classic',
      variant: c5.variant,
      moves: [3, 3, 4, 2],
    });
    const prefixed = parseSharedText('7x7c5:4453', CLASSIC_RULES);
    expect(prefixed.ok && prefixed.value.variant).toEqual(c5.variant);
    const link = parseSharedText('https://example.org/c4/#g=7x6c4:44&m=analysis');
    expect(link.ok && link.value).toEqual({
      game: 'classic',
      variant: CLASSIC,
      moves: [3, 3],
      mode: 'analysis',
    });
    const bad = parseSharedText('4449', CLASSIC_RULES);
    expect(!bad.ok && bad.error.code).toBe('column_out_of_range');
    expect(parseShareFragment('#nothing')).toBeUndefined();
  });
});

describe('keyboard', () => {
  const key = (k: string, target: KeyInput['target'] = 'other'): KeyInput => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target,
  });
  it('maps the documented keys', () => {
    expect(keyCommand(key('ArrowLeft'))).toEqual({ type: 'move', delta: -1 });
    expect(keyCommand(key('d'))).toEqual({ type: 'move', delta: 1 });
    expect(keyCommand(key('Enter'))).toEqual({ type: 'dropSelected' });
    expect(keyCommand(key('ArrowDown', 'column'))).toEqual({ type: 'dropSelected' });
    expect(keyCommand(key('7'))).toEqual({ type: 'dropColumn', column: 6 });
    expect(keyCommand(key('0'))).toEqual({ type: 'dropColumn', column: 9 });
    expect(keyCommand(key('-'))).toEqual({ type: 'dropColumn', column: 10 });
    expect(keyCommand(key('='))).toEqual({ type: 'dropColumn', column: 11 });
    expect(keyCommand(key('U'))).toEqual({ type: 'undo' });
    expect(keyCommand(key('n'))).toEqual({ type: 'newGame' });
  });
  it('leaves text fields, native button activation and shortcuts alone', () => {
    expect(keyCommand(key('4', 'text'))).toBeUndefined();
    expect(keyCommand(key('Enter', 'column'))).toBeUndefined();
    expect(keyCommand(key(' ', 'button'))).toBeUndefined();
    expect(keyCommand({ ...key('r'), ctrlKey: true })).toBeUndefined();
  });
});
