import fc from 'fast-check';
import { createVariant, Position, unwrap, type Variant } from '../../src/core/index.js';

export const variantArb: fc.Arbitrary<Variant> = fc
  .record({ width: fc.integer({ min: 3, max: 12 }), height: fc.integer({ min: 3, max: 12 }) })
  .chain(({ width, height }) =>
    fc
      .integer({ min: 3, max: Math.max(width, height) })
      .map((connect) => unwrap(createVariant({ width, height, connect }))),
  );

/** A random game: each pick is reduced modulo the legal columns, so every sequence is playable. */
export function gameArb(
  variantArbitrary: fc.Arbitrary<Variant> = variantArb,
): fc.Arbitrary<Position> {
  return variantArbitrary.chain((variant) =>
    fc
      .array(fc.nat(), { maxLength: variant.width * variant.height })
      .map((picks) => playPicks(variant, picks)),
  );
}

export function playPicks(variant: Variant, picks: readonly number[]): Position {
  const position = Position.empty(variant);
  for (const pick of picks) {
    const legal = position.legalColumns();
    if (legal.length === 0) break;
    unwrap(position.play(legal[pick % legal.length]!));
  }
  return position;
}
