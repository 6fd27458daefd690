import { ok, type Player } from '../core/index.js';
import type { BotRunner } from './bots/runner.js';
import { dueAt } from './game/deadlines.js';
import { gameTextOf } from './game/family.js';
import type { Command } from './game/reducer.js';
import { seatOfHash } from './game/same-hash.js';
import type { GameService } from './games.js';
import type { Hub, Member } from './hub/hub.js';
import type { Metrics } from './metrics.js';
import type { PlayerService } from './player-service.js';
import { recordPhase } from './phases.js';
import { ProtocolErrorCode, protocolError, type ClientMessage } from '../protocol/index.js';
import { hashSecret, newId } from './secrets.js';
import { seatPlayerFor, type Answer, type Session } from './session.js';

export interface PlayDeps {
  readonly games: GameService;
  readonly hub: Hub;
  readonly bots: Pick<BotRunner, 'update'>;
  readonly players: PlayerService;
  readonly metrics: Metrics;
  readonly now: () => number;
}

type JoinMessage = Extract<ClientMessage, { type: 'join' }>;
type SeatMessage = Extract<ClientMessage, { type: 'move' | 'resign' | 'rematch' }>;

/** Errors after which the client's picture is probably out of date: send it the truth. */
const RESYNC_ON = new Set<string>([
  ProtocolErrorCode.StaleVersion,
  ProtocolErrorCode.NotYourTurn,
  ProtocolErrorCode.GameOver,
  ProtocolErrorCode.GameNotStarted,
  ProtocolErrorCode.IllegalMove,
  ProtocolErrorCode.Conflict,
]);

/**
 * What a client does in a game: join it (taking an open seat, or watching), then play its
 * seat. Each session has at most one game open; joining another leaves the first.
 */
export class PlayService {
  private readonly joined = new Map<
    Session,
    { readonly gameId: string; readonly member: Member }
  >();

  constructor(private readonly deps: PlayDeps) {}

  /** Handles a `join`: answers `joined`, then the game's snapshots follow as pushes. */
  async join(session: Session, message: JoinMessage, answer: Answer): Promise<void> {
    const { gameId, secret } = message;
    const { games, hub } = this.deps;
    // A join that fails leaves the session in the game it was in.
    let state = await games.load(gameId);
    if (!state) {
      answer.fail(protocolError(ProtocolErrorCode.NotFound, 'no such game'));
      return;
    }
    const hash = secret === undefined ? undefined : hashSecret(secret);
    let seat: Player | null = hash === undefined ? null : seatOfHash(state.seats, hash);
    if (
      seat === null &&
      hash !== undefined &&
      message.watch !== true &&
      state.status === 'waiting'
    ) {
      const player = await seatPlayerFor(this.deps.players, message.player, gameTextOf(state));
      if (!player.ok) {
        answer.fail(player.error);
        return;
      }
      const claimed = await games.execute(gameId, () =>
        ok({ type: 'claim', seat: null, secretHash: hash, player: player.value }),
      );
      if (claimed.ok) {
        state = claimed.value.state;
        seat = seatOfHash(state.seats, hash);
      } else if (claimed.error.code !== ProtocolErrorCode.SeatTaken) {
        answer.fail(claimed.error);
        return;
      }
    }
    // Back after a rolling restart's handover: the pause is given back before anyone sees the
    // clock (a join of the seat is the return; docs/protocol.md, "Rolling restarts").
    if (seat !== null && state.handover?.player === seat) {
      const back = seat;
      const returned = await games.execute(gameId, () => ok({ type: 'returned', player: back }));
      if (returned.ok) state = returned.value.state;
    }
    // A flag or abort that fell due while nobody had the game open is applied before anyone
    // sees the game as still running.
    const deadline = dueAt(state);
    if (deadline !== null && deadline <= this.deps.now()) {
      const settled = await games.settle(gameId);
      if (settled.ok) state = settled.value.state;
    }
    if (!session.open) return;
    this.leave(session);
    const member: Member = {
      seat,
      send: (m, text) => {
        session.push(m, text);
      },
    };
    this.joined.set(session, { gameId, member });
    answer.reply({ type: 'joined', gameId, seat });
    hub.update(state);
    // Whichever process a player joins on also plays the game's computer seat, so a computer
    // game goes on when the process that started it has died.
    this.deps.bots.update(state);
    await hub.join(state, member);
    // A change stored by another process between our read and our subscription would
    // otherwise stay unseen until the next one: read once more now that we are listening.
    const fresh = await games.load(gameId);
    if (fresh) hub.update(fresh);
  }

  /**
   * Handles a seat-holder's `move`, `resign` or `rematch`: answers `ack` with the new version.
   * Resolves to whether the command was accepted.
   */
  async act(session: Session, message: SeatMessage, answer: Answer): Promise<boolean> {
    const started = performance.now();
    const joined = this.joined.get(session);
    if (joined?.gameId !== message.gameId) {
      answer.fail(protocolError(ProtocolErrorCode.NotJoined, 'join the game first'));
      return false;
    }
    const by = joined.member.seat;
    if (by === null) {
      answer.fail(protocolError(ProtocolErrorCode.NotASeat, 'spectators cannot play'));
      return false;
    }
    const command: Command =
      message.type === 'move'
        ? {
            type: 'move',
            by,
            column: message.column,
            kind: message.kind ?? 'drop',
            version: message.version,
          }
        : message.type === 'resign'
          ? { type: 'resign', by }
          : { type: 'rematch', by, newGameId: newId() };
    const result = await this.deps.games.execute(message.gameId, () => ok(command));
    if (result.ok) {
      answer.reply({ type: 'ack', version: result.value.state.version });
      if (message.type === 'move') {
        this.deps.metrics.moveLatency.observe((performance.now() - started) / 1000);
        recordPhase('handled', started);
      }
      return true;
    }
    answer.fail(result.error);
    if (RESYNC_ON.has(result.error.code)) await this.resync(session, message.gameId);
    return false;
  }

  /** The session's game is closed for it (it left, or it went away). */
  leave(session: Session): void {
    const joined = this.joined.get(session);
    if (!joined) return;
    this.deps.hub.leave(joined.gameId, joined.member);
    this.joined.delete(session);
  }

  /** Sends the session the game as it is stored now. */
  private async resync(session: Session, gameId: string): Promise<void> {
    const state = await this.deps.games.load(gameId);
    if (!state || this.joined.get(session)?.gameId !== gameId) return;
    this.deps.hub.update(state);
    const view = this.deps.hub.snapshot(gameId);
    if (view) session.push({ type: 'game', game: view });
  }
}
