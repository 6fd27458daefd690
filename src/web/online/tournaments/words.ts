import type { TournamentSettingsRequest } from '../../../protocol/index.js';
import { SETTINGS_LIMITS as L } from '../../../tournament/settings.js';

/**
 * What a tournament refusal says to a player, by its stable code (docs/protocol.md, "Error
 * codes"): a sentence to act on. The server's message is kept only for a code this page does
 * not know, so a refusal is never silent and never a bare code.
 */
export function tournamentRefusalText(error: {
  readonly code: string;
  readonly message: string;
}): string {
  switch (error.code) {
    case 'tournament_bad_kind':
      return 'Choose an arena or a Swiss.';
    case 'tournament_bad_name':
      return `The name must be ${String(L.nameLength.min)} to ${String(L.nameLength.max)} letters, digits or signs.`;
    case 'tournament_bad_variant':
      return 'That board cannot be played: choose another.';
    case 'tournament_bad_clock':
      return 'The clock must give 30 seconds to 60 minutes per side, and 0 to 60 seconds per move.';
    case 'tournament_bad_rounds':
      return `A Swiss has ${String(L.rounds.min)} to ${String(L.rounds.max)} rounds.`;
    case 'tournament_bad_duration':
      return `An arena lasts ${String(L.durationMinutes.min)} to ${String(L.durationMinutes.max)} minutes.`;
    case 'tournament_start_in_past':
      return 'That start time has passed: choose a later one.';
    case 'tournament_start_too_far':
      return 'A tournament starts within 30 days: choose an earlier time.';
    case 'tournament_already_joined':
      return 'You are already in this tournament (perhaps from another tab or device).';
    case 'tournament_not_joined':
      return 'You are not in this tournament.';
    case 'tournament_finished':
      return 'This tournament is over.';
    case 'tournament_closed':
      return 'This Swiss has begun: it takes no new players.';
    case 'tournament_excluded':
      return 'You missed two games of this Swiss, so you cannot rejoin it.';
    case 'identity_required':
      return 'Pick a name first: tournaments are for named players.';
    case 'rate_limited':
      return 'You have created many tournaments and games just now: wait a minute and try again.';
    case 'not_found':
      return 'There is no such tournament.';
    case 'disconnected':
      return 'Not connected: try again once the connection is back.';
    case 'timeout':
      return 'The server did not answer: try again.';
    case 'incompatible':
      return 'This page is older than the server: reload it.';
    default:
      return error.message.trim() === ''
        ? 'The server refused it.'
        : `The server refused it: ${error.message.trim()}.`;
  }
}

/** The create form's values, as text (the inputs' own). */
export interface CreateFields {
  readonly kind: string;
  readonly name: string;
  /** `classic`, `popout` or `five`. */
  readonly game: string;
  /** The board; ignored for a game played on its own board only (Five-in-a-Row). */
  readonly variant: string;
  /** "3+2". */
  readonly clock: string;
  /** Arena length in minutes. */
  readonly minutes: string;
  readonly rounds: string;
  /** Minutes from now. */
  readonly startIn: string;
}

/**
 * The settings the form asks for. Nothing is checked here beyond turning text into numbers:
 * the server judges, and its refusal is shown in words next to the form.
 */
export function settingsOf(f: CreateFields, now: number): TournamentSettingsRequest {
  const [initial, increment] = f.clock.split('+').map(Number);
  const kind = f.kind === 'swiss' ? 'swiss' : 'arena';
  const whole = (text: string): number => {
    const n = Number(text);
    return Number.isFinite(n) ? Math.round(n) : 0;
  };
  return {
    kind,
    name: f.name.trim(),
    // Classic tournaments keep the request they always had; Five-in-a-Row has one board, which
    // the server supplies (it refuses any other).
    ...(f.game === 'classic' || f.game === '' ? {} : { game: f.game }),
    ...(f.game === 'five' ? {} : { variant: f.variant }),
    clock: { initialMs: (initial ?? 0) * 60_000, incrementMs: (increment ?? 0) * 1000 },
    // "Now" is a few seconds ahead, so a slow request does not make it a start in the past.
    startsAt: now + Math.max(0, whole(f.startIn)) * 60_000 + 5_000,
    ...(kind === 'arena' ? { durationMinutes: whole(f.minutes) } : { rounds: whole(f.rounds) }),
  };
}

/** The clocks a tournament may use (a clock is required): as the lobby's, without "no clock". */
export const TOURNAMENT_CLOCKS = ['1+0', '3+0', '3+2', '5+3', '10+5'] as const;

export const START_CHOICES: readonly { readonly minutes: number; readonly label: string }[] = [
  { minutes: 0, label: 'Now' },
  { minutes: 5, label: 'In 5 minutes' },
  { minutes: 15, label: 'In 15 minutes' },
  { minutes: 60, label: 'In an hour' },
  { minutes: 24 * 60, label: 'Tomorrow, this time' },
];
