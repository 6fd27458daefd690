import { C4Error, ErrorCode } from '../errors.js';
import { err, ok, type Result } from '../result.js';
import type { Cell } from '../types.js';
import {
  CLASSIC,
  createVariant,
  parseVariant,
  sameVariant,
  variantToString,
  type Variant,
  type VariantSetup,
} from '../variant.js';

/**
 * The members of the Connect Four family this engine plays. Pop 10 and Power Up join this list
 * later; everything that differs between members is data on the `Ruleset`, so a new member is a
 * new descriptor plus the move kinds it adds, not a new position class.
 */
export const GAMES = ['classic', 'popout', 'five'] as const;
export type GameName = (typeof GAMES)[number];

export const GAME_TITLES: Readonly<Record<GameName, string>> = {
  classic: 'Connect Four',
  popout: 'PopOut',
  five: 'Five-in-a-Row',
};

declare const validated: unique symbol;

/**
 * A validated game: which member, on which board, from which set-up. Only `createRuleset`,
 * `parseRuleset` and the constants below make one, so holders need not re-check it.
 */
export interface Ruleset {
  readonly game: GameName;
  readonly variant: Variant;
  /** May the side to move pop one of its own discs from the bottom row? */
  readonly pops: boolean;
  /** The occurrence of a position (same board, same side to move) that draws; 0 for never. */
  readonly repetitionDraw: number;
  /** The discs on the board before the first move, column-major (column * height + row). */
  readonly setup: readonly Cell[];
  readonly [validated]: true;
}

/** Unvalidated input for a ruleset (a CLI flag, a URL, a stored game). */
export interface RulesetSetup {
  readonly game: string;
  /** The board; each game's own board when absent. */
  readonly board?: VariantSetup;
}

const FIVE_BOARD: VariantSetup = { width: 9, height: 6, connect: 5 };

/**
 * Five-in-a-Row's two outer columns, filled before the first move with alternating colours.
 * Which colour sits at the bottom is this engine's choice (docs/family.md): Red, in both, so the
 * set-up is its own mirror image.
 */
function fiveSetup(variant: Variant): Cell[] {
  const cells = new Array<Cell>(variant.width * variant.height).fill(0);
  for (const column of [0, variant.width - 1]) {
    for (let row = 0; row < variant.height; row++) {
      cells[column * variant.height + row] = row % 2 === 0 ? 1 : 2;
    }
  }
  return cells;
}

const brand = (ruleset: Omit<Ruleset, typeof validated>): Ruleset =>
  Object.freeze({ ...ruleset, setup: Object.freeze(ruleset.setup.slice()) }) as Ruleset;

const emptySetup = (variant: Variant): Cell[] =>
  new Array<Cell>(variant.width * variant.height).fill(0);

export const CLASSIC_RULES: Ruleset = brand({
  game: 'classic',
  variant: CLASSIC,
  pops: false,
  repetitionDraw: 0,
  setup: emptySetup(CLASSIC),
});

export function isGameName(text: string): text is GameName {
  return (GAMES as readonly string[]).includes(text);
}

export function createRuleset(setup: RulesetSetup): Result<Ruleset, C4Error> {
  const game = setup.game.trim().toLowerCase();
  if (!isGameName(game)) {
    return err(
      new C4Error(
        ErrorCode.UnknownGame,
        `unknown game ${JSON.stringify(setup.game)} (games: ${GAMES.join(', ')})`,
      ),
    );
  }
  const board = setup.board ?? (game === 'five' ? FIVE_BOARD : CLASSIC);
  const variant = createVariant(board);
  if (!variant.ok) return variant;
  if (game === 'five') {
    if (!sameVariant(variant.value, FIVE_BOARD)) {
      return err(
        new C4Error(
          ErrorCode.GameBoard,
          `Five-in-a-Row is played on ${variantToString(FIVE_BOARD)} only, got ${variantToString(board)}`,
        ),
      );
    }
    return ok(
      brand({
        game,
        variant: variant.value,
        pops: false,
        repetitionDraw: 0,
        setup: fiveSetup(variant.value),
      }),
    );
  }
  if (game === 'classic' && variant.value === CLASSIC) return ok(CLASSIC_RULES);
  return ok(
    brand({
      game,
      variant: variant.value,
      pops: game === 'popout',
      repetitionDraw: game === 'popout' ? 3 : 0,
      setup: emptySetup(variant.value),
    }),
  );
}

const RULESET_PATTERN = /^([a-z]+)(?:-(.+))?$/i;

/**
 * Parses a game name with an optional board: `popout`, `popout-8x7c4`, `five`, `classic-7x7c5`.
 * A bare board (`7x6c4`) is the classic game on it, as everywhere else in the product.
 */
export function parseRuleset(text: string): Result<Ruleset, C4Error> {
  const trimmed = text.trim();
  const match = RULESET_PATTERN.exec(trimmed);
  if (!match) {
    const variant = parseVariant(trimmed);
    if (!variant.ok) {
      return err(
        new C4Error(
          ErrorCode.UnknownGame,
          `a game looks like NAME or NAME-WxHcN (e.g. popout, popout-8x7c4) or WxHcN, got ${JSON.stringify(text)}`,
        ),
      );
    }
    return createRuleset({ game: 'classic', board: variant.value });
  }
  const [, name = '', boardText] = match;
  if (boardText === undefined) return createRuleset({ game: name });
  const board = parseVariant(boardText);
  if (!board.ok) return board;
  return createRuleset({ game: name, board: board.value });
}

/** The shortest text `parseRuleset` reads back as the same ruleset. */
export function rulesetToString(ruleset: Ruleset): string {
  const own = createRuleset({ game: ruleset.game });
  if (own.ok && sameVariant(own.value.variant, ruleset.variant)) return ruleset.game;
  if (ruleset.game === 'classic') return variantToString(ruleset.variant);
  return `${ruleset.game}-${variantToString(ruleset.variant)}`;
}

/** The columns whose contents can change in play (the rest are full from the set-up and never pop). */
export function playColumns(ruleset: Ruleset): number[] {
  const { width, height } = ruleset.variant;
  const columns: number[] = [];
  for (let column = 0; column < width; column++) {
    const full = ruleset.setup[column * height + height - 1] !== 0;
    if (ruleset.pops || !full) columns.push(column);
  }
  return columns;
}
