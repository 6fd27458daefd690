import { describe, expect, it } from 'vitest';
import { gameModel, snapshotChange } from '../../src/web/online/game/model.js';
import { statusLine } from '../../src/web/online/format.js';
import type { PublicGame } from '../../src/protocol/index.js';
import { SAMPLE_GAME } from './online-fixtures.js';

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
