import { tournamentChannel, type Bus } from '../bus/types.js';
import type { Logger } from '../log.js';
import type { Session } from '../session.js';
import type { TournamentPushes } from './pushes.js';
import { PRESENCE_MS, type TournamentService } from './service.js';

/** Each process renews the presence of its connected players this often (well within it). */
export const PRESENCE_RENEW_MS = PRESENCE_MS / 4;

/**
 * Who has a tournament page open, from the sockets (docs/protocol.md, "Tournaments"): a
 * player is present while any connection that joined the tournament as them is open, on any
 * process. Each process renews its players in the store every `PRESENCE_RENEW_MS`; when a
 * player's last connection on a process closes, that process marks them absent at once and
 * says so on the bus, and a process where the player still has a connection marks them
 * present again. So a player who closed every page is not paired, and one with a page open on
 * another process is; a process that died stops renewing, and its players lapse after
 * `PRESENCE_MS`.
 */
export class TournamentPresence {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deps: {
      readonly bus: Bus;
      readonly service: Pick<TournamentService, 'touch' | 'renew' | 'absent'>;
      readonly pushes: Pick<TournamentPushes, 'present' | 'removeSession'>;
      readonly now: () => number;
      readonly log?: Logger;
    },
  ) {
    deps.bus.onMessage((channel, message) => {
      if (message.kind !== 'tournamentPresence') return;
      if (channel !== tournamentChannel(message.tournamentId)) return;
      for (const here of deps.pushes.present()) {
        if (here.tournamentId !== message.tournamentId || here.playerId !== message.playerId) {
          continue;
        }
        deps.service.touch(here.tournamentId, here.playerId, deps.now()).catch((e: unknown) => {
          deps.log?.warn('tournament presence not restored', { error: String(e) });
        });
      }
    });
  }

  start(intervalMs = PRESENCE_RENEW_MS): void {
    this.timer = setInterval(() => {
      this.renewAll().catch((e: unknown) => {
        this.deps.log?.warn('tournament presence not renewed', { error: String(e) });
      });
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Renews every player with a connection open here. */
  async renewAll(): Promise<void> {
    const now = this.deps.now();
    for (const { tournamentId, playerId } of [...this.deps.pushes.present()]) {
      await this.deps.service.renew(tournamentId, playerId, now);
    }
  }

  /** A connection closed: the players it was the last one of here are absent, unless elsewhere. */
  async closed(session: Session): Promise<void> {
    for (const { tournamentId, playerId } of this.deps.pushes.removeSession(session)) {
      await this.deps.service.absent(tournamentId, playerId);
      await this.deps.bus.publish(tournamentChannel(tournamentId), {
        kind: 'tournamentPresence',
        tournamentId,
        playerId,
      });
    }
  }
}
