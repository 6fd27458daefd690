import { Glicko2 } from 'glicko2';

/** A Glicko-2 rating on the familiar Elo-like scale (1500 start). */
export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

/** 1 = the player won, 0.5 = draw, 0 = lost. */
export type Score = 0 | 0.5 | 1;

export interface Outcome {
  readonly opponent: Rating;
  readonly score: Score;
}

/**
 * System constant τ: Glickman suggests 0.3–1.2; 0.5 is the common choice (lichess uses 0.75
 * with far more games). Smaller τ keeps volatility from jumping on a single surprise.
 */
export const TAU = 0.5;
export const INITIAL: Rating = { rating: 1500, rd: 350, vol: 0.06 };
/**
 * A rating stays provisional ("1500?") while its deviation is above this: about where lichess
 * stops marking ratings provisional, reached after roughly a dozen games.
 */
export const PROVISIONAL_RD = 110;
/** Deviations never grow beyond the starting one. */
const MAX_RD = 350;

export const isProvisional = (r: Rating): boolean => r.rd > PROVISIONAL_RD;

/**
 * One rating period for one player (Glickman, "Example of the Glicko-2 system"), computed by
 * the glicko2 library. Online play rates every game as its own period, like lichess.
 */
export function ratePeriod(player: Rating, outcomes: readonly Outcome[]): Rating {
  const system = new Glicko2({
    tau: TAU,
    rating: INITIAL.rating,
    rd: INITIAL.rd,
    vol: INITIAL.vol,
  });
  const me = system.makePlayer(player.rating, player.rd, player.vol);
  system.updateRatings(
    outcomes.map((o) => [
      me,
      system.makePlayer(o.opponent.rating, o.opponent.rd, o.opponent.vol),
      o.score,
    ]),
  );
  return { rating: me.getRating(), rd: Math.min(MAX_RD, me.getRd()), vol: me.getVol() };
}

/** Both players' new ratings after one game between them; `score` is the first player's. */
export function rateGame(a: Rating, b: Rating, score: Score): readonly [Rating, Rating] {
  const other: Score = score === 1 ? 0 : score === 0 ? 1 : 0.5;
  return [ratePeriod(a, [{ opponent: b, score }]), ratePeriod(b, [{ opponent: a, score: other }])];
}

/** "1523" or "1500?" for a provisional rating. */
export const formatRating = (r: Rating): string =>
  `${Math.round(r.rating)}${isProvisional(r) ? '?' : ''}`;
