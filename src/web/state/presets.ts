import {
  createRuleset,
  createVariant,
  rulesetToString,
  sameVariant,
  unwrap,
  variantToString,
  type GameName,
  type Variant,
} from '../../core/index.js';

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

/** A game of the family on its board, as the local game's menu offers it. */
export interface GamePreset {
  /** The menu's value: the board (`7x6c4`) for classic games, else the ruleset (`popout`). */
  readonly id: string;
  readonly label: string;
  readonly game: GameName;
  readonly variant: Variant;
}

const familyPreset = (game: GameName, label: string): GamePreset => {
  const ruleset = unwrap(createRuleset({ game }));
  return { id: rulesetToString(ruleset), label, game, variant: ruleset.variant };
};

/** The other members of the family, each on its own board (docs/family.md). */
export const FAMILY_PRESETS: readonly GamePreset[] = [
  familyPreset('popout', 'PopOut 7×6'),
  familyPreset('five', 'Five-in-a-Row 9×6'),
];

/** Every entry of the local game's menu (the classic boards, then the family). */
export const GAME_PRESETS: readonly GamePreset[] = [
  ...PRESETS.map((p) => ({ ...p, game: 'classic' as const })),
  ...FAMILY_PRESETS,
];

/** PopOut on the other boards of the menu (its rules hold on any board: docs/family.md). */
export const POPOUT_BOARD_PRESETS: readonly GamePreset[] = PRESETS.filter(
  (p) => !sameVariant(p.variant, FAMILY_PRESETS[0]!.variant),
).map((p) => {
  const ruleset = unwrap(createRuleset({ game: 'popout', board: p.variant }));
  return {
    id: rulesetToString(ruleset),
    label: `PopOut ${p.label}`,
    game: 'popout' as const,
    variant: p.variant,
  };
});

/** The local game's menu: every game preset, and PopOut on every board. */
export const MENU_PRESETS: readonly GamePreset[] = [...GAME_PRESETS, ...POPOUT_BOARD_PRESETS];

export function gamePresetOf(game: GameName, variant: Variant): GamePreset | undefined {
  return MENU_PRESETS.find((p) => p.game === game && sameVariant(p.variant, variant));
}

/** The menu's custom-board entries: a board of any size, for Connect Four or PopOut. */
export const CUSTOM_OPTIONS = {
  classic: { id: 'custom', label: 'Custom…' },
  popout: { id: 'popout-custom', label: 'PopOut, custom…' },
} as const;

/** A group of the board menu: a game with the boards it is offered on. */
export interface MenuGroup {
  readonly label: string;
  readonly presets: readonly GamePreset[];
  /** The game a custom board of this group plays (its entry: `CUSTOM_OPTIONS`). */
  readonly custom?: keyof typeof CUSTOM_OPTIONS;
}

/**
 * The board menu's groups, shared by the local game and the online lobby so both offer the same
 * games on the same boards: Connect Four's boards and a custom one, PopOut on the same boards
 * (its own 7×6 first), then Five-in-a-Row on its one board.
 */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    label: 'Connect Four',
    presets: GAME_PRESETS.filter((p) => p.game === 'classic'),
    custom: 'classic',
  },
  {
    label: 'PopOut',
    presets: [...FAMILY_PRESETS.filter((p) => p.game === 'popout'), ...POPOUT_BOARD_PRESETS],
    custom: 'popout',
  },
  { label: 'Other games', presets: FAMILY_PRESETS.filter((p) => p.game !== 'popout') },
];
