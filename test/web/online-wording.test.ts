import { describe, expect, it } from 'vitest';
import {
  computerWaitText,
  lineText,
  seekWaitText,
  statusLine,
} from '../../src/web/online/format.js';
import type { PublicGame } from '../../src/web/online/client.js';
import { SAMPLE_GAME } from './online-fixtures.js';

describe('online result wording', () => {
  it('names the line the board asks for: three, four or five in a row', () => {
    const won = (variant: string): PublicGame => ({
      ...SAMPLE_GAME,
      variant,
      status: 'finished',
      turn: null,
      result: { kind: 'win', winner: 1, reason: 'connect' },
    });
    expect(statusLine(won('5x4c3'), null)).toBe('Red wins: three in a row');
    expect(statusLine(won('7x6c4'), 1)).toBe('You win: four in a row');
    expect(statusLine(won('7x7c5'), 2)).toBe('You lose: five in a row');
    expect(lineText('10x10c6')).toBe('six in a row');
  });

  it("says the server's quick-match wait before the computer plays, whatever it is", () => {
    expect(computerWaitText(10_000)).toBe('after 10 s');
    expect(computerWaitText(4_000)).toBe('after 4 s');
    expect(computerWaitText(0)).toBe('at once');
    expect(computerWaitText(120_000)).toBe('after 2 min');
    expect(computerWaitText(90_000)).toBe('after 1 min 30 s');
    // Before the server's hello: no number made up here.
    expect(computerWaitText(undefined)).toBe('after a short wait');
  });

  it('counts the quick-match wait down to the computer, or up while only a human will do', () => {
    // The wait never counted: one sentence, then nothing until the game began.
    expect(seekWaitText(0, 10_000, false)).toBe('The computer plays you in 10 s if nobody comes.');
    expect(seekWaitText(1_200, 10_000, false)).toBe(
      'The computer plays you in 9 s if nobody comes.',
    );
    expect(seekWaitText(9_001, 10_000, false)).toBe(
      'The computer plays you in 1 s if nobody comes.',
    );
    expect(seekWaitText(10_000, 10_000, false)).toBe(
      'Nobody came: the computer is taking the other seat…',
    );
    expect(seekWaitText(0, 90_000, false)).toBe(
      'The computer plays you in 1 min 30 s if nobody comes.',
    );
    expect(seekWaitText(12_400, 10_000, true)).toBe('Waited 12 s so far.');
    expect(seekWaitText(61_000, undefined, false)).toBe('Waited 1 min 1 s so far.');
  });
});
