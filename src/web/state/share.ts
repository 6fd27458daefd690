import {
  familyGameToString,
  parseFamilyGame,
  rulesetToString,
  type C4Error,
  type GameName,
  type GamePosition,
  type Result,
  type Ruleset,
  type Variant,
} from '../../core/index.js';
import { moveToCode, type MoveCode } from './move-code.js';
import { MODES, type Mode } from './types.js';

/**
 * Share links carry the game in the URL fragment (`#g=7x6c4:4453&m=pvp`, `#g=popout:44p4`):
 * static hosts never see it, and the whole game is in the link, so it restores on any device.
 * The game string is the family notation (src/core/family/notation.ts); classic games keep the
 * form they always had.
 */
export interface SharedGame {
  readonly game: GameName;
  readonly variant: Variant;
  /** Move codes (`move-code.ts`). */
  readonly moves: readonly MoveCode[];
  readonly mode?: Mode;
}

export function shareFragment(position: GamePosition, mode: Mode): string {
  const params = new URLSearchParams();
  params.set('g', familyGameToString(position, { alwaysPrefix: true }));
  params.set('m', mode);
  // Keep ':' readable in the address bar; it is legal in a fragment.
  return `#${params.toString().replace(/%3A/gi, ':')}`;
}

/** `undefined` when the fragment holds no game; an error when it holds a broken one. */
export function parseShareFragment(hash: string): Result<SharedGame, C4Error> | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('g');
  if (game === null) return undefined;
  return parseSharedText(game, undefined, params.get('m'));
}

/**
 * A game string as typed or pasted: `7x6c4:4453`, `popout:44p4`, a share link, or bare moves
 * (`4453`, `44p4`), which are read in `current` (the game on screen) when given, else in the
 * classic game.
 */
export function parseSharedText(
  text: string,
  current?: Ruleset,
  modeText: string | null = null,
): Result<SharedGame, C4Error> {
  const hashAt = text.indexOf('#');
  if (hashAt >= 0) {
    const fromLink = parseShareFragment(text.slice(hashAt));
    if (fromLink) return fromLink;
  }
  const compact = text.replace(/\s+/g, '');
  const parsed =
    current && !compact.includes(':')
      ? parseFamilyGame(`${rulesetToString(current)}:${compact}`)
      : parseFamilyGame(compact);
  if (!parsed.ok) return parsed;
  const mode = MODES.find((m) => m === modeText);
  const { ruleset } = parsed.value;
  return {
    ok: true,
    value: {
      game: ruleset.game,
      variant: ruleset.variant,
      moves: parsed.value.moves.map(moveToCode),
      ...(mode ? { mode } : {}),
    },
  };
}
