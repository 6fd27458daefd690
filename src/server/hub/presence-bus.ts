import { PRESENCE_CHANNEL, gameChannel, type Bus } from '../bus/types.js';
import { PRESENCE_TTL_MS, type SeatCounts } from './presence.js';

/**
 * What this process tells the others about its connections, over the bus: one game's counts,
 * or a heartbeat slice's in one message. A failed send (Redis down or reconnecting) means
 * reports may have been lost both ways, so absence is trusted again only once every process
 * has had time to report afresh (`trustedFrom`).
 */
export class PresenceReports {
  private troubleAt = -Infinity;

  constructor(private readonly deps: { bus: Bus; node: string; now: () => number }) {}

  /** One game's counts; `ask` makes every other process with the game open answer at once. */
  publish(gameId: string, counts: SeatCounts, ask = false): void {
    this.deps.bus
      .publish(gameChannel(gameId), {
        kind: 'presence',
        gameId,
        node: this.deps.node,
        counts,
        at: this.deps.now(),
        ...(ask ? { ask } : {}),
      })
      .catch(() => {
        this.trouble();
      });
  }

  /**
   * A slice's reports in one bus message rather than one per game: at 5,000 games on two
   * processes the heartbeat was a thousand publishes a second, each read by every process,
   * against some 1,500 moves a second. Sent even empty: it is also how the others learn that
   * this process reads batches.
   */
  publishBatch(games: readonly (readonly [string, number, number])[]): void {
    this.deps.bus
      .publish(PRESENCE_CHANNEL, {
        kind: 'presenceBatch',
        node: this.deps.node,
        at: this.deps.now(),
        games,
      })
      .catch(() => {
        this.trouble();
      });
  }

  /** The bus failed: reports from other processes may have been lost. */
  trouble(): void {
    this.troubleAt = this.deps.now();
  }

  /** From when absence can be trusted (every process has reported since the last trouble). */
  trustedFrom(): number {
    return this.troubleAt + PRESENCE_TTL_MS;
  }
}
