import type { Player } from '../core/index.js';
import { PRESENCE_CHANNEL, gameChannel, type Bus, type BusMessage } from './bus/types.js';
import { dueAt, leaveApplies, leaveDeadline, turnOf } from './game/deadlines.js';
import { seatIndex, type GameState } from './game/state.js';
import { toPublic } from './game/view.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { PublicGame, ServerMessage } from '../protocol/index.js';

/** A connection as the hub sees it: the seat it holds in its game (null = spectator). */
export interface Member {
  readonly seat: Player | null;
  /** `text`, when given, is `message` already encoded: a broadcast encodes once, not per member. */
  send(message: ServerMessage, text?: string): void;
}

/** Presence reports older than this are ignored, so a killed process stops counting. */
const PRESENCE_TTL_MS = 25_000;
export const PRESENCE_HEARTBEAT_MS = 10_000;
/**
 * The heartbeat goes round the rooms in this many slices per interval rather than all at once:
 * thousands of rooms in one callback held the event loop for tens of milliseconds every ten
 * seconds (a move arriving then waited for all of them), and with Redis sent thousands of
 * reports in one burst that every other process then handled in one burst too.
 */
const HEARTBEAT_SLICES = 20;
/** A deadline that changed nothing (a stale view of the game) is looked at again this late. */
const RETRY_MS = 1000;

interface Room {
  readonly gameId: string;
  latest: GameState;
  readonly members: Set<Member>;
  readonly remote: Map<string, { counts: readonly [number, number]; at: number }>;
  timer: NodeJS.Timeout | undefined;
  lastConnected: readonly [boolean, boolean];
  /**
   * Since when each seat has had no connection on any process, as seen here (null: it has
   * one). A room starts with both away until the reports come in, so absence is never dated
   * earlier than this process could see it: a leave may come late, never early.
   */
  readonly away: [number | null, number | null];
}

/** A seat away on its turn long enough to lose by leaving. */
export interface Away {
  readonly player: Player;
  readonly since: number;
}

export interface HubDeps {
  readonly bus: Bus;
  readonly node: string;
  readonly now: () => number;
  readonly metrics: Metrics;
  readonly log: Logger;
  /**
   * Asks the service to end a game that is due to end by itself (a flag, an abort) or, with
   * `away`, whose side to move has been away past the leave limit.
   */
  readonly onDue: (gameId: string, away: Away | undefined) => Promise<unknown> | undefined;
}

/**
 * The games this process has connections for (and, for the leave rule, games it watches
 * without any): it keeps each one's latest state (highest version wins, whichever process
 * stored it), pushes snapshots to members, tracks which seats are connected on any process and
 * since when they are not, and runs the deadline timers (flag, abort, leave).
 */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Where the heartbeat's round of the rooms stands (a Map iterator sees later additions). */
  private heartbeatCursor: Iterator<Room> | undefined;
  private heartbeatCredit = 0;
  /** The last time presence reports may have been lost (the bus failed to send or receive). */
  private busTroubleAt = -Infinity;
  /** Processes heard sending batched heartbeats (so they read them too), and when. */
  private readonly batchReaders = new Map<string, number>();

  constructor(private readonly deps: HubDeps) {
    deps.bus.onMessage((channel, message) => {
      this.onBus(channel, message);
    });
    this.heartbeat = setInterval(() => {
      this.heartbeatSlice();
    }, PRESENCE_HEARTBEAT_MS / HEARTBEAT_SLICES);
    this.heartbeat.unref();
    deps.bus.subscribe(PRESENCE_CHANNEL).catch(() => {
      this.busTrouble();
    });
  }

  async join(state: GameState, member: Member): Promise<void> {
    let room = this.rooms.get(state.id);
    if (!room) {
      room = await this.open(state);
    } else if (state.version > room.latest.version) {
      room.latest = state;
      this.schedule(room);
    }
    room.members.add(member);
    if (member.seat !== null) this.publishPresence(room);
    if (!this.presenceMoved(room)) member.send({ type: 'game', game: this.view(room) });
  }

  /**
   * Watches a game nobody here has open, for the leave rule: the room learns from the other
   * processes who is connected and decides once the side to move has been away long enough.
   * Kept while the rule applies. False when there is nothing to watch.
   */
  async watch(state: GameState): Promise<boolean> {
    const room = this.rooms.get(state.id);
    if (room) {
      this.update(state);
      return true;
    }
    if (!leaveApplies(state)) return false;
    await this.open(state);
    return true;
  }

  /**
   * The bus failed (Redis down or reconnecting): reports from other processes may have been
   * lost, so a seat that looks empty may be held elsewhere. Absence is trusted again only once
   * every process has had time to report afresh.
   */
  busTrouble(): void {
    this.busTroubleAt = this.deps.now();
  }

  isOpen(gameId: string): boolean {
    return this.rooms.has(gameId);
  }

  leave(gameId: string, member: Member): void {
    const room = this.rooms.get(gameId);
    if (!room?.members.delete(member)) return;
    // The last member gone: the room stays only to see whether the side to move comes back.
    if (this.closeIfIdle(room)) return;
    this.presenceChanged(room, member.seat !== null);
  }

  /** A state this process stored, or one another process published. */
  update(state: GameState): void {
    const room = this.rooms.get(state.id);
    if (!room || state.version <= room.latest.version) return;
    room.latest = state;
    if (this.closeIfIdle(room)) return;
    this.broadcast(room);
    this.schedule(room);
  }

  /** The latest state held of a game open here (none for games without a room). */
  latest(gameId: string): GameState | undefined {
    return this.rooms.get(gameId)?.latest;
  }

  /**
   * The games whose side to move is connected here and on no other process: closing this
   * process's connections cuts that player off mid-turn (a rolling restart's handover).
   */
  cutOffByDrain(): { readonly gameId: string; readonly player: Player }[] {
    const cut: { gameId: string; player: Player }[] = [];
    const fresh = this.deps.now() - PRESENCE_TTL_MS;
    for (const room of this.rooms.values()) {
      if (room.latest.status !== 'playing') continue;
      const player = turnOf(room.latest);
      const i = seatIndex(player);
      if (this.localCounts(room)[i] === 0) continue;
      const elsewhere = [...room.remote.values()].some((r) => r.at >= fresh && r.counts[i] > 0);
      if (!elsewhere) cut.push({ gameId: room.gameId, player });
    }
    return cut;
  }

  snapshot(gameId: string): PublicGame | undefined {
    const room = this.rooms.get(gameId);
    return room ? this.view(room) : undefined;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) clearTimeout(room.timer);
  }

  /**
   * The next share of the rooms: a twentieth of them per slice (carried over as a fraction, so
   * a handful of rooms are still visited once per interval, not once per slice).
   */
  private heartbeatSlice(): void {
    this.heartbeatCredit = Math.min(
      this.rooms.size,
      this.heartbeatCredit + this.rooms.size / HEARTBEAT_SLICES,
    );
    const batch: [string, number, number][] = [];
    while (this.heartbeatCredit >= 1) {
      this.heartbeatCursor ??= this.rooms.values();
      const next = this.heartbeatCursor.next();
      if (next.done === true) {
        // A round of the rooms ends; the next starts where the credit allows.
        this.heartbeatCursor = undefined;
        if (this.rooms.size === 0) return;
        continue;
      }
      this.heartbeatCredit--;
      const room = next.value;
      if (this.allReadBatches(room)) batch.push([room.gameId, ...this.localCounts(room)]);
      else this.publishPresence(room);
      // A process that died stops reporting: its seats turn offline once its report expires.
      this.presenceMoved(room);
    }
    this.publishBatch(batch);
  }

  /**
   * The slice's reports in one bus message rather than one per game: at 5,000 games on two
   * processes the heartbeat was a thousand publishes a second, each read by every process,
   * against some 1,500 moves a second. Sent every slice while this process has games open,
   * empty if need be: it is also how the others learn that this process reads batches.
   */
  private publishBatch(games: readonly (readonly [string, number, number])[]): void {
    if (this.rooms.size === 0) return;
    this.deps.bus
      .publish(PRESENCE_CHANNEL, {
        kind: 'presenceBatch',
        node: this.deps.node,
        at: this.deps.now(),
        games,
      })
      .catch(() => {
        this.busTrouble();
      });
  }

  /** Processes not heard from for a while (each start is a new node id) are forgotten. */
  private forgetBatchReaders(): void {
    const fresh = this.deps.now() - PRESENCE_TTL_MS;
    for (const [node, at] of this.batchReaders) if (at < fresh) this.batchReaders.delete(node);
  }

  /** Whether every other process that reported on the game reads batched heartbeats. */
  private allReadBatches(room: Room): boolean {
    const fresh = this.deps.now() - PRESENCE_TTL_MS;
    for (const node of room.remote.keys()) {
      if ((this.batchReaders.get(node) ?? -Infinity) < fresh) return false;
    }
    return true;
  }

  private async open(state: GameState): Promise<Room> {
    const now = this.deps.now();
    const room: Room = {
      gameId: state.id,
      latest: state,
      members: new Set(),
      remote: new Map(),
      timer: undefined,
      lastConnected: [false, false],
      away: [now, now],
    };
    this.rooms.set(state.id, room);
    this.deps.metrics.rooms.set(this.rooms.size);
    await this.deps.bus.subscribe(gameChannel(state.id));
    // Every other process with the game open answers at once with who is connected there.
    this.publishPresence(room, true);
    this.schedule(room);
    return room;
  }

  /** Drops a room without members unless the leave rule still needs watching. */
  private closeIfIdle(room: Room): boolean {
    if (room.members.size > 0 || leaveApplies(room.latest)) return false;
    clearTimeout(room.timer);
    this.rooms.delete(room.gameId);
    this.deps.metrics.rooms.set(this.rooms.size);
    this.publishPresence(room);
    this.deps.bus.unsubscribe(gameChannel(room.gameId)).catch(() => undefined);
    return true;
  }

  private onBus(channel: string, message: BusMessage): void {
    switch (message.kind) {
      case 'game':
        this.update(message.state);
        return;
      case 'presence': {
        if (message.node === this.deps.node) return;
        this.onPresence(message.gameId, message.node, message.counts, message.at, message.ask);
        return;
      }
      case 'presenceBatch': {
        if (message.node === this.deps.node) return;
        if (!this.batchReaders.has(message.node)) this.forgetBatchReaders();
        this.batchReaders.set(message.node, message.at);
        for (const [gameId, one, two] of message.games) {
          this.onPresence(gameId, message.node, [one, two], message.at, false);
        }
        return;
      }
      case 'matched':
      case 'tournamentPairing':
      case 'tournamentChanged':
        // Quick match's and tournaments', not a game's: their services listen for them.
        return;
    }
  }

  private onPresence(
    gameId: string,
    node: string,
    counts: readonly [number, number],
    at: number,
    ask: boolean | undefined,
  ): void {
    const room = this.rooms.get(gameId);
    if (!room) return;
    const isNew = !room.remote.has(node);
    room.remote.set(node, { counts, at });
    // A process that just opened the game hears from us now rather than at the next
    // heartbeat (it asks even when it had the game open before and we remember it).
    if (isNew || ask === true) this.publishPresence(room);
    this.presenceMoved(room);
  }

  private localCounts(room: Room): [number, number] {
    const counts: [number, number] = [0, 0];
    for (const member of room.members) {
      if (member.seat !== null) counts[member.seat - 1]!++;
    }
    return counts;
  }

  private connected(room: Room): [boolean, boolean] {
    const counts = this.localCounts(room);
    const fresh = this.deps.now() - PRESENCE_TTL_MS;
    for (const [node, report] of room.remote) {
      if (report.at < fresh) {
        room.remote.delete(node);
        continue;
      }
      counts[0] += report.counts[0];
      counts[1] += report.counts[1];
    }
    return [counts[0] > 0, counts[1] > 0];
  }

  private view(room: Room): PublicGame {
    return toPublic(room.latest, this.connected(room), this.deps.now(), this.trustedAway(room));
  }

  /** Since when each seat has been away, counting only time the reports could be trusted. */
  private trustedAway(room: Room): [number | null, number | null] {
    const from = this.busTroubleAt + PRESENCE_TTL_MS;
    return [
      room.away[0] === null ? null : Math.max(room.away[0], from),
      room.away[1] === null ? null : Math.max(room.away[1], from),
    ];
  }

  /** Dates each seat's absence from the first moment this process saw it. */
  private markAway(room: Room, connected: readonly [boolean, boolean]): void {
    const now = this.deps.now();
    for (const i of [0, 1] as const) {
      room.away[i] = connected[i] ? null : (room.away[i] ?? now);
    }
  }

  private broadcast(room: Room): void {
    const connected = this.connected(room);
    this.markAway(room, connected);
    const game = this.view(room);
    room.lastConnected = connected;
    const message: ServerMessage = { type: 'game', game };
    const text = JSON.stringify(message);
    for (const member of room.members) member.send(message, text);
  }

  /**
   * Broadcasts when a seat's connection changed since the last broadcast (and moves the leave
   * deadline with it).
   */
  private presenceMoved(room: Room): boolean {
    const now = this.connected(room);
    if (now[0] === room.lastConnected[0] && now[1] === room.lastConnected[1]) return false;
    this.broadcast(room);
    this.schedule(room);
    return true;
  }

  private presenceChanged(room: Room, seated: boolean): void {
    if (!seated) return;
    this.publishPresence(room);
    this.presenceMoved(room);
  }

  private publishPresence(room: Room, ask = false): void {
    this.deps.bus
      .publish(gameChannel(room.gameId), {
        kind: 'presence',
        gameId: room.gameId,
        node: this.deps.node,
        counts: this.localCounts(room),
        at: this.deps.now(),
        ...(ask ? { ask } : {}),
      })
      .catch(() => {
        this.busTrouble();
      });
  }

  /** The side to move, when it has been away on its turn past the leave limit by `now`. */
  private awayTooLong(room: Room, now: number): Away | undefined {
    const state = room.latest;
    if (state.status !== 'playing') return undefined;
    const player = turnOf(state);
    const since = this.trustedAway(room)[seatIndex(player)];
    const deadline = leaveDeadline(state, since);
    return since !== null && deadline !== null && deadline <= now ? { player, since } : undefined;
  }

  /** One timer per room, for the earliest of its flag, abort and leave deadlines. */
  private schedule(room: Room, atLeastMs = 0): void {
    clearTimeout(room.timer);
    room.timer = undefined;
    const state = room.latest;
    const leaveAt =
      state.status === 'playing'
        ? leaveDeadline(state, this.trustedAway(room)[seatIndex(turnOf(state))])
        : null;
    const times = [dueAt(state), leaveAt].filter((t): t is number => t !== null);
    if (times.length === 0) return;
    // A little after the deadline, so the reducer surely sees the time as spent.
    const delay = Math.max(atLeastMs, Math.min(...times) - this.deps.now() + 20);
    room.timer = setTimeout(
      () => {
        this.fire(room);
      },
      Math.min(Math.max(0, delay), 2 ** 31 - 1),
    );
    room.timer.unref();
  }

  private fire(room: Room): void {
    room.timer = undefined;
    if (this.rooms.get(room.gameId) !== room) return;
    this.markAway(room, this.connected(room));
    const version = room.latest.version;
    const settled = this.deps.onDue(room.gameId, this.awayTooLong(room, this.deps.now()));
    void Promise.resolve(settled)
      .catch((e: unknown) => {
        this.deps.log.warn('deadline check failed', { game: room.gameId, error: String(e) });
      })
      .finally(() => {
        // Nothing changed (this view was stale, or the game is in a state another process
        // has not told us of yet): look again later rather than never.
        if (this.rooms.get(room.gameId) === room && room.latest.version === version) {
          this.schedule(room, RETRY_MS);
        }
      });
  }
}
