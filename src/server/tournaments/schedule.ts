import * as z from 'zod';
import { err, ok, type Result } from '../../core/result.js';
import { validateSettings, type TournamentSettingsInput } from '../../tournament/index.js';

/** A recurring tournament of the server's own schedule. */
export interface ScheduleEntry {
  /** Stable name: with the start it makes the key that keeps each occurrence unique. */
  readonly key: string;
  readonly every: 'hour' | 'day';
  /** Minutes after the full hour (hourly) or after midnight UTC (daily). */
  readonly atMinute: number;
  readonly settings: Omit<TournamentSettingsInput, 'startsAt'>;
}

/**
 * By default: a 7×6 blitz arena every hour (55 minutes, so one ends before the next begins),
 * and every day a 7-round Swiss on 7×6 (18:00 UTC) and a 5-round one on 7×7 connect 5
 * (19:00 UTC), both 5+3.
 */
export const DEFAULT_SCHEDULE: readonly ScheduleEntry[] = [
  {
    key: 'hourly-blitz-7x6',
    every: 'hour',
    atMinute: 0,
    settings: {
      kind: 'arena',
      name: 'Hourly 7×6 blitz arena',
      variant: '7x6',
      clock: { initialMs: 180_000, incrementMs: 2_000 },
      durationMinutes: 55,
    },
  },
  {
    key: 'daily-swiss-7x6',
    every: 'day',
    atMinute: 18 * 60,
    settings: {
      kind: 'swiss',
      name: 'Daily 7×6 Swiss',
      variant: '7x6',
      clock: { initialMs: 300_000, incrementMs: 3_000 },
      rounds: 7,
    },
  },
  {
    key: 'daily-swiss-7x7c5',
    every: 'day',
    atMinute: 19 * 60,
    settings: {
      kind: 'swiss',
      name: 'Daily 7×7 connect 5 Swiss',
      variant: '7x7c5',
      clock: { initialMs: 300_000, incrementMs: 3_000 },
      rounds: 5,
    },
  },
];

const EntrySchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]{1,40}$/),
  every: z.enum(['hour', 'day']),
  atMinute: z.number().int().min(0).max(1439),
  settings: z.strictObject({
    kind: z.string(),
    name: z.string(),
    game: z.string().optional(),
    variant: z.string().optional(),
    clock: z.object({ initialMs: z.number(), incrementMs: z.number() }).nullable(),
    durationMinutes: z.number().optional(),
    rounds: z.number().optional(),
  }),
});

const period = (e: ScheduleEntry): number => (e.every === 'hour' ? 3_600_000 : 86_400_000);

/** The first start of `entry` after `now`. */
export function nextStart(entry: ScheduleEntry, now: number): number {
  const p = period(entry);
  const start = Math.floor(now / p) * p + (entry.atMinute % (p / 60_000)) * 60_000;
  return start > now ? start : start + p;
}

/**
 * `TOURNAMENT_SCHEDULE`: unset for the default, `off` for none, or a JSON array of entries
 * (`{key, every: "hour"|"day", atMinute, settings}`). Every entry's settings are checked as a
 * creator's would be, so a bad schedule stops the server at start with the reason.
 */
export function parseSchedule(
  text: string | undefined,
  now: number,
): Result<readonly ScheduleEntry[], string> {
  if (text === undefined || text.trim() === '') return ok(DEFAULT_SCHEDULE);
  if (text.trim() === 'off') return ok([]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err('TOURNAMENT_SCHEDULE is not JSON (nor "off")');
  }
  const parsed = z.array(EntrySchema).max(50).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(`TOURNAMENT_SCHEDULE at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  const entries: ScheduleEntry[] = [];
  for (const raw of parsed.data) {
    const settings: Omit<TournamentSettingsInput, 'startsAt'> = {
      kind: raw.settings.kind,
      name: raw.settings.name,
      ...(raw.settings.game === undefined ? {} : { game: raw.settings.game }),
      ...(raw.settings.variant === undefined ? {} : { variant: raw.settings.variant }),
      clock: raw.settings.clock,
      ...(raw.settings.durationMinutes === undefined
        ? {}
        : { durationMinutes: raw.settings.durationMinutes }),
      ...(raw.settings.rounds === undefined ? {} : { rounds: raw.settings.rounds }),
    };
    const entry: ScheduleEntry = {
      key: raw.key,
      every: raw.every,
      atMinute: raw.atMinute,
      settings,
    };
    const checked = validateSettings({ ...settings, startsAt: nextStart(entry, now) }, now);
    if (!checked.ok) return err(`TOURNAMENT_SCHEDULE ${raw.key}: ${checked.error.message}`);
    entries.push(entry);
  }
  return ok(entries);
}
