import { describe, expect, it } from 'vitest';
import { ratingChartSvg } from '../../src/web/online/chart.js';
import { ratingText } from '../../src/web/online/identity.js';
import { parseRoute, routeHash } from '../../src/web/online/routes.js';

describe('online player pages', () => {
  it('draws the rating history with labelled axes, its start and a spoken summary', () => {
    const day = Date.UTC(2026, 11, 1);
    const points = [1620, 1580, 1700].map((rating, i) => ({ rating, at: day + i * 86_400_000 }));
    const svg = ratingChartSvg(points, 1500);
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain(
      'aria-label="Rating after each of 3 rated games, starting from 1500: now 1700, lowest 1500, highest 1700"',
    );
    // The line runs from the start through every game: four points, higher ratings drawn higher.
    const line = /points="([^"]+)"/.exec(svg)![1]!.split(' ');
    expect(line).toHaveLength(4);
    const ys = line.map((p) => Number(p.split(',')[1]));
    expect(ys[3]).toBeLessThan(ys[1]!);
    expect(ys[1]).toBeLessThan(ys[0]!);
    // The start is its own open point on the line's first point.
    const startPoint = /<circle class="start" cx="([\d.]+)" cy="([\d.]+)"/.exec(svg)!;
    expect(`${startPoint[1]},${startPoint[2]}`).toBe(line[0]);
    // Both axes are titled, the rating axis has round ticks covering every value, the games
    // axis runs from the start to the last game, over the days played.
    expect(svg).toContain('>Rating</text>');
    expect(svg).toContain('>Rated games (2026-12-01 to 2026-12-03)</text>');
    const ticks = [...svg.matchAll(/text-anchor="end" fill="currentColor">(\d+)</g)].map((m) =>
      Number(m[1]),
    );
    expect(ticks).toEqual([1500, 1550, 1600, 1650, 1700, 3]);
    expect(svg).toContain('>start</text>');
    expect(ratingChartSvg([])).toBe('');
    // One game without a known start: a single point in the middle, still labelled.
    const one = ratingChartSvg([{ rating: 1662, at: day }]);
    expect(one).toContain('aria-label="Rating after each of 1 rated game: now 1662');
    expect(one).toContain('>Rated games (2026-12-01)</text>');
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
