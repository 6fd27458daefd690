import { describe, expect, it } from 'vitest';
import { validateSettings, type TournamentSettingsInput } from '../../src/tournament/index.js';

const NOW = Date.UTC(2026, 11, 2, 3, 0);
const swiss: TournamentSettingsInput = {
  kind: 'swiss',
  name: 'Daily Swiss',
  variant: '7x6',
  clock: { initialMs: 300_000, incrementMs: 3_000 },
  startsAt: NOW + 3_600_000,
  rounds: 7,
};
const arena: TournamentSettingsInput = {
  kind: 'arena',
  name: 'Hourly blitz',
  variant: '7x7c5',
  clock: { initialMs: 180_000, incrementMs: 2_000 },
  startsAt: NOW,
  durationMinutes: 60,
};

describe('tournament settings', () => {
  const withoutBoard = (input: TournamentSettingsInput): TournamentSettingsInput =>
    Object.fromEntries(Object.entries(input).filter(([key]) => key !== 'variant'));

  it('accepts sensible settings and canonicalises the board', () => {
    const s = validateSettings(swiss, NOW);
    expect(s.ok && s.value).toEqual({ ...swiss, game: 'classic', variant: '7x6c4' });
    const a = validateSettings({ ...arena, name: '  Hourly blitz ' }, NOW);
    expect(a.ok && a.value).toEqual({
      ...arena,
      game: arena.variant === '7x6c4' ? 'classic' : arena.variant,
    });
  });

  it.each<[TournamentSettingsInput, { game: string; variant: string }]>([
    [{ game: 'popout' }, { game: 'popout', variant: '7x6c4' }],
    [{ game: 'five' }, { game: 'five', variant: '9x6c5' }],
    [
      { game: 'popout', variant: '8x7' },
      { game: 'popout-8x7c4', variant: '8x7c4' },
    ],
    [
      { game: 'classic', variant: '7x7c5' },
      { game: '7x7c5', variant: '7x7c5' },
    ],
  ])('plays a game of the family: %j is %j', (fields, expected) => {
    const rest = withoutBoard(swiss);
    const s = validateSettings({ ...rest, ...fields }, NOW);
    expect(s.ok && s.value).toMatchObject(expected);
  });

  it.each<[TournamentSettingsInput, string, string]>([
    [{ game: 'banana' }, 'tournament_bad_game', 'game'],
    [{ game: 5 }, 'tournament_bad_game', 'game'],
    [{ game: 'popout-8x7c4' }, 'tournament_bad_game', 'game'],
    [{ game: 'five', variant: '7x6' }, 'tournament_bad_game', 'game'],
    [{ game: 'popout', variant: 'banana' }, 'tournament_bad_variant', 'variant'],
  ])('refuses the game %j with %s', (fields, code, field) => {
    const rest = withoutBoard(swiss);
    expect(validateSettings({ ...rest, ...fields }, NOW)).toMatchObject({
      ok: false,
      error: { code, field },
    });
  });

  it.each<[string, TournamentSettingsInput, string, string]>([
    ['0 rounds', { ...swiss, rounds: 0 }, 'tournament_bad_rounds', 'rounds'],
    ['10,000 rounds', { ...swiss, rounds: 10_000 }, 'tournament_bad_rounds', 'rounds'],
    ['2.5 rounds', { ...swiss, rounds: 2.5 }, 'tournament_bad_rounds', 'rounds'],
    ['a Swiss without rounds', { ...arena, kind: 'swiss' }, 'tournament_bad_rounds', 'rounds'],
    [
      'a start in 1990',
      { ...swiss, startsAt: Date.UTC(1990, 0, 1) },
      'tournament_start_in_past',
      'startsAt',
    ],
    [
      'a start that is not a time',
      { ...swiss, startsAt: Number.NaN },
      'tournament_start_in_past',
      'startsAt',
    ],
    [
      'a start in a year',
      { ...swiss, startsAt: NOW + 366 * 86_400_000 },
      'tournament_start_too_far',
      'startsAt',
    ],
    [
      'an arena of 0 minutes',
      { ...arena, durationMinutes: 0 },
      'tournament_bad_duration',
      'durationMinutes',
    ],
    [
      'an arena of a week',
      { ...arena, durationMinutes: 10_080 },
      'tournament_bad_duration',
      'durationMinutes',
    ],
    ['no clock', { ...arena, clock: null }, 'tournament_bad_clock', 'clock'],
    // One code per field whatever the value: the wrong JSON type too.
    ['a kind that is a number', { ...arena, kind: 7 }, 'tournament_bad_kind', 'kind'],
    ['a name that is a number', { ...arena, name: 42 }, 'tournament_bad_name', 'name'],
    ['a variant that is null', { ...arena, variant: null }, 'tournament_bad_variant', 'variant'],
    [
      'a clock in text',
      { ...arena, clock: { initialMs: '60000', incrementMs: 0 } },
      'tournament_bad_clock',
      'clock',
    ],
    [
      'a clock with a field too many',
      { ...arena, clock: { initialMs: 60_000, incrementMs: 0, delayMs: 1 } },
      'tournament_bad_clock',
      'clock',
    ],
    ['rounds in text', { ...swiss, rounds: '3' }, 'tournament_bad_rounds', 'rounds'],
    ['a start in text', { ...swiss, startsAt: 'soon' }, 'tournament_start_in_past', 'startsAt'],
    [
      'a 1 s clock',
      { ...arena, clock: { initialMs: 1_000, incrementMs: 0 } },
      'tournament_bad_clock',
      'clock',
    ],
    [
      'a negative increment',
      { ...arena, clock: { initialMs: 60_000, incrementMs: -1 } },
      'tournament_bad_clock',
      'clock',
    ],
    ['a 99x99 board', { ...arena, variant: '99x99' }, 'tournament_bad_variant', 'variant'],
    ['a knockout', { ...arena, kind: 'knockout' }, 'tournament_bad_kind', 'kind'],
    ['an empty name', { ...arena, name: '  ' }, 'tournament_bad_name', 'name'],
    [
      'a name with a right-to-left override',
      { ...arena, name: 'abc\u202Eexe' },
      'tournament_bad_name',
      'name',
    ],
  ])('refuses %s', (_what, input, code, field) => {
    const r = validateSettings(input, NOW);
    expect(r.ok ? 'accepted' : [r.error.code, r.error.field]).toEqual([code, field]);
    if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
  });
});
