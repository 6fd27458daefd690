import { describe, expect, it } from 'vitest';
import { CLASSIC, GAMES, createRuleset, createVariant, unwrap } from '../../src/core/index.js';
import { moveItems } from '../../src/web/local/moves.js';
import { fieldOfVariantError, knownLevel, nextMode } from '../../src/web/local/settings.js';
import { PASTE_EXAMPLES, shareUrl, sharedGameStep } from '../../src/web/local/sharing.js';
import { DEFAULT_SETTINGS, initialState, reduce, type Action } from '../../src/web/state/game.js';
import { parseSharedText } from '../../src/web/state/share.js';
import { changeAnnouncement } from '../../src/web/state/text.js';
import type { GameState, Mode } from '../../src/web/state/types.js';

const env = { random: () => 0.5 };
const run = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, action) => reduce(s, action, env).state, state);
const start = (mode: Mode): GameState => initialState({ ...DEFAULT_SETTINGS, mode });
const drops = (moves: string): Action[] =>
  Array.from(moves, (c) => ({ type: 'drop', column: Number(c) - 1 }) as const);

describe('the move list', () => {
  it('is a list of jump buttons with the undone moves ahead, where a person plays both sides', () => {
    const state = run(start('pvp'), ...drops('443'), { type: 'undo' });
    expect(moveItems(state)).toEqual([
      {
        ply: 1,
        side: 1,
        text: '4',
        label: 'Move 1: Red column 4',
        ahead: false,
        current: false,
        jump: true,
      },
      {
        ply: 2,
        side: 2,
        text: '4',
        label: 'Move 2: Yellow column 4',
        ahead: false,
        current: true,
        jump: true,
      },
      {
        ply: 3,
        side: 1,
        text: '3',
        label: 'Move 3: Red column 3',
        ahead: true,
        current: false,
        jump: true,
      },
    ]);
  });

  it('is plain text against the computer', () => {
    const state = run(start('cpu'), ...drops('4'));
    expect(moveItems(state)).toEqual([
      {
        ply: 1,
        side: 1,
        text: '4',
        label: 'Red column 4',
        ahead: false,
        current: true,
        jump: false,
      },
    ]);
  });
});

describe('share links', () => {
  const pvp = start('pvp');
  it('loads a game from the fragment unless it is the game on screen', () => {
    expect(sharedGameStep('', pvp)).toEqual({ kind: 'none' });
    expect(sharedGameStep('#play=abc', pvp)).toEqual({ kind: 'none' });
    expect(sharedGameStep('#g=7x6c4:44x', pvp).kind).toBe('broken');
    const step = sharedGameStep('#g=7x7c5:4453&m=analysis', pvp);
    expect(step).toEqual({
      kind: 'load',
      action: {
        type: 'load',
        game: 'classic',
        variant: unwrapVariant(7, 7, 5),
        moves: [3, 3, 4, 2],
        mode: 'analysis',
      },
    });
    const same = run(pvp, ...drops('44'));
    expect(sharedGameStep('#g=7x6c4:44&m=pvp', same)).toEqual({ kind: 'same' });
  });

  it("the Load box's examples load in their game, as typed", () => {
    for (const game of GAMES) {
      const onScreen = unwrap(createRuleset({ game }));
      for (const example of PASTE_EXAMPLES[game]) {
        const parsed = parseSharedText(example, onScreen);
        expect(parsed.ok, `${game}: ${example}`).toBe(true);
        if (parsed.ok) expect(parsed.value.game).toBe(game);
      }
    }
  });

  it('builds the link from the page address and the game', () => {
    const state = run(start('pvp'), ...drops('4453'));
    expect(shareUrl('https://x.test/c4/?a=1#g=old', state)).toBe(
      'https://x.test/c4/?a=1#g=7x6c4:4453&m=pvp',
    );
  });
});

describe('settings', () => {
  it('points a custom board error at its field', () => {
    const error = (w: number, h: number, n: number) => {
      const made = createVariant({ width: w, height: h, connect: n });
      if (made.ok) throw new Error('expected an error');
      return fieldOfVariantError(made.error);
    };
    expect(error(13, 6, 4)).toBe('width');
    expect(error(7, 2, 4)).toBe('height');
    expect(error(7, 6, 13)).toBe('connect');
  });

  it('moves through the modes with arrows, wrapping, and falls back to a known level', () => {
    expect(nextMode('pvp', 'ArrowLeft')).toBe('analysis');
    expect(nextMode('analysis', 'ArrowRight')).toBe('pvp');
    expect(nextMode('cpu', 'ArrowRight')).toBe('watch');
    expect(knownLevel('strong')).toBe('strong');
    expect(knownLevel('grandmaster')).toBe('intermediate');
  });
});

describe('announcements', () => {
  it('say a jump in the move list, and who dropped against the computer', () => {
    const won = run(start('pvp'), ...drops('1212121'));
    const back = run(won, { type: 'goto', ply: 3 });
    expect(changeAnnouncement(won, back, { type: 'goto', ply: 3 })).toBe(
      'Move 3 of 7: Red in column 1. Yellow (Player 2) to move.',
    );
    const start0 = run(won, { type: 'goto', ply: 0 });
    expect(changeAnnouncement(won, start0, { type: 'goto', ply: 0 })).toBe(
      'Start of the game, 7 moves ahead. Red (Player 1) to move.',
    );
    const cpu = run(start('cpu'), ...drops('4'));
    const answered = run(cpu, { type: 'computer', column: 2, ply: 1 });
    expect(changeAnnouncement(cpu, answered, { type: 'computer', column: 2, ply: 1 })).toBe(
      'The computer drops in column 3, row 1.',
    );
    expect(changeAnnouncement(start('cpu'), cpu, { type: 'drop', column: 3 })).toBe(
      'You drop in column 4, row 1.',
    );
  });

  it('say each move, undo, redo, new round and load', () => {
    const before = start('pvp');
    const after = run(before, ...drops('4'));
    expect(changeAnnouncement(before, after, { type: 'drop', column: 3 })).toBe(
      'Red drops in column 4, row 1.',
    );
    const undone = run(after, { type: 'undo' });
    expect(changeAnnouncement(after, undone, { type: 'undo' })).toBe(
      'Took back 1 move. Red (Player 1) to move.',
    );
    expect(changeAnnouncement(undone, undone, { type: 'newGame' })).toBe(
      'Round 1. Player 1 plays Red and moves first.',
    );
    expect(changeAnnouncement(before, before, { type: 'resetScores' })).toBeNull();
    const loaded = run(before, { type: 'load', variant: CLASSIC, moves: [3, 3] });
    expect(
      changeAnnouncement(before, loaded, { type: 'load', variant: CLASSIC, moves: [3, 3] }),
    ).toBe('Position loaded: 2 moves. Red (Player 1) to move.');
  });
});

function unwrapVariant(width: number, height: number, connect: number) {
  const made = createVariant({ width, height, connect });
  if (!made.ok) throw made.error;
  return made.value;
}
