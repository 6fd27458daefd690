/**
 * How a Swiss game ended. A forfeit is a player who did not make a first move within the
 * first-move window: the opponent wins, and the game does not count as played for colours.
 */
export type SwissOutcome =
  | 'first' // the first player won
  | 'second'
  | 'draw'
  | 'first_forfeit' // the first player did not appear: the second wins
  | 'second_forfeit'
  | 'double_forfeit' // neither appeared: both lose
  | 'bye'; // no opponent (odd count): a point

export interface SwissGame {
  readonly round: number;
  /** Moves first. */
  readonly first: string;
  /** Null for a bye. */
  readonly second: string | null;
  /** Null while the game is being played. */
  readonly outcome: SwissOutcome | null;
}

export interface SwissEntrant {
  readonly id: string;
  readonly rating: number;
  /** Withdrew (or was withdrawn after two no-shows): not paired any more, results stay. */
  readonly withdrawn: boolean;
}

/** Points a result is worth to a player: a win or a bye 1, a draw ½, a loss or no-show 0. */
export function swissPoints(game: SwissGame, id: string): number {
  const o = game.outcome;
  if (o === null) return 0;
  if (o === 'bye') return game.first === id ? 1 : 0;
  if (o === 'draw') return 0.5;
  if (o === 'double_forfeit') return 0;
  const winner = o === 'first' || o === 'second_forfeit' ? game.first : game.second;
  return winner === id ? 1 : 0;
}

/** Whether the player failed to appear in this game. */
export function noShow(game: SwissGame, id: string): boolean {
  const o = game.outcome;
  return (
    o === 'double_forfeit' ||
    (o === 'first_forfeit' && game.first === id) ||
    (o === 'second_forfeit' && game.second === id)
  );
}

/** Two no-shows withdraw a player from a Swiss. */
export const NO_SHOWS_TO_WITHDRAW = 2;

/** Whether a game was played over the board (not a bye, not a forfeit). */
export const wasPlayed = (game: SwissGame): boolean =>
  game.outcome === 'first' || game.outcome === 'second' || game.outcome === 'draw';
