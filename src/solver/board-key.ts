import type { Variant } from '../core/index.js';

/** Books key positions with plain numbers, so their boards must fit in 53 bits. */
export const MAX_KEY_BITS = 53;

export function keyFits(variant: Variant): boolean {
  return variant.width * (variant.height + 1) <= MAX_KEY_BITS;
}

/**
 * The solver's position key (side-to-move discs + all discs, height+1 bits per column) and that
 * of the mirrored board; the smaller one identifies the position up to symmetry.
 * Assumes legal moves on a variant with `keyFits`.
 */
export function symmetricKey(variant: Variant, moves: readonly number[]): number {
  const { width } = variant;
  const heights = new Array<number>(width).fill(0);
  // bits of the side to move, per column: the player to move owns discs of the same parity
  const own = new Array<number>(width).fill(0);
  const toMoveParity = moves.length % 2;
  for (let i = 0; i < moves.length; i++) {
    const column = moves[i]!;
    if (i % 2 === toMoveParity) own[column]! += 2 ** heights[column]!;
    heights[column]! += 1;
  }
  const columnKey = (c: number): number => own[c]! + 2 ** heights[c]! - 1;
  const stride = 2 ** (variant.height + 1);
  let key = 0;
  let mirror = 0;
  for (let c = width - 1; c >= 0; c--) {
    key = key * stride + columnKey(c);
    mirror = mirror * stride + columnKey(width - 1 - c);
  }
  return Math.min(key, mirror);
}
