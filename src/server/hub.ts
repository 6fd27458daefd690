import type { Player } from '../core/index.js';
import { gameChannel, seekChannel, type Bus, type BusMessage } from './bus/types.js';
import { flagDeadline } from './game/reducer.js';
import type { GameState } from './game/state.js';
import { toPublic } from './game/view.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { PublicGame, ServerMessage } from '../protocol/index.js';

/** A connection as the hub sees it: the seat it holds in its game (null = spectator). */
export interface Member {
  readonly seat: Player | null;
  send(message: ServerMessage): void;
}

/** Presence reports older than this are ignored, so a killed process stops counting. */
const PRESENCE_TTL_MS = 25_000;
export const PRESENCE_HEARTBEAT_MS = 10_000;

interface Room {
  readonly gameId: string;
  latest: GameState;
  readonly members: Set<Member>;
  readonly remote: Map<string, { counts: readonly [number, number]; at: number }>;
  flagTimer: NodeJS.Timeout | undefined;
  lastConnected: readonly [boolean, boolean];
}

export interface HubDeps {
  readonly bus: Bus;
  readonly node: string;
  readonly now: () => number;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** Asks the service to end a game whose clock ran out. */
  readonly onFlag: (gameId: string) => void;
}

/**
 * The games this process has connections for: it keeps each one's latest state (highest
 * version wins, whichever process stored it), pushes snapshots to members, tracks which seats
 * are connected on any process, and runs the flag timers.
 */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly seekWaiters = new Map<string, (gameId: string, seat: Player) => void>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly deps: HubDeps) {
    deps.bus.onMessage((channel, message) => {
      this.onBus(channel, message);
    });
    this.heartbeat = setInterval(() => {
      for (const room of this.rooms.values()) {
        this.publishPresence(room);
        // A process that died stops reporting: its seats turn offline once its report expires.
        this.presenceMoved(room);
      }
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  async join(state: GameState, member: Member): Promise<void> {
    let room = this.rooms.get(state.id);
    if (!room) {
      room = {
        gameId: state.id,
        latest: state,
        members: new Set(),
        remote: new Map(),
        flagTimer: undefined,
        lastConnected: [false, false],
      };
      this.rooms.set(state.id, room);
      this.deps.metrics.rooms.set(this.rooms.size);
      await this.deps.bus.subscribe(gameChannel(state.id));
      this.scheduleFlag(room);
    } else if (state.version > room.latest.version) {
      room.latest = state;
      this.scheduleFlag(room);
    }
    room.members.add(member);
    if (member.seat !== null) this.publishPresence(room);
    if (!this.presenceMoved(room)) member.send({ type: 'game', game: this.view(room) });
  }

  leave(gameId: string, member: Member): void {
    const room = this.rooms.get(gameId);
    if (!room?.members.delete(member)) return;
    if (room.members.size === 0) {
      clearTimeout(room.flagTimer);
      this.rooms.delete(gameId);
      this.deps.metrics.rooms.set(this.rooms.size);
      this.publishPresence(room);
      this.deps.bus.unsubscribe(gameChannel(gameId)).catch(() => undefined);
      return;
    }
    this.presenceChanged(room, member.seat !== null);
  }

  /** A state this process stored, or one another process published. */
  update(state: GameState): void {
    const room = this.rooms.get(state.id);
    if (!room || state.version <= room.latest.version) return;
    room.latest = state;
    this.scheduleFlag(room);
    this.broadcast(room);
  }

  snapshot(gameId: string): PublicGame | undefined {
    const room = this.rooms.get(gameId);
    return room ? this.view(room) : undefined;
  }

  async waitForMatch(
    seekId: string,
    onMatch: (gameId: string, seat: Player) => void,
  ): Promise<void> {
    this.seekWaiters.set(seekId, onMatch);
    await this.deps.bus.subscribe(seekChannel(seekId));
  }

  stopWaiting(seekId: string): void {
    if (this.seekWaiters.delete(seekId)) {
      this.deps.bus.unsubscribe(seekChannel(seekId)).catch(() => undefined);
    }
  }

  /** Every member of every room, for shutdown. */
  *members(): Iterable<Member> {
    for (const room of this.rooms.values()) yield* room.members;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) clearTimeout(room.flagTimer);
  }

  private onBus(channel: string, message: BusMessage): void {
    switch (message.kind) {
      case 'game':
        this.update(message.state);
        return;
      case 'presence': {
        if (message.node === this.deps.node) return;
        const room = this.rooms.get(message.gameId);
        if (!room) return;
        const isNew = !room.remote.has(message.node);
        room.remote.set(message.node, { counts: message.counts, at: message.at });
        // A process that just joined hears from us now rather than at the next heartbeat.
        if (isNew) this.publishPresence(room);
        this.presenceMoved(room);
        return;
      }
      case 'matched': {
        const waiter = this.seekWaiters.get(message.seekId);
        if (channel !== seekChannel(message.seekId) || !waiter) return;
        this.stopWaiting(message.seekId);
        waiter(message.gameId, message.seat);
        return;
      }
    }
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
    return toPublic(room.latest, this.connected(room), this.deps.now());
  }

  private broadcast(room: Room): void {
    const game = this.view(room);
    room.lastConnected = [game.seats[0].connected, game.seats[1].connected];
    const message: ServerMessage = { type: 'game', game };
    for (const member of room.members) member.send(message);
  }

  /** Broadcasts when a seat's connected flag changed since the last broadcast. */
  private presenceMoved(room: Room): boolean {
    const now = this.connected(room);
    if (now[0] === room.lastConnected[0] && now[1] === room.lastConnected[1]) return false;
    this.broadcast(room);
    return true;
  }

  private presenceChanged(room: Room, seated: boolean): void {
    if (!seated) return;
    this.publishPresence(room);
    this.presenceMoved(room);
  }

  private publishPresence(room: Room): void {
    this.deps.bus
      .publish(gameChannel(room.gameId), {
        kind: 'presence',
        gameId: room.gameId,
        node: this.deps.node,
        counts: this.localCounts(room),
        at: this.deps.now(),
      })
      .catch(() => undefined);
  }

  private scheduleFlag(room: Room): void {
    clearTimeout(room.flagTimer);
    room.flagTimer = undefined;
    const deadline = flagDeadline(room.latest);
    if (deadline === null) return;
    // A little after the deadline, so the reducer surely sees the time as spent.
    const delay = Math.max(0, deadline - this.deps.now()) + 20;
    room.flagTimer = setTimeout(
      () => {
        this.deps.onFlag(room.gameId);
      },
      Math.min(delay, 2 ** 31 - 1),
    );
    room.flagTimer.unref();
  }
}
