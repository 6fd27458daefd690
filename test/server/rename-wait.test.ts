import { describe, expect, it } from 'vitest';
import { waitText } from '../../src/server/player-service.js';

describe('how long until a rename is allowed', () => {
  it.each([
    [1, '1 min'],
    [60_000, '1 min'],
    [60_001, '2 min'],
    [59 * 60_000, '59 min'],
    [60 * 60_000, '1 h'],
    [24 * 3_600_000 - 1, '24 h'],
    [23 * 3_600_000 + 5 * 60_000, '23 h 5 min'],
    [-5, '1 min'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(waitText(ms)).toBe(text);
  });
});
