import { C4Error, ErrorCode, variantToString, type Variant } from '../core/index.js';

/** The fast bitboard keeps height+1 bits per column in one 64-bit word. */
export const MAX_BOARD_BITS = 64;

/**
 * Boards past 64 bits use the wide build, three 64-bit words: every board the game offers
 * (up to 12x12, 156 bits) fits.
 */
export const MAX_WIDE_BOARD_BITS = 192;

const boardBits = (variant: Variant): number => variant.width * (variant.height + 1);

/** True when the solver can solve every position of `variant` exactly (given the time). */
export function solverSupports(variant: Variant): boolean {
  return boardBits(variant) <= MAX_WIDE_BOARD_BITS && variant.width <= 16;
}

/** True when `variant` needs the wide build (its bitboard does not fit 64 bits). */
export function needsWideKey(variant: Variant): boolean {
  return boardBits(variant) > MAX_BOARD_BITS;
}

export function unsupportedVariant(variant: Variant): C4Error {
  return new C4Error(
    ErrorCode.SolverUnsupported,
    `the solver handles boards with width*(height+1) <= ${MAX_WIDE_BOARD_BITS}; ` +
      `${variantToString(variant)} needs ${boardBits(variant)} bits`,
  );
}
