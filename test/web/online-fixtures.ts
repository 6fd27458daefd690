import type { PublicGame } from '../../src/protocol/index.js';
import type { SocketLike } from '../../src/web/online/connection/connection.js';

/** A classic game in play after `44`, both seats connected: tests vary it with spreads. */
export const SAMPLE_GAME: PublicGame = {
  id: 'abcdefgh',
  version: 3,
  game: 'classic',
  variant: '7x6c4',
  clock: null,
  status: 'playing',
  seats: [
    { taken: true, connected: true },
    { taken: true, connected: true },
  ],
  moves: [3, 3],
  pops: [],
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

/** A socket the test drives by hand: it opens when told and records what the client sent. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}
