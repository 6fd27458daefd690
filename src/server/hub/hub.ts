import type { Player } from '../../core/index.js';
import { PRESENCE_CHANNEL, gameChannel, type Bus, type BusMessage } from '../bus/types.js';
import { leaveApplies, turnOf } from '../game/deadlines.js';
import { seatIndex, type GameState } from '../game/state.js';
import { toPublic, type AwaySince } from '../game/view.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { PublicGame } from '../../protocol/index.js';
import { DeadlineTimer, RETRY_MS, awayTooLong, nextDeadline, type Away } from './deadline-timer.js';
import { FanOut, type Member } from './fan-out.js';
import { LatestState } from './latest.js';
import {
  BatchReaders,
  HeartbeatRound,
  PRESENCE_HEARTBEAT_MS,
  SeatPresence,
  type Connected,
} from './presence.js';
import { PresenceReports } from './presence-bus.js';

export type { Away } from './deadline-timer.js';
export type { Member } from './fan-out.js';
export { PRESENCE_HEARTBEAT_MS } from './presence.js';

/** The heartbeat goes round the rooms in this many slices per interval (see `HeartbeatRound`). */
const HEARTBEAT_SLICES = 20;

/** One game open here: one part per job. */
interface Room {
  readonly gameId: string;
  readonly latest: LatestState;
  readonly members: FanOut;
  readonly presence: SeatPresence;
  readonly timer: DeadlineTimer;
  /** Settles once this process listens to the game's channel (rejects if it could not). */
  ready: Promise<void>;
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
 * without any). It wires four parts per game: the latest state (`latest.ts`), the fan-out to
 * members (`fan-out.ts`), presence across processes (`presence.ts`, sent by
 * `presence-bus.ts`) and the deadline timer (`deadline-timer.ts`); this class only decides
 * when each runs.
 */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly round = new HeartbeatRound<Room>(HEARTBEAT_SLICES);
  private readonly reports: PresenceReports;
  private readonly batchReaders = new BatchReaders();

  constructor(private readonly deps: HubDeps) {
    this.reports = new PresenceReports(deps);
    deps.bus.onMessage((_channel, message) => {
      this.onBus(message);
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
      room = this.open(state);
    } else if (room.latest.offer(state)) {
      this.schedule(room);
    }
    // A member before the wait: a newer state that arrives while the subscription is made (the
    // bus can deliver one in the same read as the subscription's reply) must find the room in
    // use. Found idle, the room was closed and the member joined a room nothing updated again.
    room.members.add(member);
    try {
      await room.ready;
    } catch (error) {
      room.members.delete(member);
      throw error;
    }
    if (member.seat !== null) this.publishPresence(room);
    if (!this.presenceMoved(room)) member.send({ type: 'game', game: this.view(room) });
  }

  /**
   * Watches a game nobody here has open, for the leave rule: the room learns from the other
   * processes who is connected and decides once the side to move has been away long enough.
   * Kept while the rule applies. False when there is nothing to watch.
   */
  async watch(state: GameState): Promise<boolean> {
    if (this.rooms.has(state.id)) {
      this.update(state);
      return true;
    }
    if (!leaveApplies(state)) return false;
    await this.open(state).ready;
    return true;
  }

  /** The bus failed (Redis down or reconnecting): see `PresenceReports.trouble`. */
  busTrouble(): void {
    this.reports.trouble();
  }

  isOpen(gameId: string): boolean {
    return this.rooms.has(gameId);
  }

  leave(gameId: string, member: Member): void {
    const room = this.rooms.get(gameId);
    if (!room?.members.delete(member)) return;
    // The last member gone: the room stays only to see whether the side to move comes back.
    if (this.closeIfIdle(room)) return;
    if (member.seat === null) return;
    this.publishPresence(room);
    this.presenceMoved(room);
  }

  /** A state this process stored, or one another process published. */
  update(state: GameState): void {
    const room = this.rooms.get(state.id);
    if (!room?.latest.offer(state)) return;
    if (this.closeIfIdle(room)) return;
    this.broadcast(room);
    this.schedule(room);
  }

  /** The latest state held of a game open here (none for games without a room). */
  latest(gameId: string): GameState | undefined {
    return this.rooms.get(gameId)?.latest.state;
  }

  /**
   * The games whose side to move is connected here and on no other process: closing this
   * process's connections cuts that player off mid-turn (a rolling restart's handover).
   */
  cutOffByDrain(): { readonly gameId: string; readonly player: Player }[] {
    const cut: { gameId: string; player: Player }[] = [];
    const now = this.deps.now();
    for (const room of this.rooms.values()) {
      const state = room.latest.state;
      if (state.status !== 'playing') continue;
      const player = turnOf(state);
      const i = seatIndex(player);
      if (room.members.seatCounts()[i] === 0) continue;
      if (!room.presence.heldElsewhere(i, now)) cut.push({ gameId: room.gameId, player });
    }
    return cut;
  }

  snapshot(gameId: string): PublicGame | undefined {
    const room = this.rooms.get(gameId);
    return room ? this.view(room) : undefined;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) room.timer.clear();
  }

  /**
   * The next share of the rooms: each reported (in one batch where every process on the game
   * reads batches), and seats of a process that died turn offline once its report expires.
   */
  private heartbeatSlice(): void {
    const now = this.deps.now();
    const batch: [string, number, number][] = [];
    for (const room of this.round.next(this.rooms)) {
      if (this.batchReaders.allRead(room.presence.reporters(), now)) {
        batch.push([room.gameId, ...room.members.seatCounts()]);
      } else {
        this.publishPresence(room);
      }
      this.presenceMoved(room);
    }
    if (this.rooms.size > 0) this.reports.publishBatch(batch);
  }

  /**
   * A room held from now on, listening once `ready` settles: whoever finds it meanwhile (a
   * second join, a state from this process) shares it and waits for the same subscription.
   */
  private open(state: GameState): Room {
    const room: Room = {
      gameId: state.id,
      latest: new LatestState(state),
      members: new FanOut(),
      presence: new SeatPresence(this.deps.now()),
      timer: new DeadlineTimer(() => {
        this.fire(room);
      }),
      ready: Promise.resolve(),
    };
    this.rooms.set(state.id, room);
    this.deps.metrics.rooms.set(this.rooms.size);
    room.ready = this.deps.bus.subscribe(gameChannel(state.id)).then(
      () => {
        // Every other process with the game open answers at once with who is connected there.
        this.publishPresence(room, true);
        this.schedule(room);
      },
      (error: unknown) => {
        // Not listening: dropped, so that the next join opens it afresh.
        if (this.rooms.get(room.gameId) === room) {
          room.timer.clear();
          this.rooms.delete(room.gameId);
          this.deps.metrics.rooms.set(this.rooms.size);
        }
        throw error;
      },
    );
    return room;
  }

  /** Drops a room without members unless the leave rule still needs watching. */
  private closeIfIdle(room: Room): boolean {
    if (room.members.size > 0 || leaveApplies(room.latest.state)) return false;
    room.timer.clear();
    this.rooms.delete(room.gameId);
    this.deps.metrics.rooms.set(this.rooms.size);
    this.publishPresence(room);
    this.deps.bus.unsubscribe(gameChannel(room.gameId)).catch(() => undefined);
    return true;
  }

  private onBus(message: BusMessage): void {
    switch (message.kind) {
      case 'game':
        this.update(message.state);
        return;
      case 'presence':
        if (message.node === this.deps.node) return;
        this.onPresence(message.gameId, message.node, message.counts, message.at, message.ask);
        return;
      case 'presenceBatch':
        if (message.node === this.deps.node) return;
        this.batchReaders.heardFrom(message.node, message.at, this.deps.now());
        for (const [gameId, one, two] of message.games) {
          this.onPresence(gameId, message.node, [one, two], message.at, false);
        }
        return;
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
    const isNew = room.presence.report(node, counts, at);
    // A process that just opened the game hears from us now rather than at the next
    // heartbeat (it asks even when it had the game open before and we remember it).
    if (isNew || ask === true) this.publishPresence(room);
    this.presenceMoved(room);
  }

  private publishPresence(room: Room, ask = false): void {
    this.reports.publish(room.gameId, room.members.seatCounts(), ask);
  }

  private connected(room: Room): Connected {
    return room.presence.connected(room.members.seatCounts(), this.deps.now());
  }

  private awaySince(room: Room): AwaySince {
    return room.presence.awaySince(this.reports.trustedFrom());
  }

  private view(room: Room): PublicGame {
    return toPublic(room.latest.state, this.connected(room), this.deps.now(), this.awaySince(room));
  }

  private broadcast(room: Room): void {
    room.presence.markTold(this.connected(room), this.deps.now());
    room.members.broadcast({ type: 'game', game: this.view(room) });
  }

  /**
   * Broadcasts when a seat's connection changed since the last broadcast (and moves the leave
   * deadline with it).
   */
  private presenceMoved(room: Room): boolean {
    if (!room.presence.changedSinceTold(this.connected(room))) return false;
    this.broadcast(room);
    this.schedule(room);
    return true;
  }

  private schedule(room: Room, atLeastMs = 0): void {
    const at = nextDeadline(room.latest.state, this.awaySince(room));
    room.timer.arm(at, this.deps.now(), atLeastMs);
  }

  private fire(room: Room): void {
    if (this.rooms.get(room.gameId) !== room) return;
    const now = this.deps.now();
    room.presence.markAway(this.connected(room), now);
    const version = room.latest.state.version;
    const away = awayTooLong(room.latest.state, this.awaySince(room), now);
    const settled = this.deps.onDue(room.gameId, away);
    void Promise.resolve(settled)
      .catch((e: unknown) => {
        this.deps.log.warn('deadline check failed', { game: room.gameId, error: String(e) });
      })
      .finally(() => {
        // Nothing changed (this view was stale, or the game is in a state another process
        // has not told us of yet): look again later rather than never.
        if (this.rooms.get(room.gameId) === room && room.latest.state.version === version) {
          this.schedule(room, RETRY_MS);
        }
      });
  }
}
