import { WebSocket } from 'ws';
import { OnlineClient, type PublicGame, type SocketLike } from '../../src/web/online/client.js';

/** The real client library, over `ws` instead of the browser's WebSocket. */
export function nodeClient(baseUrl: string): OnlineClient {
  return new OnlineClient({
    url: baseUrl.replace(/^http/, 'ws') + 'ws',
    socket: (url) => new WebSocket(url) as unknown as SocketLike,
    minReconnectMs: 100,
    maxReconnectMs: 800,
  });
}

/**
 * Plays random legal moves for one seat whenever it is that seat's turn, re-proposing after
 * every reconnect or resync, and records each move the server acknowledged (version → column).
 */
export class Bot {
  readonly acked = new Map<number, number>();
  private proposed = -1;
  private afterPropose: ((n: number) => void) | undefined;
  proposals = 0;

  constructor(
    readonly client: OnlineClient,
    private readonly width = 7,
  ) {
    client.on('game', (game) => {
      this.consider(game);
    });
  }

  /** Called right after the n-th proposal is sent (to kill a server mid-move). */
  onPropose(hook: (n: number) => void): void {
    this.afterPropose = hook;
  }

  private consider(game: PublicGame): void {
    const seat = this.client.seat;
    if (game.status !== 'playing' || seat === null || game.turn !== seat) return;
    if (this.proposed === game.version) return;
    this.proposed = game.version;
    const heights = new Array<number>(this.width).fill(0);
    for (const c of game.moves) heights[c]!++;
    const height = Number(game.variant.split('x')[1]!.split('c')[0]);
    const legal = heights.flatMap((h, c) => (h < height ? [c] : []));
    const column = legal[Math.floor(Math.random() * legal.length)]!;
    const version = game.version;
    this.proposals++;
    const reply = this.client.move(column);
    this.afterPropose?.(this.proposals);
    reply
      .then((r) => {
        if (r.type === 'ack') this.acked.set(version, column);
        // Lost in a disconnect: the next snapshot after rejoining tells us where we stand.
        else if (r.type === 'error' && r.code === 'disconnected') this.proposed = -1;
      })
      .catch(() => undefined);
  }
}

export async function until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Every acknowledged move is in the final game exactly where it was played, and the version
 * count shows no move was applied twice. `firstMoveVersion` is the version the first move was made on.
 */
export function checkExactlyOnce(
  game: PublicGame,
  bots: readonly Bot[],
  firstMoveVersion: number,
): void {
  for (const bot of bots) {
    for (const [version, column] of bot.acked) {
      const index = version - firstMoveVersion;
      if (game.moves[index] !== column) {
        throw new Error(`acked move ${column}@${version} missing: ${JSON.stringify(game.moves)}`);
      }
    }
  }
  const extra = game.result?.reason === 'timeout' || game.result?.reason === 'resign' ? 1 : 0;
  if (game.version !== firstMoveVersion + game.moves.length + extra) {
    throw new Error(`version ${game.version} does not match ${game.moves.length} moves`);
  }
}
