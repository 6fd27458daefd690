import type { PublicGame } from '../../src/protocol/index.js';

/** A classic game in play after `44`, both seats connected: tests vary it with spreads. */
export const SAMPLE_GAME: PublicGame = {
  id: 'abcdefgh',
  version: 3,
  variant: '7x6c4',
  clock: null,
  status: 'playing',
  seats: [
    { taken: true, connected: true },
    { taken: true, connected: true },
  ],
  moves: [3, 3],
  notation: '44',
  turn: 1,
  clocks: null,
  result: null,
  winCells: [],
  rematch: { offeredBy: null, gameId: null },
  previousGameId: null,
  abortAt: null,
  leftAt: null,
  createdAt: 0,
  updatedAt: 0,
  players: [null, null],
  rated: false,
  ratingChanges: null,
};
