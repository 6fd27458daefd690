import type { TournamentDetail } from '../../src/protocol/index.js';

/**
 * A running public arena with nobody in it yet, as the server sends it (`tournament`): client
 * and server tests vary it with `changes`.
 */
export const sampleTournament = (changes: Partial<TournamentDetail> = {}): TournamentDetail => ({
  id: 'tourney01',
  kind: 'arena',
  name: 'Test arena',
  game: 'classic',
  variant: '7x6c4',
  clock: { initialMs: 60_000, incrementMs: 0 },
  status: 'running',
  startsAt: 0,
  endsAt: 1,
  rounds: null,
  round: null,
  players: 0,
  private: false,
  createdBy: null,
  standings: [],
  pairings: [],
  ...changes,
});
