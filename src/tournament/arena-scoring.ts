/** A finished game from one player's side. */
export type Outcome = 'win' | 'draw' | 'loss';

/** A win streak this long puts a player "on fire": the next results count double. */
export const FIRE_STREAK = 2;

/**
 * Arena points (as on lichess): 2 a win, 1 a draw, 0 a loss; a player who has won the last two
 * games or more is on fire and scores double (4 a win, 2 a draw). A draw or a loss ends the
 * streak. `streak` is the number of wins in a row before this game.
 */
export function arenaPoints(
  streak: number,
  outcome: Outcome,
): { readonly points: number; readonly streak: number } {
  const factor = streak >= FIRE_STREAK ? 2 : 1;
  switch (outcome) {
    case 'win':
      return { points: 2 * factor, streak: streak + 1 };
    case 'draw':
      return { points: factor, streak: 0 };
    case 'loss':
      return { points: 0, streak: 0 };
  }
}

export interface RatedOutcome {
  readonly opponentRating: number;
  readonly outcome: Outcome;
}

/**
 * Tournament performance: the average opponent rating plus 500 per net win per game (the
 * linear estimate lichess uses to break arena ties), rounded. `null` before a first game.
 */
export function performance(games: readonly RatedOutcome[]): number | null {
  if (games.length === 0) return null;
  let sum = 0;
  let net = 0;
  for (const g of games) {
    sum += g.opponentRating;
    net += g.outcome === 'win' ? 1 : g.outcome === 'loss' ? -1 : 0;
  }
  return Math.round((sum + 500 * net) / games.length);
}
