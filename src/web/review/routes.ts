import {
  parseFamilyGame,
  parseGame,
  type GamePosition,
  type C4Error,
  type Position,
  type Result,
  type Variant,
} from '../../core/index.js';
// The support rule alone, not the solver: this module is in the page's first chunk.
import { solverSupports } from '../../solver/support.js';

/** `#review=7x6c4:4453`: the game to review, whole in the fragment (shareable, offline). */
export function reviewRoute(hash: string): Result<Position, C4Error> | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('review');
  return game === null ? undefined : parseGame(game);
}

/**
 * `#review=popout:44p4`: a PopOut or Five-in-a-Row game to review, or why its string does not
 * read (so a bad move in a family game is named by the family's rules, not the classic
 * parser's). Classic games, whatever their form, are `reviewRoute`'s: undefined here.
 */
export function familyReviewRoute(hash: string): Result<GamePosition, C4Error> | undefined {
  const game = new URLSearchParams(hash.replace(/^#/, '')).get('review');
  if (game === null) return undefined;
  const parsed = parseFamilyGame(game);
  if (parsed.ok) return parsed.value.ruleset.game === 'classic' ? undefined : parsed;
  return /^(popout|five)\b/i.test(game) ? parsed : undefined;
}

export const reviewHash = (game: string): string => `#review=${game}`;

/**
 * Whether the Review can judge games on this board: the solver must represent it (the review
 * proves every judgement). Where it cannot, the page offers no Review at all.
 */
export const reviewable = (variant: Variant): boolean => solverSupports(variant);

export const unreviewableText = (variant: Variant): string =>
  `The review needs the solver, which cannot solve ${variant.width}×${variant.height} boards ` +
  `(it handles boards up to 12×12). Play the moves through on the analysis board instead.`;
