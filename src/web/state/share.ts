import {
  gameToString,
  parseGame,
  type C4Error,
  type Position,
  type Result,
  type Variant,
  variantToString,
} from '../../core/index.js';
import { MODES, type Mode } from './types.js';

/**
 * Share links carry the variant and moves in the URL fragment (`#g=7x6c4:4453&m=pvp`): static
 * hosts never see it, and the whole game is in the link, so it restores on any device.
 */
export interface SharedGame {
  readonly variant: Variant;
  readonly moves: readonly number[];
  readonly mode?: Mode;
}

export function shareFragment(position: Position, mode: Mode): string {
  const params = new URLSearchParams();
  params.set('g', gameToString(position, { alwaysPrefix: true }));
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
 * A game string as typed or pasted: `7x6c4:4453`, a share link, or bare moves (`4453`), which are
 * read on `current` (the board on screen) when given, else on the classic board.
 */
export function parseSharedText(
  text: string,
  current?: Variant,
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
      ? parseGame(`${variantToString(current)}:${compact}`)
      : parseGame(compact);
  if (!parsed.ok) return parsed;
  const mode = MODES.find((m) => m === modeText);
  return {
    ok: true,
    value: {
      variant: parsed.value.variant,
      moves: parsed.value.moves,
      ...(mode ? { mode } : {}),
    },
  };
}
