import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLASSIC, createVariant, unwrap } from '../../src/core/index.js';
import {
  DEFAULT_SETTINGS,
  canJump,
  canRedo,
  canUndo,
  computerToMove,
  initialState,
  levelOf,
  positionOf,
  reduce,
  roundOf,
  type Action,
  type Env,
} from '../../src/web/state/game.js';
import type { GameState, Mode } from '../../src/web/state/types.js';

const env: Env = { random: () => 0.9 };
const start = (mode: Mode, extra: Partial<GameState['settings']> = {}): GameState =>
  initialState({ ...DEFAULT_SETTINGS, mode, ...extra });

function run(state: GameState, ...actions: Action[]): GameState {
  return actions.reduce((s, action) => reduce(s, action, env).state, state);
}
const drops = (...columns: number[]): Action[] =>
  columns.map((column) => ({ type: 'drop', column }) as const);

describe('two players', () => {
  it('plays a vertical win and counts it once for the winner', () => {
    const state = run(start('pvp'), ...drops(0, 1, 0, 1, 0, 1, 0));
    const outcome = positionOf(state).outcome;
    expect(outcome.kind).toBe('win');
    expect(state.scores.pvp).toEqual({ a: 1, b: 0, draws: 0 });
    expect(roundOf(state)).toBe(1);
    // Further drops are refused and change nothing.
    const step = reduce(state, { type: 'drop', column: 3 }, env);
    expect(step.problem).toEqual({ code: 'game_over' });
    expect(step.state).toBe(state);
    // Next round: round 2, same scores, empty board.
    const next = run(state, { type: 'newGame' });
    expect(next.moves).toEqual([]);
    expect(roundOf(next)).toBe(2);
    expect(next.scores.pvp.a).toBe(1);
  });

  it('says a column is full and leaves the state alone', () => {
    const full = run(start('pvp'), ...drops(0, 0, 0, 0, 0, 0));
    const step = reduce(full, { type: 'drop', column: 0 }, env);
    expect(step.problem).toEqual({ code: 'column_full', column: 0 });
    expect(step.state).toBe(full);
  });

  it('counts a draw on a small board', () => {
    const variant = unwrap(createVariant({ width: 3, height: 3, connect: 3 }));
    // "111223332": the board fills with no line of three.
    const state = run(start('pvp', { variant }), ...drops(0, 0, 0, 1, 1, 2, 2, 2, 1));
    expect(positionOf(state).outcome.kind).toBe('draw');
    expect(state.scores.pvp.draws).toBe(1);
  });

  it('undo takes one move back and redo replays it; the result stays counted once', () => {
    const won = run(start('pvp'), ...drops(0, 1, 0, 1, 0, 1, 0));
    const undone = run(won, { type: 'undo' });
    expect(undone.moves).toEqual([0, 1, 0, 1, 0, 1]);
    expect(undone.scores.pvp).toEqual({ a: 1, b: 0, draws: 0 });
    expect(roundOf(undone)).toBe(1);
    expect(canRedo(undone)).toBe(true);
    const redone = run(undone, { type: 'redo' });
    expect(redone.moves).toEqual(won.moves);
    expect(redone.scores.pvp).toEqual({ a: 1, b: 0, draws: 0 });
    // Played on to another end, the game still counts once: its first result stands.
    const other = run(undone, ...drops(2, 1)); // Yellow completes column 2 instead
    expect(positionOf(other).outcome.kind).toBe('win');
    expect(other.scores.pvp).toEqual({ a: 1, b: 0, draws: 0 });
    // The next round counts afresh.
    const next = run(other, { type: 'newGame' }, ...drops(0, 1, 0, 1, 0, 1, 0));
    expect(next.scores.pvp).toEqual({ a: 2, b: 0, draws: 0 });
  });

  it('the move list jumps back and forward and never changes the score', () => {
    const won = run(start('pvp'), ...drops(0, 1, 0, 1, 0, 1, 0));
    expect(canJump(won)).toBe(true);
    const back = run(won, { type: 'goto', ply: 2 });
    expect(back.moves).toEqual([0, 1]);
    expect(back.redo).toEqual([0, 1, 0, 1, 0]);
    expect(back.scores.pvp).toEqual({ a: 1, b: 0, draws: 0 });
    const forward = run(back, { type: 'goto', ply: 7 });
    expect(forward.moves).toEqual([0, 1, 0, 1, 0, 1, 0]);
    expect(forward.redo).toEqual([]);
    expect(forward.scores.pvp).toEqual({ a: 1, b: 0, draws: 0 });
    expect(run(back, { type: 'goto', ply: 5 }).moves).toEqual([0, 1, 0, 1, 0]);
    // Out of range or not whole: nothing changes.
    for (const ply of [-1, 8, 2.5]) expect(run(back, { type: 'goto', ply })).toBe(back);
  });

  it('the move list does not jump against the computer or while watching', () => {
    for (const mode of ['cpu', 'watch'] as const) {
      const state = { ...start(mode), moves: [3, 3], redo: [2] };
      expect(canJump(state)).toBe(false);
      expect(run(state, { type: 'goto', ply: 0 })).toBe(state);
    }
  });

  it('a new move clears redo unless it is the move that was undone', () => {
    const undone = run(start('pvp'), ...drops(3, 3, 2), { type: 'undo' }, { type: 'undo' });
    expect(undone.redo).toEqual([3, 2]);
    expect(run(undone, ...drops(3)).redo).toEqual([2]);
    expect(run(undone, ...drops(4)).redo).toEqual([]);
  });
});

describe('against the computer', () => {
  it('knows whose turn it is and drops stale computer answers', () => {
    const state = run(start('cpu'), ...drops(3));
    expect(computerToMove(state)).toBe(true);
    expect(levelOf(state, 2)).toBe(DEFAULT_SETTINGS.level);
    expect(reduce(state, { type: 'drop', column: 2 }, env).problem).toEqual({
      code: 'not_your_turn',
    });
    expect(run(state, { type: 'computer', column: 2, ply: 0 })).toBe(state);
    const replied = run(state, { type: 'computer', column: 2, ply: 1 });
    expect(replied.moves).toEqual([3, 2]);
    expect(computerToMove(replied)).toBe(false);
  });

  it('undo takes back your move and the reply; redo replays both', () => {
    const state = run(
      start('cpu'),
      ...drops(3),
      { type: 'computer', column: 2, ply: 1 },
      ...drops(4),
      { type: 'computer', column: 5, ply: 3 },
    );
    const undone = run(state, { type: 'undo' });
    expect(undone.moves).toEqual([3, 2]);
    const redone = run(undone, { type: 'redo' });
    expect(redone.moves).toEqual([3, 2, 4, 5]);
  });

  it('undo while the computer thinks takes back only your move', () => {
    const state = run(
      start('cpu'),
      ...drops(3),
      { type: 'computer', column: 2, ply: 1 },
      ...drops(4),
    );
    expect(run(state, { type: 'undo' }).moves).toEqual([3, 2]);
  });

  it('cannot undo the computer opening move', () => {
    const state = run(start('cpu', { start: 'b' }), { type: 'computer', column: 3, ply: 0 });
    expect(state.aPlays).toBe(2);
    expect(canUndo(state)).toBe(false);
  });

  it('alternates who starts each round and scores by side, not colour', () => {
    let state = start('cpu', { start: 'alternate' });
    expect(state.aPlays).toBe(1);
    // You (Red) win vertically.
    state = run(
      state,
      ...[0, 1, 0, 1, 0, 1, 0].map((column, ply): Action =>
        ply % 2 === 0 ? { type: 'drop', column } : { type: 'computer', column, ply },
      ),
    );
    expect(state.scores.cpu).toEqual({ a: 1, b: 0, draws: 0 });
    state = run(state, { type: 'newGame' });
    expect(state.aPlays).toBe(2);
    expect(computerToMove(state)).toBe(true);
    // Computer (Red) wins this time.
    state = run(
      state,
      ...[0, 1, 0, 1, 0, 1, 0].map((column, ply): Action =>
        ply % 2 === 0 ? { type: 'computer', column, ply } : { type: 'drop', column },
      ),
    );
    expect(state.scores.cpu).toEqual({ a: 1, b: 1, draws: 0 });
    expect(run(state, { type: 'newGame' }).aPlays).toBe(1);
  });

  it('keeps scores per mode and resets only the current one', () => {
    const pvp = run(start('pvp'), ...drops(0, 1, 0, 1, 0, 1, 0));
    const cpu = run(pvp, { type: 'settings', patch: { mode: 'cpu' } });
    expect(cpu.moves).toEqual([]);
    expect(cpu.scores.pvp.a).toBe(1);
    const reset = run(cpu, { type: 'resetScores' });
    expect(reset.scores.pvp.a).toBe(1);
    const back = run(reset, { type: 'settings', patch: { mode: 'pvp' } }, { type: 'resetScores' });
    expect(back.scores.pvp.a).toBe(0);
  });
});

describe('watching and analysis', () => {
  it('both sides are computers when watching, and undo is off', () => {
    const state = run(start('watch'), { type: 'computer', column: 3, ply: 0 });
    expect(computerToMove(state)).toBe(true);
    expect(levelOf(state, 1)).toBe(DEFAULT_SETTINGS.watchLevels[0]);
    expect(levelOf(state, 2)).toBe(DEFAULT_SETTINGS.watchLevels[1]);
    expect(canUndo(state)).toBe(false);
  });

  it('switching to analysis keeps the game on the board; switching back starts afresh', () => {
    const played = run(start('cpu'), ...drops(3), { type: 'computer', column: 2, ply: 1 });
    const analysed = run(played, { type: 'settings', patch: { mode: 'analysis' } });
    expect(analysed.moves).toEqual([3, 2]);
    expect(run(analysed, { type: 'settings', patch: { mode: 'pvp' } }).moves).toEqual([]);
  });

  it('analysis plays any move for either side and never scores', () => {
    const state = run(start('analysis'), ...drops(0, 1, 0, 1, 0, 1, 0));
    expect(positionOf(state).outcome.kind).toBe('win');
    expect(state.scores.analysis).toEqual({ a: 0, b: 0, draws: 0 });
    expect(computerToMove(state)).toBe(false);
  });
});

describe('settings and loading', () => {
  it('a new variant starts a new game on that board', () => {
    const variant = unwrap(createVariant({ width: 7, height: 7, connect: 5 }));
    const state = run(start('pvp'), ...drops(3), { type: 'settings', patch: { variant } });
    expect(state.moves).toEqual([]);
    expect(positionOf(state).variant).toEqual(variant);
  });

  it('loads a shared position, ignoring illegal move lists', () => {
    const loaded = run(start('cpu'), {
      type: 'load',
      variant: CLASSIC,
      moves: [3, 3, 2],
      mode: 'analysis',
    });
    expect(loaded.moves).toEqual([3, 3, 2]);
    expect(loaded.settings.mode).toBe('analysis');
    const bad = start('pvp');
    expect(run(bad, { type: 'load', variant: CLASSIC, moves: [0, 0, 0, 0, 0, 0, 0] })).toBe(bad);
  });

  it('random play never breaks the invariants (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 6 }).map((column): Action => ({ type: 'drop', column })),
            fc.constantFrom<Action>({ type: 'undo' }, { type: 'redo' }, { type: 'newGame' }),
            fc.integer({ min: 0, max: 20 }).map((ply): Action => ({ type: 'goto', ply })),
          ),
          { maxLength: 80 },
        ),
        (actions) => {
          const total = (s: GameState): number =>
            s.scores.pvp.a + s.scores.pvp.b + s.scores.pvp.draws;
          let state = start('pvp');
          for (const action of actions) {
            const next = reduce(state, action, env).state;
            // A result counts once per round, when the round first ends; nothing takes it back.
            const added = total(next) - total(state);
            expect(added).toBe(state.counted === null && next.counted !== null ? 1 : 0);
            state = next;
            const position = positionOf(state);
            expect(position.moves.map((move) => move.column)).toEqual(state.moves);
            if (position.isOver) expect(state.counted).not.toBeNull();
          }
        },
      ),
    );
  });
});
