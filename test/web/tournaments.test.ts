import { describe, expect, it } from 'vitest';
import type { TournamentDetail, TournamentSummary } from '../../src/protocol/index.js';
import { TournamentErrorCode } from '../../src/protocol/index.js';
import {
  countdownText,
  durationText,
  lengthText,
  openGameOf,
  pairingAnnouncement,
  pairingText,
  participation,
  podium,
  pointsText,
  sections,
  standingRows,
  summaryText,
} from '../../src/web/online/tournaments/model.js';
import { settingsOf, tournamentRefusalText } from '../../src/web/online/tournaments/words.js';
import { brokenOnlineLink, parseRoute, routeHash } from '../../src/web/online/routes.js';

const MIN = 60_000;

const summary = (over: Partial<TournamentSummary> = {}): TournamentSummary => ({
  id: 'tourney01',
  kind: 'arena',
  name: 'Hourly blitz',
  game: 'classic',
  variant: '7x6c4',
  clock: { initialMs: 3 * MIN, incrementMs: 2000 },
  status: 'running',
  startsAt: 0,
  endsAt: 55 * MIN,
  rounds: null,
  round: null,
  players: 2,
  private: false,
  createdBy: null,
  ...over,
});

const detail = (over: Partial<TournamentDetail> = {}): TournamentDetail => ({
  ...summary(),
  standings: [
    {
      rank: 1,
      playerId: 'ada',
      name: 'Ada',
      rating: 1600,
      score: 6,
      games: 3,
      withdrawn: false,
      onFire: true,
      performance: 1987.4,
    },
    {
      rank: 2,
      playerId: 'bob',
      name: 'Bob',
      rating: 1500,
      score: 2,
      games: 3,
      withdrawn: true,
      onFire: false,
      performance: null,
    },
    { rank: 3, playerId: 'cy', name: 'Cy', rating: 1400, score: 0, games: 0, withdrawn: false },
  ],
  pairings: [
    {
      round: null,
      gameId: 'game0001',
      first: { playerId: 'cy', name: 'Cy' },
      second: { playerId: 'ada', name: 'Ada' },
      outcome: null,
    },
    {
      round: null,
      gameId: 'game0000',
      first: { playerId: 'ada', name: 'Ada' },
      second: { playerId: 'bob', name: 'Bob' },
      outcome: 'first',
    },
  ],
  ...over,
});

describe('the tournament pages as data', () => {
  it('lists running (ending first), upcoming (starting first) and finished (latest first)', () => {
    const s = sections([
      summary({ id: 'r-late', endsAt: 50 * MIN }),
      summary({ id: 'u-late', status: 'upcoming', startsAt: 90 * MIN }),
      summary({ id: 'f-old', status: 'finished', endsAt: 1 * MIN }),
      summary({ id: 'r-soon', endsAt: 10 * MIN }),
      summary({ id: 'u-soon', status: 'upcoming', startsAt: 5 * MIN }),
      summary({ id: 'f-new', status: 'finished', endsAt: 3 * MIN }),
    ]);
    expect(s.running.map((t) => t.id)).toEqual(['r-soon', 'r-late']);
    expect(s.upcoming.map((t) => t.id)).toEqual(['u-soon', 'u-late']);
    expect(s.finished.map((t) => t.id)).toEqual(['f-new', 'f-old']);
    expect(summaryText(summary())).toBe('Arena, 55 min · Classic 7×6, connect 4 · 3+2 · 2 players');
    expect(summaryText(summary({ game: 'popout', variant: '8x7c4' }))).toContain(
      ' · PopOut 8×7, connect 4 · ',
    );
    expect(summaryText(summary({ game: 'five', variant: '9x6c5' }))).toContain(
      ' · Five-in-a-Row 9×6 · ',
    );
    expect(summaryText(summary({ kind: 'swiss', rounds: 7, players: 1 }))).toBe(
      'Swiss, 7 rounds · Classic 7×6, connect 4 · 3+2 · 1 player',
    );
  });

  it('counts down to the start and the end, and says the round of a Swiss', () => {
    expect(durationText(4 * MIN + 59_500)).toBe('5:00');
    expect(durationText(9_000)).toBe('0:09');
    expect(lengthText(90)).toBe('1 h 30 min');
    expect(lengthText(120)).toBe('2 h');
    expect(durationText(125 * MIN)).toBe('2 h 05 min');
    expect(durationText(50 * 60 * MIN)).toBe('2 d 2 h');
    expect(countdownText(summary({ status: 'upcoming', startsAt: 5 * MIN }), 0)).toBe(
      'Starts in 5:00',
    );
    expect(countdownText(summary(), 43 * MIN)).toBe('Ends in 12:00');
    expect(countdownText(summary(), 56 * MIN)).toBe('Time is up: the last games finish');
    expect(countdownText(summary({ kind: 'swiss', rounds: 5, round: 2, endsAt: null }), 1)).toBe(
      'Round 2 of 5',
    );
    expect(countdownText(summary({ status: 'finished' }), 1)).toBe('Finished');
  });

  it('shows points (halves as ½), flames, paused players and the tiebreak; marks the viewer', () => {
    const rows = standingRows(detail(), 'bob');
    expect(rows[0]).toMatchObject({
      name: 'Ada',
      score: '6',
      onFire: true,
      tiebreak: 'performance 1987',
      me: false,
    });
    expect(rows[1]).toMatchObject({ state: 'Paused', onFire: false, tiebreak: '', me: true });
    expect(pointsText(2.5)).toBe('2½');
    expect(pointsText(0.5)).toBe('½');
    const swiss = detail({
      kind: 'swiss',
      standings: [
        {
          rank: 1,
          playerId: 'a',
          name: 'A',
          rating: 1,
          score: 1.5,
          games: 2,
          withdrawn: true,
          buchholz: 2.5,
          sonnebornBerger: 1,
        },
      ],
    });
    expect(standingRows(swiss, undefined)[0]).toMatchObject({
      score: '1½',
      state: 'Withdrawn',
      tiebreak: 'Buchholz 2½, SB 1',
    });
  });

  it('gives Join, Pause, Withdraw or Join again by where the viewer stands, and why not', () => {
    expect(participation(detail(), undefined)).toEqual({ kind: 'unnamed' });
    expect(participation(detail(), 'ada')).toEqual({ kind: 'in', action: 'Pause' });
    expect(participation(detail(), 'bob')).toEqual({ kind: 'out', action: 'Join again' });
    expect(participation(detail(), 'newcomer')).toEqual({ kind: 'out', action: 'Join' });
    expect(participation(detail({ kind: 'swiss', round: 0 }), 'ada')).toEqual({
      kind: 'in',
      action: 'Withdraw',
    });
    expect(participation(detail({ kind: 'swiss', round: 1 }), 'newcomer')).toMatchObject({
      kind: 'closed',
    });
    expect(participation(detail({ status: 'finished' }), 'ada')).toMatchObject({ kind: 'closed' });
  });

  it('finds the viewer’s game being played, words the games and the podium at the end', () => {
    expect(openGameOf(detail(), 'ada')?.gameId).toBe('game0001');
    expect(openGameOf(detail(), 'bob')).toBeUndefined();
    expect(pairingText(detail().pairings[0]!)).toBe('Cy – Ada, playing');
    expect(pairingText(detail().pairings[1]!)).toBe('Ada – Bob, 1–0');
    expect(
      pairingText({
        round: 3,
        gameId: null,
        first: { playerId: 'a', name: 'A' },
        second: null,
        outcome: 'bye',
      }),
    ).toBe('Round 3: A, bye');
    expect(podium(detail())).toEqual([]);
    // Nobody who never played stands on the podium.
    expect(podium(detail({ status: 'finished' })).map((s) => s.name)).toEqual(['Ada', 'Bob']);
  });

  it('announces a pairing with the opponent, the colour and the round', () => {
    expect(
      pairingAnnouncement({ seat: 1, opponent: { name: 'Bob', rating: 1512.6 }, round: null }),
    ).toBe('your next game is against Bob (1513). You play Red, you move first.');
    expect(
      pairingAnnouncement({ seat: 2, opponent: { name: 'Ada', rating: 1600 }, round: 2 }),
    ).toBe('Round 2: your next game is against Ada (1600). You play Yellow, you move second.');
  });
});

describe('the create form and refusals', () => {
  it('turns the form into settings: minutes ahead, clock in ms, length or rounds by kind', () => {
    const fields = {
      kind: 'arena',
      name: ' Friday ',
      game: 'classic',
      variant: '5x4c3',
      clock: '3+2',
      minutes: '30',
      rounds: '5',
      startIn: '15',
    };
    expect(settingsOf(fields, 1_000_000)).toEqual({
      kind: 'arena',
      name: 'Friday',
      variant: '5x4c3',
      clock: { initialMs: 180_000, incrementMs: 2000 },
      startsAt: 1_000_000 + 15 * MIN + 5000,
      durationMinutes: 30,
    });
    const swiss = settingsOf({ ...fields, kind: 'swiss', rounds: 'x' }, 0);
    expect(swiss).toMatchObject({ kind: 'swiss', rounds: 0 });
    expect(swiss).not.toHaveProperty('durationMinutes');
    expect(swiss).not.toHaveProperty('game');
  });

  it('names the family game: PopOut on the chosen board, Five-in-a-Row on its own', () => {
    const fields = {
      kind: 'arena',
      name: 'Pops',
      game: 'popout',
      variant: '8x7c4',
      clock: '3+2',
      minutes: '30',
      rounds: '5',
      startIn: '0',
    };
    expect(settingsOf(fields, 0)).toMatchObject({ game: 'popout', variant: '8x7c4' });
    const five = settingsOf({ ...fields, game: 'five' }, 0);
    expect(five).toMatchObject({ game: 'five' });
    expect(five).not.toHaveProperty('variant');
  });

  it('says every tournament refusal in words, never a bare code', () => {
    for (const code of Object.values(TournamentErrorCode)) {
      const text = tournamentRefusalText({ code, message: 'x' });
      expect(text, code).not.toContain(code);
      expect(text, code).toMatch(/^[A-Z].*\.$/);
    }
    expect(tournamentRefusalText({ code: 'tournament_bad_rounds', message: '' })).toBe(
      'A Swiss has 1 to 20 rounds.',
    );
    expect(tournamentRefusalText({ code: 'something_new', message: 'because' })).toBe(
      'The server refused it: because.',
    );
  });

  it('routes the Tournaments page and one tournament, and refuses a bad id', () => {
    expect(parseRoute('#tournaments')).toEqual({ kind: 'tournaments' });
    expect(parseRoute('#tournament=abcdEFGH12')).toEqual({
      kind: 'tournament',
      tournamentId: 'abcdEFGH12',
    });
    expect(parseRoute('#tournament=<x>')).toBeUndefined();
    expect(brokenOnlineLink('#tournament=<x>')).toMatch(/names no tournament/);
    expect(routeHash({ kind: 'tournament', tournamentId: 'abcdEFGH12' })).toBe(
      '#tournament=abcdEFGH12',
    );
  });
});
