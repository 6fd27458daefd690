import { describe, expect, it } from 'vitest';
import { ratingChartSvg } from '../../src/web/online/chart.js';
import { ratingText } from '../../src/web/online/identity.js';
import { parseRoute, routeHash } from '../../src/web/online/routes.js';

describe('online player pages', () => {
  it('draws the rating history as one line from the first rating to the last', () => {
    const svg = ratingChartSvg([1500, 1620, 1580, 1700]);
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('aria-label="Rating after each game: from 1500 to 1700"');
    const points = /points="([^"]+)"/.exec(svg)![1]!.split(' ');
    expect(points).toHaveLength(4);
    const ys = points.map((p) => Number(p.split(',')[1]));
    // Higher ratings are drawn higher (smaller y).
    expect(ys[3]).toBeLessThan(ys[1]!);
    expect(ys[1]).toBeLessThan(ys[0]!);
    expect(svg).toContain('>1700<');
    expect(svg).toContain('>1500<');
    expect(ratingChartSvg([])).toBe('');
    expect(ratingChartSvg([1500])).toContain('points="24.0,');
  });

  it('marks provisional ratings with "?"', () => {
    expect(ratingText(1500, true)).toBe('1500?');
    expect(ratingText(1523.4, false)).toBe('1523');
    expect(ratingText(undefined, false)).toBe('');
  });

  it('routes player pages and leaderboards, and refuses bad ids and pools', () => {
    expect(parseRoute('#player=abcdefgh12')).toEqual({ kind: 'player', playerId: 'abcdefgh12' });
    expect(parseRoute('#leaderboard')).toEqual({ kind: 'leaderboard', pool: 'classic' });
    expect(parseRoute('#leaderboard=connectN')).toEqual({ kind: 'leaderboard', pool: 'connectN' });
    expect(parseRoute('#leaderboard=chess')).toBeUndefined();
    expect(parseRoute('#player=<script>')).toBeUndefined();
    for (const route of [
      { kind: 'player', playerId: 'abcdefgh12' },
      { kind: 'leaderboard', pool: 'connect4' },
    ] as const) {
      expect(parseRoute(routeHash(route))).toEqual(route);
    }
  });
});
