import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { Position, parseVariant } from '../../src/core/index.js';
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

  /**
   * `keepPlayingUntil`: before that many moves, never drop a disc that wins at once (unless every
   * move does), so a test that needs more turns cannot see the game end early by chance.
   */
  constructor(
    readonly client: OnlineClient,
    private readonly keepPlayingUntil = 0,
  ) {
    client.on('game', (game) => {
      this.consider(game);
    });
  }

  /** No proposals once the game has this many moves, until `resume` (to act between moves). */
  private holdAt = Infinity;
  private lastGame: PublicGame | undefined;

  holdAtMoves(moves: number): void {
    this.holdAt = moves;
  }

  resume(): void {
    this.holdAt = Infinity;
    if (this.lastGame) this.consider(this.lastGame);
  }

  /** Called right after the n-th proposal is sent (to kill a server mid-move). */
  onPropose(hook: (n: number) => void): void {
    this.afterPropose = hook;
  }

  private consider(game: PublicGame): void {
    this.lastGame = game;
    if (game.moves.length >= this.holdAt) return;
    const seat = this.client.seat;
    if (game.status !== 'playing' || seat === null || game.turn !== seat) return;
    if (this.proposed === game.version) return;
    this.proposed = game.version;
    const variant = parseVariant(game.variant);
    if (!variant.ok) throw variant.error;
    const position = Position.fromMoves(variant.value, game.moves);
    if (!position.ok) throw position.error;
    const legal = position.value.legalColumns();
    const quiet = legal.filter((c) => {
      const probe = position.value.clone();
      const played = probe.play(c);
      return played.ok && played.value.kind !== 'win';
    });
    const choices = game.moves.length < this.keepPlayingUntil && quiet.length > 0 ? quiet : legal;
    const column = choices[Math.floor(Math.random() * choices.length)]!;
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

/** Waits (vitest's `vi.waitFor`) until `test` holds; the error names `what` on a timeout. */
export async function until(
  test: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await test())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

/**
 * Every acknowledged move is in the final game exactly where it was played, and the version
 * count shows no move was applied twice. `firstMoveVersion` is the version the first move was
 * made on. Each of `restarts` restarts of the whole service may have added one version that is
 * not a move (clock time given back for the outage), shifting the later moves' versions by one.
 */
export function checkExactlyOnce(
  game: PublicGame,
  bots: readonly Bot[],
  firstMoveVersion: number,
  restarts = 0,
): void {
  const acked = bots.flatMap((bot) => [...bot.acked]).sort(([a], [b]) => a - b);
  let shift = 0;
  for (const [version, column] of acked) {
    while (shift <= restarts && game.moves[version - firstMoveVersion - shift] !== column) shift++;
    if (shift > restarts) {
      throw new Error(`acked move ${column}@${version} missing: ${JSON.stringify(game.moves)}`);
    }
  }
  const extra = game.result?.reason === 'timeout' || game.result?.reason === 'resign' ? 1 : 0;
  const others = game.version - (firstMoveVersion + game.moves.length + extra);
  if (others < shift || others > restarts) {
    throw new Error(`version ${game.version} does not match ${game.moves.length} moves`);
  }
}
