import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GamePosition, createRuleset, drop, pop, unwrap } from '../../src/core/index.js';
import { familyHints } from '../../src/web/state/family-hints.js';
import {
  DEFAULT_SETTINGS,
  initialState,
  positionOf,
  reduce,
  type Action,
  type Env,
} from '../../src/web/state/game.js';
import { codeToMove, moveToCode, popCode } from '../../src/web/state/move-code.js';
import { deserialize, serialize } from '../../src/web/state/persist.js';
import { rulesText, titleOf } from '../../src/web/state/rules-text.js';
import { parseShareFragment, parseSharedText, shareFragment } from '../../src/web/state/share.js';
import {
  changeAnnouncement,
  moveAnnouncement,
  problemText,
  statusText,
} from '../../src/web/state/text.js';
import type { GameState, Mode } from '../../src/web/state/types.js';
import { moveItems } from '../../src/web/local/moves.js';
import { keyCommand, type KeyInput } from '../../src/web/ui/keyboard.js';

/** The local game's headless state for PopOut and Five-in-a-Row (issue 30, item 4). */
const env: Env = { random: () => 0.9 };
const POPOUT = unwrap(createRuleset({ game: 'popout' }));
const FIVE = unwrap(createRuleset({ game: 'five' }));

const start = (game: 'popout' | 'five', mode: Mode = 'pvp'): GameState =>
  initialState({
    ...DEFAULT_SETTINGS,
    mode,
    game,
    variant: (game === 'popout' ? POPOUT : FIVE).variant,
  });

function run(state: GameState, ...actions: Action[]): GameState {
  return actions.reduce((s, action) => {
    const step = reduce(s, action, env);
    expect(step.problem).toBeUndefined();
    return step.state;
  }, state);
}
const d = (column: number): Action => ({ type: 'drop', column });
const p = (column: number): Action => ({ type: 'pop', column });

describe('move codes', () => {
  it('round-trip every move, drops being the classic columns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.boolean(), (column, isPop) => {
        const move = isPop ? pop(column) : drop(column);
        expect(codeToMove(moveToCode(move))).toEqual(move);
        if (!isPop) expect(moveToCode(move)).toBe(column);
      }),
    );
  });
});

describe('PopOut', () => {
  it('pops your own bottom disc, and the column falls by one', () => {
    const state = run(start('popout'), d(3), d(3), d(2), d(2), p(3));
    const position = positionOf(state);
    expect(state.moves).toEqual([3, 3, 2, 2, popCode(3)]);
    // Column 4 held Red under Yellow; Red popped: Yellow is at the bottom now.
    expect(position.cell(3, 0)).toBe(2);
    expect(position.columnHeight(3)).toBe(1);
    expect(moveAnnouncement(state)).toBe('Red popped column 4.');
    expect(moveItems(state).map((m) => [m.text, m.label])).toEqual([
      ['4', 'Move 1: Red column 4'],
      ['4', 'Move 2: Yellow column 4'],
      ['3', 'Move 3: Red column 3'],
      ['3', 'Move 4: Yellow column 3'],
      ['p4', 'Move 5: Red popped column 4, p4'],
    ]);
  });

  it('refuses a pop of the other side’s disc, of an empty column, and any pop in the classic game', () => {
    const state = run(start('popout'), d(3));
    const refused = reduce(state, p(3), env);
    expect(refused.problem).toEqual({ code: 'cannot_pop', column: 3 });
    expect(refused.state).toBe(state);
    expect(problemText(refused.problem!, state)).toBe(
      'Column 4 has no Yellow disc at the bottom: you pop only your own.',
    );
    expect(problemText({ code: 'cannot_pop', column: 0 }, state)).toBe(
      'Column 1 is empty: nothing to pop.',
    );
    const classic = initialState({ ...DEFAULT_SETTINGS, mode: 'pvp' });
    const step = reduce(run(classic, d(3)), p(3), env);
    expect(step.problem).toEqual({ code: 'cannot_pop', column: 3 });
    expect(problemText(step.problem!, step.state)).toBe(
      'Only PopOut has pops: drop a disc instead.',
    );
  });

  it('says you and the computer in a game against it, and takes a computer pop', () => {
    let state = run(start('popout', 'cpu'), d(3));
    state = run(state, { type: 'computer', column: 2, ply: 1 });
    state = run(state, d(2));
    const before = state;
    state = run(state, { type: 'computer', column: 2, ply: 3, kind: 'pop' });
    expect(changeAnnouncement(before, state, { type: 'computer', column: 2, ply: 3 })).toBe(
      'The computer popped column 3.',
    );
    const mine = run(state, p(3));
    expect(moveAnnouncement(mine)).toBe('You popped column 4.');
  });

  it('draws on the third repetition and says so', () => {
    // Red and Yellow each drop then pop the same disc: the empty board comes back.
    let state = start('popout');
    for (let round = 0; round < 2; round++) state = run(state, d(0), d(1), p(0), p(1));
    expect(positionOf(state).outcome).toEqual({ kind: 'draw', reason: 'repetition' });
    expect(statusText(state, false)).toBe('Draw: the same position came up a third time.');
    expect(state.scores.pvp.draws).toBe(1);
  });

  it('undoes and redoes pops like any move', () => {
    const played = run(start('popout'), d(3), d(2), p(3));
    const undone = run(played, { type: 'undo' });
    expect(undone.redo).toEqual([popCode(3)]);
    expect(positionOf(undone).cell(3, 0)).toBe(1);
    expect(run(undone, { type: 'redo' }).moves).toEqual(played.moves);
  });

  it('saves and restores the game, pops and all', () => {
    const state = run(start('popout'), d(3), d(2), p(3), d(4));
    const back = deserialize(serialize(state));
    expect(back).toEqual(state);
    expect(positionOf(back).moves).toEqual([drop(3), drop(2), pop(3), drop(4)]);
  });

  it('shares the game as its game string and reads it back', () => {
    const state = run(start('popout'), d(3), d(2), p(3));
    const fragment = shareFragment(positionOf(state), 'pvp');
    expect(fragment).toBe('#g=popout:43p4&m=pvp');
    const parsed = parseShareFragment(fragment);
    expect(parsed?.ok && parsed.value).toEqual({
      game: 'popout',
      variant: POPOUT.variant,
      moves: [3, 2, popCode(3)],
      mode: 'pvp',
    });
    // Bare moves pasted while PopOut is on screen are PopOut moves.
    const bare = parseSharedText('43p4', POPOUT);
    expect(bare.ok && bare.value.game).toBe('popout');
    // A pop in a classic game string is refused with the core's reason.
    const bad = parseSharedText('7x6c4:4p4');
    expect(!bad.ok && bad.error.code).toBe('pop_not_allowed');
  });

  it('loads a shared game into the state', () => {
    const parsed = parseSharedText('popout:43p4');
    if (!parsed.ok) throw parsed.error;
    const state = run(start('popout'), { type: 'load', ...parsed.value });
    expect(state.settings.game).toBe('popout');
    expect(state.moves).toEqual([3, 2, popCode(3)]);
  });
});

describe('Five-in-a-Row', () => {
  it('refuses the set-up columns with a clear message', () => {
    const state = start('five');
    for (const column of [0, 8]) {
      const step = reduce(state, d(column), env);
      expect(step.problem).toEqual({ code: 'column_full', column, preset: true });
      expect(problemText(step.problem!, state)).toBe(
        `Column ${column + 1} is filled before the game starts: drop in columns 2 to 8.`,
      );
    }
  });

  it('wins with a line through a set-up disc', () => {
    const state = run(start('five'), d(1), d(1), d(2), d(2), d(3), d(3), d(4));
    const outcome = positionOf(state).outcome;
    expect(outcome.kind === 'win' && outcome.cells.some((s) => s.column === 0)).toBe(true);
    expect(statusText(state, false)).toBe('Red (Player 1) wins!');
  });

  it('restores a stored game on a wrong board as the game on its own board', () => {
    const text = serialize(start('five')).replace('"width":9', '"width":7');
    expect(deserialize(text).settings.variant).toEqual(FIVE.variant);
  });
});

describe('rules and names', () => {
  it('names each game and states its rules in a few lines', () => {
    expect(titleOf('popout', POPOUT.variant)).toBe('PopOut');
    expect(titleOf('five', FIVE.variant)).toBe('Five-in-a-Row');
    expect(titleOf('classic', POPOUT.variant)).toBe('Connect Four');
    for (const game of ['classic', 'popout', 'five'] as const) {
      const lines = rulesText(game, game === 'five' ? FIVE.variant : POPOUT.variant);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(4);
    }
  });
});

describe('pop keys', () => {
  const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: 'other',
    ...extra,
  });
  it('pops with P or ↑ on the chosen column, or Shift with a column key', () => {
    expect(keyCommand(key('p'))).toEqual({ type: 'popSelected' });
    expect(keyCommand(key('P', { shiftKey: true }))).toEqual({ type: 'popSelected' });
    expect(keyCommand(key('ArrowUp', { target: 'column' }))).toEqual({ type: 'popSelected' });
    expect(keyCommand(key('#', { shiftKey: true, code: 'Digit3' }))).toEqual({
      type: 'popColumn',
      column: 2,
    });
    expect(keyCommand(key('3', { code: 'Digit3' }))).toEqual({ type: 'dropColumn', column: 2 });
    expect(keyCommand(key('P', { target: 'text' }))).toBeUndefined();
  });
});

describe('family hints', () => {
  it('puts drops in the row and pops on their buttons, exact or estimated', () => {
    const position = unwrap(GamePosition.fromMoves(POPOUT, [drop(3), drop(2)]));
    const hints = familyHints(
      position,
      [
        { move: drop(0), score: 2, exact: true },
        { move: drop(1), score: 0, exact: true },
        { move: drop(2), score: -1, exact: true },
        { move: pop(3), score: 5, exact: false },
        { move: drop(4), score: -5, exact: false },
        { move: drop(5), score: 1_000_000, exact: false },
      ],
      1_000_000,
    );
    expect(hints.drops.slice(0, 3)).toEqual([
      { kind: 'win', moves: null },
      { kind: 'draw' },
      { kind: 'loss', moves: null },
    ]);
    expect(hints.drops[5]).toEqual({ kind: 'win', moves: null });
    expect(hints.drops[6]).toEqual({ kind: 'unknown' });
    // Only Red's column 4 holds a pop; it is the best estimate of the two.
    expect(hints.pops.map((h) => h?.kind ?? null)).toEqual([
      null,
      null,
      null,
      'estimate',
      null,
      null,
      null,
    ]);
    expect(hints.pops[3]).toEqual({ kind: 'estimate', value: 5, behind: 0 });
    expect(hints.drops[4]).toEqual({ kind: 'estimate', value: -5, behind: 10 });
  });
});
