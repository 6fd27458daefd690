import { createVariant, unwrap, variantToString, type Variant } from '../../core/index.js';

export interface Preset {
  readonly id: string;
  readonly label: string;
  readonly variant: Variant;
}

const preset = (width: number, height: number, connect: number, label: string): Preset => {
  const variant = unwrap(createVariant({ width, height, connect }));
  return { id: variantToString(variant), label, variant };
};

/** The boards the tutorials played, plus a big one. */
export const PRESETS: readonly Preset[] = [
  preset(7, 6, 4, 'Classic 7×6, connect 4'),
  preset(7, 7, 5, '7×7, connect 5'),
  preset(8, 7, 4, '8×7, connect 4'),
  preset(9, 7, 4, '9×7, connect 4'),
  preset(5, 4, 3, '5×4, connect 3'),
  preset(10, 10, 4, '10×10, connect 4'),
];

/** What a person calls a board: the preset's name, else "6×5, connect 3". */
export function boardName(variant: { width: number; height: number; connect: number }): string {
  const known = PRESETS.find(
    (p) =>
      p.variant.width === variant.width &&
      p.variant.height === variant.height &&
      p.variant.connect === variant.connect,
  );
  return known?.label ?? `${variant.width}×${variant.height}, connect ${variant.connect}`;
}

export function presetOf(variant: Variant): Preset | undefined {
  return PRESETS.find(
    (p) =>
      p.variant.width === variant.width &&
      p.variant.height === variant.height &&
      p.variant.connect === variant.connect,
  );
}
