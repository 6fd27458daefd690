import { describe, expect, it } from 'vitest';
import { gameModel, snapshotChange } from '../../src/web/online/game/model.js';
import { statusLine } from '../../src/web/online/format.js';
import type { PublicGame } from '../../src/protocol/index.js';
import { SAMPLE_GAME } from './online-fixtures.js';
import {
  choiceOf,
  customGameOf,
  gameChoice,
  gameStringOf,
  gameText,
} from '../../src/web/online/game-name.js';
import { CUSTOM_OPTIONS, MENU_GROUPS, MENU_PRESETS } from '../../src/web/state/presets.js';
import { createVariant, unwrap } from '../../src/core/index.js';
import { canonicalGame } from '../../src/server/game/family.js';

/** Online PopOut and Five-in-a-Row as the page reads the server's snapshots (protocol 3). */
const POPOUT: PublicGame = {
  ...SAMPLE_GAME,
  game: 'popout',
  moves: [3, 2, 3],
  pops: [2],
  notation: '43p4',
  turn: 2,
  version: 4,
};

describe('online family games', () => {
  it('reads a PopOut snapshot with its pops into the rules core', () => {
    const model = gameModel(POPOUT, 2);
    const position = model.position!;
    expect(position.ruleset.game).toBe('popout');
    expect(position.moves).toEqual([
      { kind: 'drop', column: 3 },
      { kind: 'drop', column: 2 },
      { kind: 'pop', column: 3 },
    ]);
    expect(position.columnHeight(3)).toBe(0);
    expect(model.interactive).toBe(true);
  });

  it('says a pop as a pop', () => {
    const previous: PublicGame = { ...POPOUT, moves: [3, 2], pops: [], notation: '43', turn: 1 };
    const change = snapshotChange({
      previous,
      next: POPOUT,
      seat: 2,
      shownLine: "Opponent's turn",
      line: 'Your turn',
      newCountdown: null,
      keepNotice: false,
    });
    expect(change.announce).toBe('Red popped column 4. Your turn.');
  });

  it('names the family’s draws', () => {
    const drawn = (reason: 'draw' | 'repetition' | 'no_legal_move'): PublicGame => ({
      ...POPOUT,
      status: 'finished',
      turn: null,
      result: { kind: 'draw', reason },
    });
    expect(statusLine(drawn('repetition'), null)).toBe(
      'Draw: the same position came up a third time',
    );
    expect(statusLine(drawn('no_legal_move'), 1)).toBe('Draw: no legal move for the side to move');
    expect(statusLine(drawn('draw'), 1)).toBe('Draw: the board is full');
  });

  it('reads a Five-in-a-Row snapshot on its set-up', () => {
    const five: PublicGame = { ...SAMPLE_GAME, game: 'five', variant: '9x6c5', moves: [4] };
    const position = gameModel(five, 1).position!;
    expect(position.cell(0, 0)).toBe(1);
    expect(position.cell(4, 0)).toBe(1);
  });
});

describe('the lobby’s game menu', () => {
  it('offers PopOut on every board the local game’s presets offer', () => {
    const popout = MENU_GROUPS.find((g) => g.label === 'PopOut')!.presets;
    const classic = MENU_GROUPS.find((g) => g.label === 'Connect Four')!.presets;
    expect(popout.map((p) => p.variant)).toEqual(classic.map((p) => p.variant));
    expect(popout.map((p) => p.id)).toEqual([
      'popout',
      'popout-7x7c5',
      'popout-8x7c4',
      'popout-9x7c4',
      'popout-5x4c3',
      'popout-10x10c4',
    ]);
    expect(MENU_GROUPS.flatMap((g) => g.presets)).toHaveLength(MENU_PRESETS.length);
  });

  it.each(MENU_PRESETS.map((p) => [p.id, p] as const))(
    'sends %s as a game the server accepts, named as the menu names it',
    (_id, preset) => {
      const choice = gameChoice(preset.id);
      const accepted = canonicalGame(choice.game, choice.variant);
      expect(accepted.ok).toBe(true);
      if (!accepted.ok) return;
      // The server's game written back as a game string is the menu entry it came from.
      expect(gameStringOf(accepted.value.game, accepted.value.variant)).toBe(preset.id);
      expect(gameText(accepted.value.game, accepted.value.variant)).toBe(preset.label);
    },
  );

  it('writes a PopOut game on another board with its board (a replay’s game string)', () => {
    expect(gameChoice('popout-5x4c3')).toEqual({ game: 'popout', variant: '5x4c3' });
    expect(gameStringOf('popout-5x4c3', '5x4c3')).toBe('popout-5x4c3');
    expect(gameStringOf('popout', '7x6c4')).toBe('popout');
    expect(gameStringOf('7x7c5', '7x7c5')).toBe('7x7c5');
    expect(gameStringOf('classic', '7x6c4')).toBe('7x6c4');
    expect(gameText('popout-5x4c3', '5x4c3')).toBe('PopOut 5×4, connect 3');
  });

  it('offers a custom board for Connect Four and PopOut, sent as the server reads it', () => {
    expect(MENU_GROUPS.map((g) => g.custom)).toEqual(['classic', 'popout', undefined]);
    expect(customGameOf(CUSTOM_OPTIONS.popout.id)).toBe('popout');
    expect(customGameOf(CUSTOM_OPTIONS.classic.id)).toBe('classic');
    expect(customGameOf('popout-8x7c4')).toBeUndefined();
    const board = unwrap(createVariant({ width: 6, height: 5, connect: 4 }));
    const popout = choiceOf('popout', board);
    expect(popout).toEqual({ game: 'popout', variant: '6x5c4' });
    const accepted = canonicalGame(popout.game, popout.variant);
    expect(accepted.ok && accepted.value).toEqual({ game: 'popout-6x5c4', variant: '6x5c4' });
    expect(choiceOf('classic', board)).toEqual({ variant: '6x5c4' });
  });
});
