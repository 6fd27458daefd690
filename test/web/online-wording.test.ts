import { describe, expect, it } from 'vitest';
import { lineText, statusLine } from '../../src/web/online/format.js';
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
});
