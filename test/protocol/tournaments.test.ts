import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  TournamentClientMessageSchemas,
  TournamentErrorCode,
  TournamentResponseSchema,
  TournamentServerMessageSchemas,
  type TournamentDetail,
} from '../../src/protocol/index.js';

const secret = 'A'.repeat(24);
const detail: TournamentDetail = {
  id: 'abcdefgh1234',
  kind: 'swiss',
  name: 'Daily Swiss',
  game: 'classic',
  variant: '7x6c4',
  clock: { initialMs: 300_000, incrementMs: 3_000 },
  status: 'running',
  startsAt: 1,
  endsAt: null,
  rounds: 7,
  round: 2,
  players: 2,
  private: false,
  createdBy: null,
  standings: [
    {
      rank: 1,
      playerId: 'p1p1p1p1',
      name: 'Ada',
      rating: 1500,
      score: 1,
      games: 1,
      withdrawn: false,
      buchholz: 0,
      sonnebornBerger: 0,
    },
  ],
  pairings: [
    {
      round: 1,
      gameId: 'gggggggg',
      first: { playerId: 'p1p1p1p1', name: 'Ada' },
      second: null,
      outcome: 'bye',
    },
  ],
};

describe('tournament protocol', () => {
  it('reads a tournament and ignores fields a newer server adds', () => {
    const parsed = TournamentResponseSchema.safeParse({ tournament: { ...detail, extra: 1 } });
    expect(parsed.success && parsed.data.tournament).toEqual(detail);
  });

  it('client messages are strict and check formats', () => {
    const join = TournamentClientMessageSchemas.tournamentJoin;
    expect(
      join.safeParse({ type: 'tournamentJoin', tournamentId: 'abcdefgh', player: secret, secret })
        .success,
    ).toBe(true);
    expect(
      join.safeParse({
        type: 'tournamentJoin',
        tournamentId: 'abcdefgh',
        player: secret,
        secret,
        x: 1,
      }).success,
    ).toBe(false);
    expect(
      join.safeParse({ type: 'tournamentJoin', tournamentId: '../etc', player: secret, secret })
        .success,
    ).toBe(false);
    const create = TournamentClientMessageSchemas.tournamentCreate;
    const settings = {
      kind: 'arena',
      name: 'Mine',
      variant: '7x6',
      clock: { initialMs: 60_000, incrementMs: 0 },
      startsAt: 0,
      durationMinutes: 30,
    };
    expect(create.safeParse({ type: 'tournamentCreate', player: secret, settings }).success).toBe(
      true,
    );
    // The schema checks the field names only: every value is the core's to judge, with the
    // field's own code (a kind of "knockout" or a null clock as much as 0 rounds).
    for (const odd of [{ clock: null }, { kind: 'knockout' }, { name: 7 }, { rounds: '3' }]) {
      expect(
        create.safeParse({
          type: 'tournamentCreate',
          player: secret,
          settings: { ...settings, ...odd },
        }).success,
      ).toBe(true);
    }
    expect(
      create.safeParse({
        type: 'tournamentCreate',
        player: secret,
        settings: { ...settings, colour: 'red' },
      }).success,
    ).toBe(false);
  });

  it('a pairing names the game and seat', () => {
    const msg = {
      type: 'tournamentPairing',
      tournamentId: 'abcdefgh',
      gameId: 'gggggggg',
      seat: 2,
      opponent: { playerId: 'p2p2p2p2', name: 'Bo', rating: 1490 },
      round: null,
    };
    expect(TournamentServerMessageSchemas.tournamentPairing.safeParse(msg).success).toBe(true);
  });

  it('every tournament error code and message type is documented', () => {
    const doc = readFileSync('docs/protocol.md', 'utf8');
    for (const code of Object.values(TournamentErrorCode)) expect(doc).toContain(`\`${code}\``);
    for (const type of [
      ...Object.keys(TournamentClientMessageSchemas),
      ...Object.keys(TournamentServerMessageSchemas),
    ]) {
      expect(doc).toContain(`\`${type}\``);
    }
  });
});
