import type { RawData, WebSocket } from 'ws';
import { ok, type Player } from '../../core/index.js';
import { dueAt } from '../game/deadlines.js';
import type { Command } from '../game/reducer.js';
import { seatOfHash } from '../game/same-hash.js';
import type { BotRunner } from '../bots/runner.js';
import type { SeatPlayer } from '../game/state.js';
import type { GameService } from '../games.js';
import type { PlayerService } from '../players.js';
import type { Hub, Member } from '../hub.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import {
  ProtocolErrorCode,
  protocolError,
  type ClientMessage,
  type ProtocolError,
  type ServerMessage,
} from '../../protocol/index.js';
import { newId, hashSecret } from '../secrets.js';
import type { SeekOutcome } from '../store/types.js';
import { parseClientMessage, requestIdOf, type Parsed } from './parse.js';
import { TokenBucket } from './rate-limit.js';

export interface ConnectionDeps {
  readonly service: GameService;
  readonly hub: Hub;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly now: () => number;
  readonly rate: { readonly perSecond: number; readonly burst: number };
  readonly players: PlayerService;
  readonly bots: BotRunner;
  /** Quick match offers the computer after this long without a human. */
  readonly botWaitMs: number;
  /** The client's address, for the farming limit. */
  readonly address: string;
  /** Takes one game creation from this client address's budget; false when it is spent. */
  readonly mayCreate: () => boolean;
}

/** A client that stops reading gets cut off rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Waiting seeks are renewed and re-paired this often (the rating range widens meanwhile). */
const SEEK_RENEW_MS = 3_000;

/** Errors after which the client's picture is probably out of date: send it the truth. */
const RESYNC_ON = new Set<string>([
  ProtocolErrorCode.StaleVersion,
  ProtocolErrorCode.NotYourTurn,
  ProtocolErrorCode.GameOver,
  ProtocolErrorCode.GameNotStarted,
  ProtocolErrorCode.IllegalMove,
  ProtocolErrorCode.Conflict,
]);

interface Seeking {
  readonly variant: string;
  readonly clock: { initialMs: number; incrementMs: number } | null;
  readonly secretHash: string;
  readonly player: SeatPlayer | null;
  readonly since: number;
  /** The seeker's choice; the game is rated only if it is true and both seats are named. */
  readonly rated: boolean;
  computerTimer?: NodeJS.Timeout;
}

/**
 * One WebSocket: validates every frame, applies rate limits, and turns messages into service
 * calls. Messages of one connection are handled one at a time, in order.
 */
export class Connection {
  private joined: { readonly gameId: string; readonly member: Member } | undefined;
  private readonly seeks = new Map<string, Seeking>();
  private readonly bucket: TokenBucket;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Shutting down: frames still arriving are answered `shutting_down`, not acted on. */
  private stopping = false;
  private readonly renewTimer: NodeJS.Timeout;

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
    this.renewTimer = setInterval(() => {
      this.renewSeeks();
    }, SEEK_RENEW_MS);
    this.renewTimer.unref();
  }

  send(message: ServerMessage): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.log.warn('slow client cut off', { buffered: this.ws.bufferedAmount });
      this.ws.terminate();
      return;
    }
    this.ws.send(JSON.stringify(message));
  }

  /** Graceful shutdown: tell the client to come back, then close with "service restart". */
  shutdown(reconnectMs: number): void {
    this.stopping = true;
    this.send({ type: 'shutdown', reconnectMs });
    this.ws.close(1012, 'server restarting');
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
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((error: unknown) => {
        this.deps.log.error('handler failed', { type: message.type, error: String(error) });
        this.fail(protocolError(ProtocolErrorCode.Internal, 'internal error'), message.id);
      });
  }

  private async handle(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        this.send(
          message.id === undefined
            ? { type: 'pong', t: message.t, serverNow: this.deps.now() }
            : { type: 'pong', id: message.id, t: message.t, serverNow: this.deps.now() },
        );
        return;
      case 'join':
        return this.join(
          message.gameId,
          message.secret,
          message.watch === true,
          message.id,
          message.player,
        );
      case 'move': {
        const started = performance.now();
        const { column, version } = message;
        const done = await this.act(message.gameId, message.id, (seat) => ({
          type: 'move',
          by: seat,
          column,
          version,
        }));
        if (done) this.deps.metrics.moveLatency.observe((performance.now() - started) / 1000);
        this.deps.log.debug('move', { game: message.gameId, version, column, accepted: done });
        return;
      }
      case 'resign':
        await this.act(message.gameId, message.id, (seat) => ({ type: 'resign', by: seat }));
        return;
      case 'rematch': {
        const newGameId = newId();
        await this.act(message.gameId, message.id, (seat) => ({
          type: 'rematch',
          by: seat,
          newGameId,
        }));
        return;
      }
      case 'seek': {
        // A pairing creates a game: it costs the same per-address budget as POST /api/games.
        if (!this.deps.mayCreate()) {
          this.fail(
            protocolError(
              ProtocolErrorCode.RateLimited,
              'too many games created; try again in a minute',
            ),
            message.id,
          );
          return;
        }
        // One seek per connection: a new one replaces the last, so a connection seeking with
        // fresh secrets can never be paired with itself.
        await this.cancelSeeks();
        const player = await this.seatPlayer(message.player, message.variant, message.id);
        if (player === undefined) return;
        return this.seek(
          message.variant,
          message.clock,
          hashSecret(message.secret),
          message.id,
          player,
          message.computer ?? 'fallback',
          message.rated ?? true,
        );
      }
      case 'cancelSeek':
        await this.cancelSeeks();
        this.send(
          message.id === undefined
            ? { type: 'ack', version: 0 }
            : { type: 'ack', id: message.id, version: 0 },
        );
        return;
    }
  }

  /**
   * The named player behind an identity secret, seated for `variant`; null without a secret;
   * undefined (after replying `unknown_player`) when the secret is nobody's.
   */
  private async seatPlayer(
    secret: string | undefined,
    variant: string,
    id: string | undefined,
  ): Promise<SeatPlayer | null | undefined> {
    if (secret === undefined) return null;
    const found = await this.deps.players.identify(secret);
    if (!found.ok) {
      this.fail(found.error, id);
      return undefined;
    }
    return this.deps.players.seatPlayer(found.value, variant);
  }

  private async join(
    gameId: string,
    secret: string | undefined,
    watch: boolean,
    id: string | undefined,
    playerSecret: string | undefined,
  ): Promise<void> {
    // A join that fails leaves this connection in the game it was in.
    let state = await this.deps.service.load(gameId);
    if (!state) {
      this.fail(protocolError(ProtocolErrorCode.NotFound, 'no such game'), id);
      return;
    }
    const hash = secret === undefined ? undefined : hashSecret(secret);
    let seat: Player | null = hash === undefined ? null : seatOfHash(state.seats, hash);
    if (seat === null && hash !== undefined && !watch && state.status === 'waiting') {
      const player = await this.seatPlayer(playerSecret, state.variant, id);
      if (player === undefined) return;
      const claimed = await this.deps.service.execute(gameId, () =>
        ok({ type: 'claim', seat: null, secretHash: hash, player }),
      );
      if (claimed.ok) {
        state = claimed.value.state;
        seat = seatOfHash(state.seats, hash);
      } else if (claimed.error.code !== ProtocolErrorCode.SeatTaken) {
        this.fail(claimed.error, id);
        return;
      }
    }
    // A flag or abort that fell due while nobody had the game open is applied before anyone
    // sees the game as still running.
    const deadline = dueAt(state);
    if (deadline !== null && deadline <= this.deps.now()) {
      const settled = await this.deps.service.settle(gameId);
      if (settled.ok) state = settled.value.state;
    }
    if (this.closed) return;
    this.leaveGame();
    const member: Member = {
      seat,
      send: (m) => {
        this.send(m);
      },
    };
    this.joined = { gameId, member };
    this.send(
      id === undefined ? { type: 'joined', gameId, seat } : { type: 'joined', id, gameId, seat },
    );
    this.deps.hub.update(state);
    // Whichever process a player joins on also plays the game's computer seat, so a computer
    // game goes on when the process that started it has died.
    this.deps.bots.update(state);
    await this.deps.hub.join(state, member);
    // A change stored by another process between our read and our subscription would
    // otherwise stay unseen until the next one: read once more now that we are listening.
    const fresh = await this.deps.service.load(gameId);
    if (fresh) this.deps.hub.update(fresh);
  }

  /** Runs a seat-holder's command; true when it was accepted. */
  private async act(
    gameId: string,
    id: string | undefined,
    command: (seat: Player) => Command,
  ): Promise<boolean> {
    if (this.joined?.gameId !== gameId) {
      this.fail(protocolError(ProtocolErrorCode.NotJoined, 'join the game first'), id);
      return false;
    }
    const seat = this.joined.member.seat;
    if (seat === null) {
      this.fail(protocolError(ProtocolErrorCode.NotASeat, 'spectators cannot play'), id);
      return false;
    }
    const result = await this.deps.service.execute(gameId, () => ok(command(seat)));
    if (result.ok) {
      this.send(
        id === undefined
          ? { type: 'ack', version: result.value.state.version }
          : { type: 'ack', id, version: result.value.state.version },
      );
      return true;
    }
    this.fail(result.error, id);
    if (RESYNC_ON.has(result.error.code)) await this.resync(gameId);
    return false;
  }

  private async resync(gameId: string): Promise<void> {
    const state = await this.deps.service.load(gameId);
    if (!state || this.joined?.gameId !== gameId) return;
    this.deps.hub.update(state);
    const view = this.deps.hub.snapshot(gameId);
    if (view) this.send({ type: 'game', game: view });
  }

  private async seek(
    variant: string,
    clock: Seeking['clock'],
    secretHash: string,
    id: string | undefined,
    player: SeatPlayer | null,
    computer: 'fallback' | 'now' | 'never',
    rated: boolean,
  ): Promise<void> {
    const since = this.deps.now();
    const outcome =
      computer === 'now'
        ? ok<SeekOutcome>({ kind: 'waiting', seekId: '' })
        : await this.deps.service.seek(variant, clock, secretHash, {
            player,
            address: this.deps.address,
            waitingSince: since,
            rated,
          });
    if (!outcome.ok) {
      this.fail(outcome.error, id);
      return;
    }
    const o = outcome.value;
    if (o.kind === 'matched') {
      this.send(
        id === undefined
          ? { type: 'matched', gameId: o.gameId, seat: o.seat }
          : { type: 'matched', id, gameId: o.gameId, seat: o.seat },
      );
      return;
    }
    if (computer === 'now') {
      // Straight to the computer: a seek that no human can take, resolved at once.
      const seek = await this.deps.service.store.seek(
        {
          id: newId(),
          pool: `computer/${newId()}`,
          secretHash,
          now: since,
          expiresAt: since + 30_000,
        },
        () => {
          throw new Error('a computer seek is never paired');
        },
      );
      const game = await this.deps.service.seekComputer(seek.seekId, variant, clock, player, rated);
      if (game?.kind === 'matched') {
        this.send(
          id === undefined
            ? { type: 'matched', gameId: game.gameId, seat: game.seat }
            : { type: 'matched', id, gameId: game.gameId, seat: game.seat },
        );
      }
      return;
    }
    const seeking: Seeking = { variant, clock, secretHash, player, since, rated };
    this.seeks.set(o.seekId, seeking);
    await this.deps.hub.waitForMatch(o.seekId, (gameId, seat) => {
      this.endSeek(o.seekId);
      this.send({ type: 'matched', gameId, seat });
    });
    this.send(
      id === undefined
        ? { type: 'seeking', seekId: o.seekId }
        : { type: 'seeking', id, seekId: o.seekId },
    );
    if (computer === 'fallback') {
      seeking.computerTimer = setTimeout(() => {
        this.offerComputer(o.seekId).catch((e: unknown) => {
          this.deps.log.warn('computer match failed', { error: String(e) });
        });
      }, this.deps.botWaitMs);
      seeking.computerTimer.unref();
    }
    // A partner who arrived before we listened would otherwise go unnoticed until renewal.
    await this.recheckSeek(o.seekId);
  }

  /** No human came in time: the computer takes the other seat (unless a human just did). */
  private async offerComputer(seekId: string): Promise<void> {
    const seeking = this.seeks.get(seekId);
    if (!seeking || this.closed) return;
    const game = await this.deps.service.seekComputer(
      seekId,
      seeking.variant,
      seeking.clock,
      seeking.player,
      seeking.rated,
    );
    if (game?.kind === 'matched' && this.endSeek(seekId)) {
      this.send({ type: 'matched', gameId: game.gameId, seat: game.seat });
    }
  }

  /** Forgets a seek this connection waited on; false when it was already forgotten. */
  private endSeek(seekId: string): boolean {
    const seeking = this.seeks.get(seekId);
    if (!seeking) return false;
    clearTimeout(seeking.computerTimer);
    this.seeks.delete(seekId);
    this.deps.hub.stopWaiting(seekId);
    return true;
  }

  private async recheckSeek(seekId: string): Promise<void> {
    const seeking = this.seeks.get(seekId);
    if (!seeking || this.closed) return;
    const again = await this.deps.service.seek(seeking.variant, seeking.clock, seeking.secretHash, {
      player: seeking.player,
      address: this.deps.address,
      waitingSince: seeking.since,
      rated: seeking.rated,
    });
    if (again.ok && again.value.kind === 'matched' && this.endSeek(seekId)) {
      this.send({ type: 'matched', gameId: again.value.gameId, seat: again.value.seat });
    }
  }

  private renewSeeks(): void {
    for (const seekId of this.seeks.keys()) {
      this.recheckSeek(seekId).catch(() => undefined);
    }
  }

  private async cancelSeeks(): Promise<void> {
    const ids = [...this.seeks.keys()];
    for (const seekId of ids) {
      this.endSeek(seekId);
      await this.deps.service.store.cancelSeek(seekId);
    }
  }

  private leaveGame(): void {
    if (!this.joined) return;
    this.deps.hub.leave(this.joined.gameId, this.joined.member);
    this.joined = undefined;
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.renewTimer);
    this.leaveGame();
    this.cancelSeeks().catch(() => undefined);
    this.deps.metrics.connections.add(-1);
  }
}
