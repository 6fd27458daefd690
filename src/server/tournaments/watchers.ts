import { tournamentWatchChannel, type Bus } from '../bus/types.js';
import type { Logger } from '../log.js';
import type { TournamentDetail } from '../../protocol/index.js';
import type { Session } from '../session.js';

/** A tournament's watchers hear of its changes at most this often (per process). */
export const WATCH_PUSH_MS = 1000;

export interface WatcherDeps {
  readonly bus: Bus;
  /** The tournament as `GET /api/tournaments/:id` gives it. */
  readonly detail: (tournamentId: string) => Promise<TournamentDetail | undefined>;
  readonly now: () => number;
  readonly log?: Logger;
  readonly intervalMs?: number;
}

/**
 * The connections following a tournament with `tournamentWatch` (one tournament each: watching
 * another stops the first), and their `tournament` pushes (docs/protocol.md, "Tournaments").
 * Whichever process changes a tournament (a join, a pairing, a result, the start or the end)
 * publishes `tournamentChanged` on the tournament's watch channel; every process with a
 * watcher reads the tournament once and sends it to all of its watchers. A burst of changes
 * (an arena pairing fifty players in one tick) gives one read and one push per interval: the
 * first change is sent at once, the ones within the interval after it together at its end.
 */
export class TournamentWatchers {
  private readonly watching = new Map<string, Set<Session>>();
  private readonly watched = new Map<Session, string>();
  private readonly lastPush = new Map<string, number>();
  private readonly due = new Map<string, ReturnType<typeof setTimeout>>();
  /** Reads started and the latest one sent, per tournament: a slow read never undoes a newer. */
  private readonly reads = new Map<string, { started: number; sent: number }>();
  /** The last snapshot sent per tournament, as JSON. */
  private readonly lastSent = new Map<string, string>();
  private closed = false;

  constructor(private readonly deps: WatcherDeps) {
    deps.bus.onMessage((channel, message) => {
      if (message.kind !== 'tournamentChanged') return;
      if (channel !== tournamentWatchChannel(message.tournamentId)) return;
      this.schedule(message.tournamentId);
    });
  }

  /**
   * The session follows `tournamentId` from now on (and no other). Resolves once this process
   * listens, so a change made after the snapshot the caller then reads is pushed.
   */
  async watch(tournamentId: string, session: Session): Promise<void> {
    if (this.watched.get(session) === tournamentId) return;
    this.removeSession(session);
    let sessions = this.watching.get(tournamentId);
    if (!sessions) {
      sessions = new Set();
      this.watching.set(tournamentId, sessions);
      await this.deps.bus.subscribe(tournamentWatchChannel(tournamentId));
    }
    sessions.add(session);
    this.watched.set(session, tournamentId);
  }

  /** The session has gone (or watches nothing any more). */
  removeSession(session: Session): void {
    const tournamentId = this.watched.get(session);
    if (tournamentId === undefined) return;
    this.watched.delete(session);
    const sessions = this.watching.get(tournamentId);
    sessions?.delete(session);
    if (sessions?.size !== 0) return;
    this.watching.delete(tournamentId);
    clearTimeout(this.due.get(tournamentId));
    this.due.delete(tournamentId);
    this.lastPush.delete(tournamentId);
    this.reads.delete(tournamentId);
    this.lastSent.delete(tournamentId);
    this.deps.bus.unsubscribe(tournamentWatchChannel(tournamentId)).catch(() => undefined);
  }

  /** This process changed the tournament: every process's watchers will hear of it. */
  changed(tournamentId: string): void {
    // At most once, as every bus message; the next change (or a reload) brings it up to date.
    this.deps.bus
      .publish(tournamentWatchChannel(tournamentId), { kind: 'tournamentChanged', tournamentId })
      .catch((e: unknown) => {
        this.deps.log?.warn('tournament change not published', { error: String(e) });
      });
  }

  /** How many sessions watch, for tests and metrics. */
  get size(): number {
    return this.watched.size;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }

  private schedule(tournamentId: string): void {
    if (this.closed || !this.watching.has(tournamentId) || this.due.has(tournamentId)) return;
    const interval = this.deps.intervalMs ?? WATCH_PUSH_MS;
    const wait = Math.max(
      0,
      (this.lastPush.get(tournamentId) ?? -Infinity) + interval - this.deps.now(),
    );
    const timer = setTimeout(() => {
      void this.push(tournamentId);
    }, wait);
    timer.unref();
    this.due.set(tournamentId, timer);
  }

  private async push(tournamentId: string): Promise<void> {
    this.lastPush.set(tournamentId, this.deps.now());
    // Cleared before the read: a change during it may not be in it, so it schedules the next.
    this.due.delete(tournamentId);
    const reads = this.reads.get(tournamentId) ?? { started: 0, sent: 0 };
    this.reads.set(tournamentId, reads);
    const mine = ++reads.started;
    let tournament: TournamentDetail | undefined;
    try {
      tournament = await this.deps.detail(tournamentId);
    } catch (e) {
      this.deps.log?.warn('tournament not read for its watchers', { error: String(e) });
    }
    if (!tournament || mine < reads.sent) return;
    reads.sent = mine;
    // A change that shows nothing new (a presence mark, a repeated notice) is not sent again.
    const text = JSON.stringify(tournament);
    if (text === this.lastSent.get(tournamentId)) return;
    this.lastSent.set(tournamentId, text);
    for (const session of this.watching.get(tournamentId) ?? []) {
      if (session.open) session.push({ type: 'tournament', tournament });
    }
  }
}
