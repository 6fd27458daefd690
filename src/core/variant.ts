import { C4Error, ErrorCode } from './errors.js';
import { err, ok, type Result } from './result.js';

/** A validated board shape. Only `createVariant`/`parseVariant` make one, so holders need not re-check. */
export interface Variant {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
}

/** Unvalidated input for a variant (from a form, a URL, a CLI flag). */
export interface VariantSetup {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
}

export const VARIANT_LIMITS = {
  width: { min: 3, max: 12 },
  height: { min: 3, max: 12 },
  connect: { min: 3 },
} as const;

export const CLASSIC: Variant = Object.freeze({ width: 7, height: 6, connect: 4 });

function checkRange(field: string, value: number, min: number, max: number): C4Error | undefined {
  if (!Number.isInteger(value) || value < min || value > max) {
    return new C4Error(
      ErrorCode.VariantOutOfRange,
      `${field} must be a whole number from ${min} to ${max}, got ${String(value)}`,
    );
  }
  return undefined;
}

export function createVariant(setup: VariantSetup): Result<Variant, C4Error> {
  const { width, height, connect } = setup;
  const problem =
    checkRange('width', width, VARIANT_LIMITS.width.min, VARIANT_LIMITS.width.max) ??
    checkRange('height', height, VARIANT_LIMITS.height.min, VARIANT_LIMITS.height.max) ??
    checkRange('connect', connect, VARIANT_LIMITS.connect.min, Math.max(width, height));
  if (problem) return err(problem);
  if (width === CLASSIC.width && height === CLASSIC.height && connect === CLASSIC.connect) {
    return ok(CLASSIC);
  }
  return ok(Object.freeze({ width, height, connect }));
}

const VARIANT_PATTERN = /^(\d{1,2})x(\d{1,2})(?:c(\d{1,2}))?$/i;

/** Parses `WxH` or `WxHcN` (connect defaults to 4), e.g. `7x6c4`, `7x7c5`. */
export function parseVariant(text: string): Result<Variant, C4Error> {
  const match = VARIANT_PATTERN.exec(text.trim());
  if (!match) {
    return err(
      new C4Error(
        ErrorCode.VariantSyntax,
        `variant must look like WxHcN (e.g. 7x6c4), got ${JSON.stringify(text)}`,
      ),
    );
  }
  return createVariant({
    width: Number(match[1]),
    height: Number(match[2]),
    connect: match[3] === undefined ? 4 : Number(match[3]),
  });
}

export function variantToString(variant: Variant): string {
  return `${variant.width}x${variant.height}c${variant.connect}`;
}

/** Same board and line length (variants are plain values; two equal ones may be distinct objects). */
export function sameVariant(a: Variant, b: Variant): boolean {
  return a.width === b.width && a.height === b.height && a.connect === b.connect;
}

export function isClassic(variant: Variant): boolean {
  return sameVariant(variant, CLASSIC);
}
