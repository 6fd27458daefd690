import { describe, expect, it } from 'vitest';
import { pointLabel, pointValue } from '../../src/web/review/graph.js';
import { reviewRoute } from '../../src/web/review/routes.js';
import { loadProgress, saveProgress } from '../../src/web/puzzles/store.js';

describe('evaluation graph points', () => {
  it('puts sooner wins higher, draws on the line, unknown positions nowhere', () => {
    const soon = pointValue({ ply: 30, result: 1, plies: 1 }, 42)!;
    const late = pointValue({ ply: 10, result: 1, plies: 31 }, 42)!;
    expect(soon).toBeGreaterThan(late);
    expect(late).toBeGreaterThan(0);
    expect(pointValue({ ply: 5, result: -1, plies: 1 }, 42)).toBe(-soon);
    expect(pointValue({ ply: 5, result: 0, plies: 37 }, 42)).toBe(0);
    expect(pointValue({ ply: 5, result: null, plies: null }, 42)).toBeNull();
  });

  it('says each point in words', () => {
    expect(pointLabel({ ply: 0, result: 1, plies: 41 })).toBe(
      'Start: Red wins in 21 moves with best play',
    );
    // In the winner's moves, as the table says "loss in 14 moves" of the same position.
    expect(pointLabel({ ply: 13, result: -1, plies: 27 })).toBe(
      'After move 13: Yellow wins in 14 moves with best play',
    );
    expect(pointLabel({ ply: 40, result: 1, plies: 1 })).toBe(
      'After move 40: Red wins in 1 move with best play',
    );
    expect(pointLabel({ ply: 9, result: -1, plies: null })).toBe('After move 9: Yellow wins');
    expect(pointLabel({ ply: 28, result: -1, plies: 0 })).toBe('After move 28: Yellow has won');
    expect(pointLabel({ ply: 3, result: null, plies: null })).toBe('After move 3: not judged yet');
    expect(pointLabel({ ply: 3, result: null, plies: null }, true)).toBe(
      'After move 3: not solved',
    );
  });
});

describe('review route', () => {
  it('reads the game from the fragment and names a bad one', () => {
    const game = reviewRoute('#review=7x7c5:4453');
    expect(game?.ok && game.value.moves).toEqual([3, 3, 4, 2]);
    const bad = reviewRoute('#review=4444444');
    expect(bad?.ok).toBe(false);
    expect(reviewRoute('#g=7x6c4:44&m=pvp')).toBeUndefined();
  });
});

describe('puzzle progress', () => {
  const memory = (): Storage => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    } as Storage;
  };

  it('round-trips, and starts afresh from anything unreadable', () => {
    const storage = memory();
    expect(loadProgress(storage).rating).toBe(1200);
    const progress = {
      rating: 1250,
      streak: 2,
      bestStreak: 3,
      done: ['a'],
      solved: 4,
      dailyDay: '2026-12-01',
    };
    saveProgress(progress, storage);
    expect(loadProgress(storage)).toEqual(progress);
    storage.setItem('c4.puzzles.v1', '{not json');
    expect(loadProgress(storage).streak).toBe(0);
    storage.setItem('c4.puzzles.v1', '{"rating":"high","done":[1,"b"]}');
    expect(loadProgress(storage)).toMatchObject({ rating: 1200, done: ['b'] });
  });
});
