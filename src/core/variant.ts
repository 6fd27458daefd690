import { C4Error, ErrorCode } from './errors.js';
import { err, ok, type Result } from './result.js';

declare const validated: unique symbol;

/**
 * A validated board shape. The brand exists only in the type: only `createVariant`,
 * `parseVariant` and `CLASSIC` make one, so a function taking a `Variant` need not re-check it,
 * and a plain `{ width, height, connect }` must go through `createVariant` first.
 */
export interface Variant {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly [validated]: true;
}

/** Which setting of a variant is wrong, so a form can mark the field without reading messages. */
export type VariantField = 'width' | 'height' | 'connect';

/** A refused variant: the stable code and message of every C4Error, plus the field at fault. */
export class VariantError extends C4Error {
  constructor(
    code: ErrorCode,
    message: string,
    /** The setting at fault; absent when the text as a whole is not a variant. */
    readonly field?: VariantField,
  ) {
    super(code, message);
  }
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

const brand = (shape: VariantSetup): Variant => Object.freeze({ ...shape }) as Variant;

export const CLASSIC: Variant = brand({ width: 7, height: 6, connect: 4 });

function checkRange(
  field: VariantField,
  value: number,
  min: number,
  max: number,
): VariantError | undefined {
  if (!Number.isInteger(value) || value < min || value > max) {
    return new VariantError(
      ErrorCode.VariantOutOfRange,
      `${field} must be a whole number from ${min} to ${max}, got ${String(value)}`,
      field,
    );
  }
  return undefined;
}

export function createVariant(setup: VariantSetup): Result<Variant, VariantError> {
  const { width, height, connect } = setup;
  const problem =
    checkRange('width', width, VARIANT_LIMITS.width.min, VARIANT_LIMITS.width.max) ??
    checkRange('height', height, VARIANT_LIMITS.height.min, VARIANT_LIMITS.height.max) ??
    checkRange('connect', connect, VARIANT_LIMITS.connect.min, Math.max(width, height));
  if (problem) return err(problem);
  if (width === CLASSIC.width && height === CLASSIC.height && connect === CLASSIC.connect) {
    return ok(CLASSIC);
  }
  return ok(brand({ width, height, connect }));
}

const VARIANT_PATTERN = /^(\d{1,2})x(\d{1,2})(?:c(\d{1,2}))?$/i;

/** Parses `WxH` or `WxHcN` (connect defaults to 4), e.g. `7x6c4`, `7x7c5`. */
export function parseVariant(text: string): Result<Variant, VariantError> {
  const match = VARIANT_PATTERN.exec(text.trim());
  if (!match) {
    return err(
      new VariantError(
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

export function variantToString(variant: VariantSetup): string {
  return `${variant.width}x${variant.height}c${variant.connect}`;
}

/** Same board and line length (variants are plain values; two equal ones may be distinct objects). */
export function sameVariant(a: VariantSetup, b: VariantSetup): boolean {
  return a.width === b.width && a.height === b.height && a.connect === b.connect;
}

export function isClassic(variant: VariantSetup): boolean {
  return sameVariant(variant, CLASSIC);
}
