import { describe, expect, it } from 'vitest';
import { formatClock, statusLine } from '../../src/web/online/format.js';
import type { PublicGame } from '../../src/web/online/client.js';
import { SAMPLE_GAME } from './online-fixtures.js';
import { analysisLink, parseRoute, routeHash, routeLink } from '../../src/web/online/routes.js';

describe('online routes', () => {
  it('round-trips every route through the fragment', () => {
    for (const route of [
      { kind: 'lobby' as const },
      { kind: 'game' as const, gameId: 'abcDEF12_-' },
      { kind: 'replay' as const, gameId: 'zzzzzzzz' },
    ]) {
      expect(parseRoute(routeHash(route))).toEqual(route);
    }
  });

  it('ignores fragments that are not online routes (local share links stay local)', () => {
    for (const hash of [
      '',
      '#',
      '#g=7x6c4:4453&m=pvp',
      '#play=short',
      '#play=../../x',
      '#replay=',
    ]) {
      expect(parseRoute(hash)).toBeUndefined();
    }
  });

  it('builds share and analysis links from the current address', () => {
    expect(routeLink({ kind: 'game', gameId: 'abcdefgh' }, 'https://x.test/c4/#online')).toBe(
      'https://x.test/c4/#play=abcdefgh',
    );
    expect(analysisLink('7x6c4', '4453', 'https://x.test/#replay=abcdefgh')).toBe(
      'https://x.test/#g=7x6c4:4453&m=analysis',
    );
  });
});

describe('online texts', () => {
  it('formats clocks as m:ss, and tenths in the last ten seconds', () => {
    const table: [number, string][] = [
      [600_000, '10:00'],
      [61_000, '1:01'],
      [59_001, '1:00'],
      [10_000, '0:10'],
      [9_999, '9.9'],
      [450, '0.4'],
      [-5, '0.0'],
    ];
    for (const [ms, text] of table) expect(formatClock(ms)).toBe(text);
  });

  const base = SAMPLE_GAME;

  it('says where the game stands for players and spectators', () => {
    expect(statusLine(base, 1)).toBe('Your turn');
    expect(statusLine(base, 2)).toBe("Opponent's turn");
    expect(statusLine(base, null)).toBe('Red to move');
    const resigned: PublicGame = {
      ...base,
      status: 'finished',
      turn: null,
      result: { kind: 'win', winner: 2, reason: 'resign' },
    };
    expect(statusLine(resigned, 2)).toBe('You win: Red resigned');
    expect(statusLine(resigned, 1)).toBe('You lose: Red resigned');
    expect(statusLine(resigned, null)).toBe('Yellow wins: Red resigned');
    expect(statusLine({ ...base, status: 'waiting', turn: null }, 1)).toContain('friend');
  });
});
