import { createRuleset, parseRuleset, rulesetToString } from '../core/family/rules.js';
import { parseVariant, variantToString, type Variant } from '../core/variant.js';
import { err, ok, type Result } from '../core/result.js';
import { TournamentErrorCode, tournamentError, type TournamentError } from './errors.js';

export type TournamentKind = 'arena' | 'swiss';

/**
 * What a creator (a form, the schedule, a client over the wire) asks for; nothing checked yet,
 * not even the JSON types: each field is judged here alone, so a field has one refusal code
 * whatever the value (a string where a number goes included).
 */
export interface TournamentSettingsInput {
  readonly kind?: unknown;
  readonly name?: unknown;
  /** The game of the family (`popout`, `five`…); classic when absent. */
  readonly game?: unknown;
  /** The board; the game's own when absent (required for the classic game). */
  readonly variant?: unknown;
  /** `{initialMs, incrementMs}`. */
  readonly clock?: unknown;
  /** Epoch milliseconds. */
  readonly startsAt?: unknown;
  /** Arena only. */
  readonly durationMinutes?: unknown;
  /** Swiss only. */
  readonly rounds?: unknown;
}

interface Common {
  readonly name: string;
  /**
   * The game of the family, canonical (`classic`, `popout`, `five`, `7x7c5`…). Absent on
   * tournaments stored before the family: the classic game on `variant`.
   */
  readonly game?: string;
  /** Canonical `WxHcN`. */
  readonly variant: string;
  readonly clock: { readonly initialMs: number; readonly incrementMs: number };
  readonly startsAt: number;
}
export interface ArenaSettings extends Common {
  readonly kind: 'arena';
  readonly durationMinutes: number;
}
export interface SwissSettings extends Common {
  readonly kind: 'swiss';
  readonly rounds: number;
}
/** Checked settings: only `validateSettings` makes one. */
export type TournamentSettings = ArenaSettings | SwissSettings;

/**
 * The limits. A Swiss of more than 20 rounds would outlast any player's evening (and needs far
 * more players than rounds to pair); an arena under 5 minutes holds one game, over 12 hours no
 * one. A clock is required: without one a game can stall a round or an arena forever.
 */
export const SETTINGS_LIMITS = {
  nameLength: { min: 3, max: 60 },
  rounds: { min: 1, max: 20 },
  durationMinutes: { min: 5, max: 720 },
  initialMs: { min: 30_000, max: 3_600_000 },
  incrementMs: { min: 0, max: 60_000 },
  /** Clock skew forgiven on a start "now". */
  pastSlackMs: 60_000,
  aheadMs: 30 * 24 * 3_600_000,
} as const;

const wholeIn = (value: unknown, range: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

/** `{initialMs, incrementMs}` within the limits and nothing else, or undefined. */
function clockOf(value: unknown): Common['clock'] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { initialMs, incrementMs, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  if (!wholeIn(initialMs, SETTINGS_LIMITS.initialMs)) return undefined;
  if (!wholeIn(incrementMs, SETTINGS_LIMITS.incrementMs)) return undefined;
  return { initialMs, incrementMs };
}

// Control characters and the bidirectional overrides that could disguise a name.
const BAD_NAME_CHARS = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Checks every setting; the first problem found is the answer, naming the field. */
export function validateSettings(
  input: TournamentSettingsInput,
  now: number,
): Result<TournamentSettings, TournamentError> {
  const L = SETTINGS_LIMITS;
  if (input.kind !== 'arena' && input.kind !== 'swiss') {
    return err(
      tournamentError(
        TournamentErrorCode.BadKind,
        `kind must be "arena" or "swiss", got ${shown(input.kind)}`,
        'kind',
      ),
    );
  }
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (
    typeof input.name !== 'string' ||
    name.length < L.nameLength.min ||
    name.length > L.nameLength.max ||
    BAD_NAME_CHARS.test(name)
  ) {
    return err(
      tournamentError(
        TournamentErrorCode.BadName,
        `name must be ${L.nameLength.min}–${L.nameLength.max} printable characters`,
        'name',
      ),
    );
  }
  const game = gameOf(input);
  if (!game.ok) return game;
  if (input.clock === null || input.clock === undefined) {
    return err(
      tournamentError(TournamentErrorCode.BadClock, 'a tournament needs a clock', 'clock'),
    );
  }
  const clock = clockOf(input.clock);
  if (!clock) {
    return err(
      tournamentError(
        TournamentErrorCode.BadClock,
        `the clock must be {initialMs, incrementMs} in whole milliseconds: 30 s to 60 min per side and an increment of 0–60 s`,
        'clock',
      ),
    );
  }
  // A start that is not a number is no moment at all: refused as one not to come.
  if (
    typeof input.startsAt !== 'number' ||
    !Number.isFinite(input.startsAt) ||
    input.startsAt < now - L.pastSlackMs
  ) {
    return err(
      tournamentError(
        TournamentErrorCode.StartInPast,
        `the start ${describeTime(input.startsAt)} is in the past`,
        'startsAt',
      ),
    );
  }
  if (input.startsAt > now + L.aheadMs) {
    return err(
      tournamentError(
        TournamentErrorCode.StartTooFar,
        `the start ${describeTime(input.startsAt)} is more than 30 days ahead`,
        'startsAt',
      ),
    );
  }
  const common: Common = {
    name,
    ...game.value,
    clock,
    startsAt: input.startsAt,
  };
  if (input.kind === 'arena') {
    if (!wholeIn(input.durationMinutes, L.durationMinutes)) {
      return err(
        tournamentError(
          TournamentErrorCode.BadDuration,
          `an arena lasts ${L.durationMinutes.min}–${L.durationMinutes.max} whole minutes, got ${shown(input.durationMinutes)}`,
          'durationMinutes',
        ),
      );
    }
    return ok({ ...common, kind: 'arena', durationMinutes: input.durationMinutes });
  }
  if (!wholeIn(input.rounds, L.rounds)) {
    return err(
      tournamentError(
        TournamentErrorCode.BadRounds,
        `a Swiss has ${L.rounds.min}–${L.rounds.max} rounds, got ${shown(input.rounds)}`,
        'rounds',
      ),
    );
  }
  return ok({ ...common, kind: 'swiss', rounds: input.rounds });
}

/**
 * The game and its board: `game` (classic when absent) on the board `variant` names, or the
 * game's own. A bad `variant` is `tournament_bad_variant` whatever the game; a game the family
 * does not have, or a board it is not played on, `tournament_bad_game`.
 */
function gameOf(
  input: TournamentSettingsInput,
): Result<{ game: string; variant: string }, TournamentError> {
  let board: Variant | undefined;
  if (input.variant !== undefined || input.game === undefined) {
    const variant =
      typeof input.variant === 'string'
        ? parseVariant(input.variant)
        : err({ message: `variant must be text such as "7x6", got ${shown(input.variant)}` });
    if (!variant.ok) {
      return err(tournamentError(TournamentErrorCode.BadVariant, variant.error.message, 'variant'));
    }
    board = variant.value;
  }
  const badGame = (message: string) =>
    err(tournamentError(TournamentErrorCode.BadGame, message, 'game'));
  let name = 'classic';
  if (input.game !== undefined) {
    if (typeof input.game !== 'string' || !/^[a-z]{1,16}$/i.test(input.game.trim())) {
      return badGame(`game must be a name such as "popout", got ${shown(input.game)}`);
    }
    const named = parseRuleset(input.game);
    if (!named.ok) return badGame(named.error.message);
    name = named.value.game;
  }
  const ruleset = createRuleset({ game: name, ...(board ? { board } : {}) });
  if (!ruleset.ok) return badGame(ruleset.error.message);
  return ok({
    game: rulesetToString(ruleset.value),
    variant: variantToString(ruleset.value.variant),
  });
}

/** A value as the client wrote it, shortened (`undefined` has no JSON: it reads "undefined"). */
const shown = (value: unknown): string =>
  (value === undefined ? 'undefined' : JSON.stringify(value)).slice(0, 40);

const describeTime = (ms: unknown): string =>
  typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) < 8.64e15
    ? new Date(ms).toISOString()
    : shown(ms);
