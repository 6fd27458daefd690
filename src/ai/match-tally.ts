import type { Outcome } from '../core/index.js';
import type { LevelId } from './levels.js';

/** What every level-against-level match is set up with (src/ai/matches.ts, src/ai/family). */
export interface MatchPairing {
  readonly a: LevelId;
  readonly b: LevelId;
  readonly games: number;
  readonly seed: number;
  /** Random plies before the levels take over (none of them wins or allows a win in one). */
  readonly openingPlies: number;
}

/** A's results over a match. */
export interface MatchTally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/**
 * A's score in a finished game (1 won, 0.5 drawn or cut short, 0 lost), counted into `tally`:
 * the one scoring rule of the classic and the family matches.
 */
export function countGame(
  tally: { -readonly [K in keyof MatchTally]: number },
  outcome: Outcome,
  aIsFirst: boolean,
): number {
  const scoreA = outcome.kind === 'win' ? ((outcome.winner === 1) === aIsFirst ? 1 : 0) : 0.5;
  if (scoreA === 1) tally.wins++;
  else if (scoreA === 0) tally.losses++;
  else tally.draws++;
  return scoreA;
}
