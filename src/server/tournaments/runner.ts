import type { Logger } from '../log.js';
import { nextStart, type ScheduleEntry } from './schedule.js';
import type { TournamentService } from './service.js';

/** How often each process steps the tournaments (pairing delay is at most this). */
export const TICK_MS = 1000;

/**
 * Keeps the schedule filled (each next occurrence created once, whichever process comes first:
 * the schedule key is unique) and steps the running tournaments every tick.
 */
export class TournamentRunner {
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;
  /** Keys this process already created or found: no insert attempt every tick. */
  private readonly known = new Set<string>();

  constructor(
    private readonly deps: {
      readonly service: TournamentService;
      readonly schedule: readonly ScheduleEntry[];
      readonly now: () => number;
      readonly log: Logger;
      readonly tickMs?: number;
    },
  ) {}

  /** Creates the next occurrence of every scheduled tournament that does not exist yet. */
  async fillSchedule(now: number): Promise<void> {
    for (const entry of this.deps.schedule) {
      const startsAt = nextStart(entry, now);
      const scheduleKey = `${entry.key}@${new Date(startsAt).toISOString()}`;
      if (this.known.has(scheduleKey)) continue;
      const made = await this.deps.service.create({ ...entry.settings, startsAt }, now, {
        creator: null,
        private: false,
        scheduleKey,
      });
      this.known.add(scheduleKey);
      if (!made.ok)
        this.deps.log.warn('scheduled tournament refused', {
          key: entry.key,
          error: made.error.message,
        });
    }
  }

  /** One round of work; overlapping calls are skipped (a slow store must not pile them up). */
  async once(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = this.deps.now();
      await this.fillSchedule(now);
      await this.deps.service.tick(now);
    } catch (e) {
      this.deps.log.warn('tournament tick failed', { error: String(e) });
    } finally {
      this.busy = false;
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.once(), this.deps.tickMs ?? TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
