import type { RawData, WebSocket } from 'ws';
import { keepLogScope, type Logger } from '../log.js';
import type { Matchmaking } from '../matchmaking/service.js';
import type { Metrics } from '../metrics.js';
import type { PlayService } from '../play.js';
import {
  ProtocolErrorCode,
  protocolError,
  type ClientMessage,
  type ProtocolError,
  type ServerMessage,
  type TournamentClientMessage,
} from '../../protocol/index.js';
import type { Answer, Reply, Session } from '../session.js';
import type { Socket } from 'node:net';
import { recordPhase } from '../phases.js';
import { parseClientMessage, requestIdOf, type Parsed } from './parse.js';
import { TokenBucket } from './rate-limit.js';

export interface ConnectionDeps {
  readonly play: PlayService;
  readonly matchmaking: Matchmaking;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly now: () => number;
  readonly rate: { readonly perSecond: number; readonly burst: number };
  /** The client's address, for the per-address limits. */
  readonly address: string;
  /** Takes one game creation from this client address's budget; false when it is spent. */
  readonly mayCreate: () => boolean;
  /**
   * Answers a tournament message (create, join, withdraw, watch): the reply carries its id.
   * The session is where the tournament's pairings go after a join.
   */
  readonly tournament: (
    message: TournamentClientMessage,
    session: Session,
  ) => Promise<ServerMessage>;
}

/** A client that stops reading gets cut off rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1 << 20;

/**
 * One WebSocket: validates every frame, applies the rate limits, and hands each message to the
 * service that acts on it, with the means to answer it. Messages of one connection are
 * handled one at a time, in order. It is the services' `Session` for this client.
 */
export class Connection implements Session {
  private readonly bucket: TokenBucket;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Writes are being held until the end of this tick (see `cork`). */
  private corked = false;
  /** Shutting down: frames still arriving are answered `shutting_down`, not acted on. */
  private stopping = false;
  /** The log scope the connection was made in (its `conn`, from the HTTP upgrade). */
  private readonly inScope = keepLogScope();

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.bucket = new TokenBucket(deps.rate.perSecond, deps.rate.burst, deps.now());
    ws.on('message', (data, isBinary) => {
      this.receive(data, isBinary);
    });
    ws.on('close', () => {
      this.dispose();
    });
    ws.on('error', () => {
      this.dispose();
    });
  }

  get address(): string {
    return this.deps.address;
  }

  get open(): boolean {
    return !this.closed;
  }

  push(message: ServerMessage, text?: string): void {
    this.send(message, text);
  }

  send(message: ServerMessage, text?: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.log.warn('slow client cut off', { buffered: this.ws.bufferedAmount });
      this.ws.terminate();
      return;
    }
    this.cork();
    this.ws.send(text ?? JSON.stringify(message));
  }

  /**
   * Holds this socket's writes until the current turn of the event loop is done, so the frames
   * sent meanwhile (a move's snapshot and its ack) leave in one write: socket writes are costly,
   * and on loopback a write also runs the receiver's side of TCP.
   */
  private cork(): void {
    if (this.corked) return;
    // ws keeps its net.Socket as `_socket` (not typed); without one there is nothing to hold.
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!socket) return;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  /** Graceful shutdown: tell the client to come back, then close with "service restart". */
  shutdown(reconnectMs: number): void {
    this.stopping = true;
    this.send({ type: 'shutdown', reconnectMs });
    this.ws.close(1012, 'server restarting');
  }

  /** The direct reply to a request, carrying its id when it had one. */
  private reply(id: string | undefined, message: Reply): void {
    this.send(id === undefined ? message : { ...message, id });
  }

  private fail(error: ProtocolError, id: string | undefined): void {
    this.deps.metrics.errors.add(1, { code: error.code });
    this.send(
      id === undefined
        ? { type: 'error', code: error.code, message: error.message }
        : { type: 'error', id, code: error.code, message: error.message },
    );
  }

  private receive(data: RawData, isBinary: boolean): void {
    const receivedAt = performance.now();
    if (this.closed) return;
    if (!this.bucket.take(this.deps.now())) {
      this.fail(
        protocolError(ProtocolErrorCode.RateLimited, 'too many messages; slow down'),
        requestIdOf(data, isBinary),
      );
      return;
    }
    if (this.stopping) {
      this.fail(
        protocolError(ProtocolErrorCode.ShuttingDown, 'the server is restarting; reconnect'),
        requestIdOf(data, isBinary),
      );
      return;
    }
    const parsed: Parsed = parseClientMessage(data, isBinary);
    if (!parsed.ok) {
      this.fail(parsed.error, parsed.error.id);
      return;
    }
    const message = parsed.value;
    this.enqueue(message.type, message.id, () => {
      if (message.type === 'move') recordPhase('queued', receivedAt);
      return this.dispatch(message);
    });
  }

  /** Runs `work` after everything this connection asked before it. */
  private enqueue(what: string, id: string | undefined, work: () => Promise<void>): void {
    // In the socket's log scope (its `conn`): what the message leads to logs with its id.
    this.queue = this.queue
      .then(() => this.inScope(work))
      .catch((error: unknown) => {
        this.deps.log.error('handler failed', { type: what, error: String(error) });
        this.fail(protocolError(ProtocolErrorCode.Internal, 'internal error'), id);
      });
  }

  private async dispatch(message: ClientMessage): Promise<void> {
    const answer: Answer = {
      reply: (m) => {
        this.reply(message.id, m);
      },
      fail: (e) => {
        this.fail(e, message.id);
      },
    };
    switch (message.type) {
      case 'ping':
        answer.reply({ type: 'pong', t: message.t, serverNow: this.deps.now() });
        return;
      case 'join':
        return this.deps.play.join(this, message, answer);
      case 'move': {
        const accepted = await this.deps.play.act(this, message, answer);
        // At debug level so an operator can follow one move through the log by its `conn`.
        this.deps.log.debug('move', {
          game: message.gameId,
          version: message.version,
          column: message.column,
          accepted,
        });
        return;
      }
      case 'resign':
      case 'rematch':
        await this.deps.play.act(this, message, answer);
        return;
      case 'seek':
        // A pairing creates a game: it costs the same per-address budget as POST /api/games.
        if (!this.deps.mayCreate()) {
          answer.fail(
            protocolError(
              ProtocolErrorCode.RateLimited,
              'too many games created; try again in a minute',
            ),
          );
          return;
        }
        return this.deps.matchmaking.seek(this, message, answer);
      case 'cancelSeek':
        await this.deps.matchmaking.cancel(this);
        answer.reply({ type: 'ack', version: 0 });
        return;
      case 'tournamentCreate':
      case 'tournamentJoin':
      case 'tournamentWithdraw':
      case 'tournamentWatch':
        this.send(await this.deps.tournament(message, this));
        return;
    }
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.deps.play.leave(this);
    // After whatever this client asked before it went, so a seek still being made is withdrawn.
    this.enqueue('close', undefined, () => this.deps.matchmaking.cancel(this));
    this.deps.metrics.connections.add(-1);
  }
}
