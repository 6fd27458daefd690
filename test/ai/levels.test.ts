import { describe, expect, it } from 'vitest';
import { CLASSIC, parseVariant, unwrap, type Variant } from '../../src/core/index.js';
import { LEVELS, isSolvable, levelLabel, parseLevel } from '../../src/ai/index.js';

describe('LEVELS', () => {
  it('is a ladder of five named levels, weakest first', () => {
    expect(LEVELS.map((level) => [level.rank, level.id, level.name])).toEqual([
      [1, 'beginner', 'Beginner'],
      [2, 'casual', 'Casual'],
      [3, 'intermediate', 'Intermediate'],
      [4, 'strong', 'Strong'],
      [5, 'perfect', 'Perfect'],
    ]);
    for (const level of LEVELS) expect(level.description.length).toBeGreaterThan(20);
  });

  it('parses ids, names and ranks, and rejects the rest with a stable code', () => {
    expect(unwrap(parseLevel('strong')).id).toBe('strong');
    expect(unwrap(parseLevel(' Perfect ')).id).toBe('perfect');
    expect(unwrap(parseLevel('1')).id).toBe('beginner');
    const bad = parseLevel('grandmaster');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('unknown_level');
  });

  it('calls the top level Perfect on every board the game offers (the solver reaches them all)', () => {
    const big = unwrap(parseVariant('12x12c4'));
    expect(isSolvable(CLASSIC)).toBe(true);
    expect(isSolvable(unwrap(parseVariant('9x7c4')))).toBe(true);
    expect(isSolvable(big)).toBe(true);
    expect(levelLabel('perfect', CLASSIC)).toBe('Perfect');
    expect(levelLabel('perfect', big)).toBe('Perfect');
    // a board past the solver (none the game offers) would get the honest name
    expect(levelLabel('perfect', { width: 16, height: 12, connect: 4 } as Variant)).toBe('Expert');
    expect(levelLabel('strong', big)).toBe('Strong');
  });
});
