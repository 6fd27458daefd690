/**
 * Stable codes of every refusal in tournaments: the server puts them on the wire unchanged
 * (docs/protocol.md), clients switch on them, never on the message. Adding a code is fine;
 * renaming one breaks clients.
 */
export const TournamentErrorCode = {
  /** `kind` is neither `arena` nor `swiss`. */
  BadKind: 'tournament_bad_kind',
  /** Name empty, too long or with control characters. */
  BadName: 'tournament_bad_name',
  /** Not a board the rules engine plays. */
  BadVariant: 'tournament_bad_variant',
  /** Not a game of the family the server offers, or a board that game is not played on. */
  BadGame: 'tournament_bad_game',
  /** No clock, or minutes/increment outside the limits. */
  BadClock: 'tournament_bad_clock',
  /** Swiss rounds outside 1–20 (0 or 10,000 rounds). */
  BadRounds: 'tournament_bad_rounds',
  /** Arena length outside 5–720 minutes. */
  BadDuration: 'tournament_bad_duration',
  /** Start already past (beyond a minute of clock skew), e.g. in 1990. */
  StartInPast: 'tournament_start_in_past',
  /** Start more than 30 days ahead. */
  StartTooFar: 'tournament_start_too_far',
  /** The player is already in (joined and not withdrawn). */
  AlreadyJoined: 'tournament_already_joined',
  /** The player never joined, or has withdrawn. */
  NotJoined: 'tournament_not_joined',
  /** Joining or pairing after the end. */
  Finished: 'tournament_finished',
  /** A Swiss player withdrawn for two no-shows may not come back. */
  Excluded: 'tournament_excluded',
  /** A Swiss after its first round admits nobody new. */
  Closed: 'tournament_closed',
  /** No pairing of this round respects the rules (everyone has met, or every bye is used). */
  PairingImpossible: 'tournament_pairing_impossible',
} as const;

export type TournamentErrorCode = (typeof TournamentErrorCode)[keyof typeof TournamentErrorCode];

/** A refusal: the stable code, a message a person can act on, and the setting at fault. */
export interface TournamentError {
  readonly code: TournamentErrorCode;
  readonly message: string;
  readonly field?: string;
}

export const tournamentError = (
  code: TournamentErrorCode,
  message: string,
  field?: string,
): TournamentError => (field === undefined ? { code, message } : { code, message, field });
