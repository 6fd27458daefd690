import type { AwaySince } from '../game/view.js';

/** Presence reports older than this are ignored, so a killed process stops counting. */
export const PRESENCE_TTL_MS = 25_000;
export const PRESENCE_HEARTBEAT_MS = 10_000;

export type SeatCounts = readonly [number, number];
export type Connected = readonly [boolean, boolean];

/**
 * Who holds each seat of one game across processes: the other processes' reports (with the
 * time they were sent) plus this process's own counts, passed in. Pure: the time is an
 * argument, nothing is sent.
 */
export class SeatPresence {
  private readonly remote = new Map<string, { counts: SeatCounts; at: number }>();
  private told: Connected = [false, false];
  /**
   * Since when each seat has had no connection on any process, as seen here (null: it has
   * one). Both start away until the reports come in, so absence is never dated earlier than
   * this process could see it: a leave may come late, never early.
   */
  private readonly away: [number | null, number | null];

  constructor(openedAt: number) {
    this.away = [openedAt, openedAt];
  }

  /** Another process's counts; true when that process had not reported on this game before. */
  report(node: string, counts: SeatCounts, at: number): boolean {
    const isNew = !this.remote.has(node);
    this.remote.set(node, { counts, at });
    return isNew;
  }

  /** The processes that reported on this game. */
  reporters(): IterableIterator<string> {
    return this.remote.keys();
  }

  /** Whether each seat has a connection here (`local`) or in a fresh report; stale ones go. */
  connected(local: SeatCounts, now: number): Connected {
    const counts: [number, number] = [local[0], local[1]];
    const fresh = now - PRESENCE_TTL_MS;
    for (const [node, report] of this.remote) {
      if (report.at < fresh) {
        this.remote.delete(node);
        continue;
      }
      counts[0] += report.counts[0];
      counts[1] += report.counts[1];
    }
    return [counts[0] > 0, counts[1] > 0];
  }

  /** Whether `connected` differs from what the members were last told. */
  changedSinceTold(connected: Connected): boolean {
    return connected[0] !== this.told[0] || connected[1] !== this.told[1];
  }

  /** The members were told `connected` at `now`. */
  markTold(connected: Connected, now: number): void {
    this.markAway(connected, now);
    this.told = connected;
  }

  /** Dates each seat's absence from the first moment it was seen. */
  markAway(connected: Connected, now: number): void {
    for (const i of [0, 1] as const) {
      this.away[i] = connected[i] ? null : (this.away[i] ?? now);
    }
  }

  /** Since when each seat has been away, counting only time from `trustedFrom` on. */
  awaySince(trustedFrom: number): AwaySince {
    return [
      this.away[0] === null ? null : Math.max(this.away[0], trustedFrom),
      this.away[1] === null ? null : Math.max(this.away[1], trustedFrom),
    ];
  }

  /** Whether a fresh report from another process has seat index `i` connected. */
  heldElsewhere(i: 0 | 1, now: number): boolean {
    const fresh = now - PRESENCE_TTL_MS;
    return [...this.remote.values()].some((r) => r.at >= fresh && r.counts[i] > 0);
  }
}

/**
 * The processes heard sending batched heartbeats (so they read them too), and when: a game
 * may be reported in a batch only when every process reporting on it reads batches.
 */
export class BatchReaders {
  private readonly heard = new Map<string, number>();

  heardFrom(node: string, at: number, now: number): void {
    // Each start is a new node id: those not heard from for a while are forgotten.
    if (!this.heard.has(node)) {
      const fresh = now - PRESENCE_TTL_MS;
      for (const [old, last] of this.heard) if (last < fresh) this.heard.delete(old);
    }
    this.heard.set(node, at);
  }

  allRead(nodes: Iterable<string>, now: number): boolean {
    const fresh = now - PRESENCE_TTL_MS;
    for (const node of nodes) if ((this.heard.get(node) ?? -Infinity) < fresh) return false;
    return true;
  }
}

/**
 * The heartbeat goes round the rooms in slices rather than all at once: thousands of rooms in
 * one callback held the event loop for tens of milliseconds every ten seconds (a move arriving
 * then waited for all of them), and with Redis sent thousands of reports in one burst that
 * every other process then handled in one burst too. Each slice takes a `slices`-th of the
 * rooms, the fraction carried over, so a handful of rooms are still visited once per round,
 * not once per slice. A Map's iterator sees rooms added during a round.
 */
export class HeartbeatRound<T> {
  private cursor: Iterator<T> | undefined;
  private credit = 0;

  constructor(private readonly slices: number) {}

  next(items: { readonly size: number; values(): Iterator<T> }): T[] {
    this.credit = Math.min(items.size, this.credit + items.size / this.slices);
    const visit: T[] = [];
    while (this.credit >= 1) {
      this.cursor ??= items.values();
      const next = this.cursor.next();
      if (next.done === true) {
        // A round ends; the next starts where the credit allows.
        this.cursor = undefined;
        if (items.size === 0) return visit;
        continue;
      }
      this.credit--;
      visit.push(next.value);
    }
    return visit;
  }
}
