import type { Player } from '../../core/index.js';
import type { ServerMessage } from '../../protocol/index.js';

/** A connection as the hub sees it: the seat it holds in its game (null = spectator). */
export interface Member {
  readonly seat: Player | null;
  /** `text`, when given, is `message` already encoded: a broadcast encodes once, not per member. */
  send(message: ServerMessage, text?: string): void;
}

/** The connections of one game on this process, and what is sent to all of them. */
export class FanOut {
  private readonly members = new Set<Member>();

  get size(): number {
    return this.members.size;
  }

  add(member: Member): void {
    this.members.add(member);
  }

  /** False when `member` was not here. */
  delete(member: Member): boolean {
    return this.members.delete(member);
  }

  /** How many connections here hold each seat. */
  seatCounts(): [number, number] {
    const counts: [number, number] = [0, 0];
    for (const member of this.members) {
      if (member.seat !== null) counts[member.seat - 1]!++;
    }
    return counts;
  }

  /** One message to every member, encoded once. */
  broadcast(message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const member of this.members) member.send(message, text);
  }
}
