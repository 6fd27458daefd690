import { describe, expect, it } from 'vitest';
import { CLASSIC, createVariant, perft, unwrap } from '../../src/core/index.js';
import { naivePerft } from './naive.js';

describe('perft', () => {
  it('matches OEIS A212693 on the classic board to ply 8', () => {
    expect(perft(CLASSIC, 8)).toEqual([1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]);
  });

  // Small boards where plain enumeration of every move sequence is affordable.
  const cases = [
    { width: 3, height: 3, connect: 3, depth: 9 },
    { width: 4, height: 3, connect: 3, depth: 8 },
    { width: 4, height: 4, connect: 3, depth: 7 },
    { width: 4, height: 4, connect: 4, depth: 7 },
    { width: 5, height: 4, connect: 3, depth: 6 },
    { width: 3, height: 5, connect: 3, depth: 8 },
    { width: 6, height: 3, connect: 4, depth: 6 },
  ];
  for (const { width, height, connect, depth } of cases) {
    it(`agrees with brute-force enumeration on ${width}x${height}c${connect} to ply ${depth}`, () => {
      const variant = unwrap(createVariant({ width, height, connect }));
      expect(perft(variant, depth)).toEqual(naivePerft(width, height, connect, depth));
    });
  }

  it('counts finished games but does not extend them (3x3 connect 3 to the full board)', () => {
    const variant = unwrap(createVariant({ width: 3, height: 3, connect: 3 }));
    const counts = perft(variant, 9);
    expect(counts).toEqual(naivePerft(3, 3, 3, 9));
    expect(counts[9]).toBeGreaterThan(0);
  });

  it('uses string keys on boards too large for a 53-bit key, with the same answers', () => {
    const variant = unwrap(createVariant({ width: 12, height: 12, connect: 4 }));
    // (a,b,c) and (c,b,a) are one position exactly when b is neither a nor c: 1728 - 66*10.
    expect(perft(variant, 3)).toEqual([1, 12, 144, 1068]);
    expect(perft(variant, 4)).toEqual(naivePerft(12, 12, 4, 4));
  });
});
