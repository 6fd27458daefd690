import { dueAt, leaveApplies } from './game/deadlines.js';
import type { GameService } from './games.js';
import type { Hub } from './hub/hub.js';
import type { Logger } from './log.js';
import type { GameStore } from './store/types.js';

/** Games read per sweep; the rest wait for the next one. */
const BATCH = 100;
/** A game whose stored `due_at` matched nothing is looked at again this much later. */
const RECHECK_MS = 60_000;

export interface SweeperDeps {
  readonly store: GameStore;
  readonly service: GameService;
  readonly hub: Hub;
  readonly now: () => number;
  readonly log: Logger;
  readonly intervalMs: number;
}

/**
 * Ends the games that are due to end by themselves when nobody has them open (a side that
 * never made its first move and left, a flag in an abandoned game), and hands games whose side
 * to move may have left to the hub to watch. The hub's timers do the same for open games; this
 * covers the rest, and a restart: every process sweeps (the store's `due_at` index finds the
 * games), and the version check applies each ending once whichever process gets there first.
 */
export class DeadlineSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly deps: SweeperDeps) {}

  /** Sweeps once (before the server takes connections: what fell due while it was down), then every interval. */
  async start(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => {
      this.sweep().catch((e: unknown) => {
        this.deps.log.warn('deadline sweep failed', { error: String(e) });
      });
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** One pass; returns how many games it looked at. */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const now = this.deps.now();
      const games = await this.deps.store.dueGames(now, BATCH);
      for (const game of games) {
        const due = dueAt(game);
        if (due !== null && due <= now) {
          const settled = await this.deps.service.settle(game.id);
          if (!settled.ok) {
            this.deps.log.warn('deadline not settled', { game: game.id, code: settled.error.code });
          }
        } else if (leaveApplies(game) && game.limits) {
          // Whether the side to move is connected is known only to the processes it is
          // connected on: the hub asks them, and decides once it has seen the seat empty for
          // the whole limit. Until then, the sweep need not read the game again.
          await this.deps.hub.watch(game);
          await this.deps.store.postponeDue(game.id, game.version, now + game.limits.leaveMs);
        } else {
          await this.deps.store.postponeDue(game.id, game.version, now + RECHECK_MS);
        }
      }
      return games.length;
    } finally {
      this.running = false;
    }
  }
}
