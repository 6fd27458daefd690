import { parseGame, type C4Error, type Position, type Result } from '../../core/index.js';

/** `#review=7x6c4:4453`: the game to review, whole in the fragment (shareable, offline). */
export function reviewRoute(hash: string): Result<Position, C4Error> | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('review');
  return game === null ? undefined : parseGame(game);
}

export const reviewHash = (game: string): string => `#review=${game}`;
