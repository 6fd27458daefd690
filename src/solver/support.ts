import { C4Error, ErrorCode, variantToString, type Variant } from '../core/index.js';

/** The bitboard keeps height+1 bits per column in one 64-bit word. */
export const MAX_BOARD_BITS = 64;

/** True when the solver can solve every position of `variant` exactly. */
export function solverSupports(variant: Variant): boolean {
  return variant.width * (variant.height + 1) <= MAX_BOARD_BITS && variant.width <= 16;
}

export function unsupportedVariant(variant: Variant): C4Error {
  return new C4Error(
    ErrorCode.SolverUnsupported,
    `the solver handles boards with width*(height+1) <= ${MAX_BOARD_BITS}; ` +
      `${variantToString(variant)} needs ${variant.width * (variant.height + 1)} bits`,
  );
}
