/**
 * Typed client for online play: one WebSocket that reconnects by itself, rejoins its game and
 * its quick-match queue after every reconnect, and estimates the server clock so clocks count
 * down correctly. Works in the browser and, with `ws` passed in, in Node tests. Everything the
 * server sends is validated with the shared protocol schemas; a server speaking another protocol
 * version stops the client (status `incompatible`): the page must be reloaded.
 */
import {
  CreatedGameSchema,
  ErrorBodySchema,
  GameListSchema,
  GameResponseSchema,
  PROTOCOL_VERSION,
  SECRET_BYTES,
  parseServerMessage,
  type ClientMessage,
  type ClockSetting,
  type GameSummary,
  type PublicGame,
  type Seat,
  type ServerMessage,
  type TournamentClientMessage,
  type TournamentDetail,
  type TournamentServerMessage,
} from '../../protocol/index.js';

export type { GameSummary, PublicGame, ServerMessage, ClockSetting, Seat };

/** The part of the WebSocket API this client needs (browser WebSocket and `ws` both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

/** `incompatible`: the server speaks another protocol version; only a reload helps. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'incompatible';

export type Reply =
  | Extract<ServerMessage, { type: 'ack' | 'joined' | 'seeking' | 'matched' | 'pong' }>
  | Extract<ServerMessage, { type: 'error' }>
  | {
      readonly type: 'error';
      readonly code: 'disconnected' | 'timeout' | 'incompatible';
      readonly message: string;
    };

/** The answer to a tournament message: its reply, or a refusal (the server's or the client's). */
export type TournamentReply =
  | Exclude<TournamentServerMessage, { type: 'tournamentPairing' }>
  | Extract<ServerMessage, { type: 'error' }>
  | {
      readonly type: 'error';
      readonly code: 'disconnected' | 'timeout' | 'incompatible';
      readonly message: string;
    };

export type TournamentPairingPush = Extract<ServerMessage, { type: 'tournamentPairing' }>;

export interface ClientEvents {
  status: ConnectionStatus;
  game: PublicGame;
  joined: { gameId: string; seat: Seat | null };
  matched: { gameId: string; seat: Seat };
  error: { code: string; message: string };
  /** The watched tournament (the watch's answer and every later push). */
  tournament: TournamentDetail;
  /** A new tournament game for this connection's player. */
  tournamentPairing: TournamentPairingPush;
  /** The server greeted this connection (its settings are read then). */
  hello: { computerAfterMs: number | undefined };
}

type Handler<K extends keyof ClientEvents> = (value: ClientEvents[K]) => void;

export interface OnlineClientOptions {
  /** WebSocket URL, e.g. `wss://host/ws`; defaults to this page's host. */
  readonly url?: string;
  readonly socket?: SocketFactory;
  readonly minReconnectMs?: number;
  readonly maxReconnectMs?: number;
}

const OPEN = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/** A seat secret: 144 random bits, base64url, made and kept by the browser only. */
export function newSeatSecret(): string {
  const bytes = new Uint8Array(SECRET_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function defaultSocketUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

export class OnlineClient {
  private socket: SocketLike | undefined;
  private readonly pending = new Map<string, (reply: Reply) => void>();
  private readonly handlers: { [K in keyof ClientEvents]: Set<Handler<K>> } = {
    status: new Set(),
    game: new Set(),
    joined: new Set(),
    matched: new Set(),
    error: new Set(),
    tournament: new Set(),
    tournamentPairing: new Set(),
    hello: new Set(),
  };
  private readonly resumeWaiters: { join: ((r: Reply) => void)[]; seek: ((r: Reply) => void)[] } = {
    join: [],
    seek: [],
  };
  private nextId = 1;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private joinRequest:
    { gameId: string; secret?: string; watch?: boolean; player?: string } | undefined;
  private seekRequest:
    | {
        variant: string;
        clock: ClockSetting | null;
        secret: string;
        player?: string;
        computer?: 'fallback' | 'now' | 'never';
        rated?: boolean;
      }
    | undefined;
  /** The tournament followed (`tournamentWatch`), watched again after every reconnect. */
  private watchedTournament: string | undefined;
  /**
   * The tournaments this connection joined, joined again after every reconnect (answered
   * `again: true`): the server tells a player's pairings to, and counts them present by, the
   * connections that joined (docs/protocol.md, "Tournaments"). Forgotten on a withdrawal.
   */
  private readonly joinedTournaments = new Map<
    string,
    Extract<TournamentClientMessage, { type: 'tournamentJoin' }>
  >();
  private readonly url: string;
  private readonly factory: SocketFactory;
  private readonly minReconnectMs: number;
  private readonly maxReconnectMs: number;

  status: ConnectionStatus = 'connecting';
  /** Latest snapshot of the joined game. */
  game: PublicGame | undefined;
  seat: Seat | null = null;
  /** The server's protocol version when it is not this client's (status `incompatible`). */
  serverProtocol: number | undefined;
  /** The server's quick-match wait before the computer plays (`hello`), once it is known. */
  computerAfterMs: number | undefined;
  /** Estimated `serverTime - localTime`, from ping round trips. */
  serverOffsetMs = 0;
  private bestRtt = Infinity;

  constructor(options: OnlineClientOptions = {}) {
    this.url = options.url ?? defaultSocketUrl();
    this.factory = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.minReconnectMs = options.minReconnectMs ?? 250;
    this.maxReconnectMs = options.maxReconnectMs ?? 5000;
    this.open();
  }

  on<K extends keyof ClientEvents>(event: K, handler: Handler<K>): () => void {
    this.handlers[event].add(handler);
    return () => this.handlers[event].delete(handler);
  }

  /** Joins (and keeps rejoining after reconnects) a game; with a secret, claims or resumes a seat. */
  join(gameId: string, secret?: string, watch = false, player?: string): Promise<Reply> {
    this.joinRequest = {
      gameId,
      ...(secret === undefined ? {} : { secret }),
      ...(watch ? { watch } : {}),
      ...(player === undefined ? {} : { player }),
    };
    this.game = undefined;
    this.seat = null;
    // Not connected yet: the join goes out (once) as soon as the socket opens.
    const reply =
      this.socket?.readyState === OPEN
        ? this.request({ type: 'join', ...this.joinRequest })
        : this.afterResume('join');
    // Resolve once the first snapshot is here, so callers can act on `game` right away.
    return reply.then((r) => (r.type === 'joined' ? this.snapshotOf(gameId).then(() => r) : r));
  }

  private snapshotOf(gameId: string): Promise<void> {
    if (this.game?.id === gameId) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        off();
        clearTimeout(timer);
        resolve();
      };
      const off = this.on('game', (game) => {
        if (game.id === gameId) done();
      });
      const timer = setTimeout(done, 5000);
    });
  }

  /** Proposes a move on the version this client last saw; the server decides. */
  move(column: number): Promise<Reply> {
    const game = this.game;
    if (!game) return Promise.resolve(notJoined());
    return this.request({ type: 'move', gameId: game.id, column, version: game.version });
  }

  resign(): Promise<Reply> {
    return this.game
      ? this.request({ type: 'resign', gameId: this.game.id })
      : Promise.resolve(notJoined());
  }

  /** Offers a rematch, or accepts the opponent's offer. */
  rematch(): Promise<Reply> {
    return this.game
      ? this.request({ type: 'rematch', gameId: this.game.id })
      : Promise.resolve(notJoined());
  }

  /**
   * Queues for a quick match; kept across reconnects until `matched` arrives. `rated: false`
   * asks for a casual game (the server's default is rated, the computer's games too).
   */
  seek(
    variant: string,
    clock: ClockSetting | null,
    secret: string,
    options: { player?: string; computer?: 'fallback' | 'now' | 'never'; rated?: boolean } = {},
  ): Promise<Reply> {
    this.seekRequest = { variant, clock, secret, ...options };
    if (this.socket?.readyState !== OPEN) return this.afterResume('seek');
    return this.request({ type: 'seek', ...this.seekRequest });
  }

  cancelSeek(): Promise<Reply> {
    this.seekRequest = undefined;
    return this.request({ type: 'cancelSeek' });
  }

  /**
   * Follows a tournament: its snapshot now (also emitted as `tournament`) and at every change;
   * kept across reconnects. A connection follows one tournament at a time.
   */
  watchTournament(tournamentId: string): Promise<TournamentReply> {
    this.watchedTournament = tournamentId;
    return this.tournamentRequest({ type: 'tournamentWatch', tournamentId });
  }

  /** Stops following (the server stops at the next watch or on close; later pushes are ignored). */
  unwatchTournament(tournamentId: string): void {
    if (this.watchedTournament === tournamentId) this.watchedTournament = undefined;
  }

  /** Create, join or withdraw (docs/protocol.md, "Tournaments"). */
  tournamentRequest(message: TournamentClientMessage): Promise<TournamentReply> {
    // Only tournament replies (or errors) answer a tournament message.
    const reply = this.request(message) as Promise<unknown> as Promise<TournamentReply>;
    return reply.then((r) => {
      if (message.type === 'tournamentJoin' && r.type === 'tournamentJoined') {
        this.joinedTournaments.set(message.tournamentId, message);
      }
      if (message.type === 'tournamentWithdraw' && r.type === 'tournamentWithdrawn') {
        this.joinedTournaments.delete(message.tournamentId);
      }
      return r;
    });
  }

  /** The server's clock now, estimated from this page's (the game's deadlines are server times). */
  serverNow(localNow = Date.now()): number {
    return localNow + this.serverOffsetMs;
  }

  /** Milliseconds `seat` has left now, counting down locally between snapshots. */
  clockMs(seat: Seat, localNow = Date.now()): number | null {
    const clocks = this.game?.clocks;
    if (!clocks) return null;
    const base = clocks.remainingMs[seat - 1]!;
    if (clocks.running !== seat) return base;
    return Math.max(0, base - (this.serverNow(localNow) - clocks.serverNow));
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    this.socket?.close(1000, 'bye');
    this.setStatus('closed');
    this.failPending();
  }

  private request(message: ClientMessage): Promise<Reply> {
    const id = `r${this.nextId++}`;
    return new Promise<Reply>((resolve) => {
      if (this.socket?.readyState !== OPEN) {
        // Not connected: join and seek are replayed on reconnect; anything else waits for the user.
        resolve({ type: 'error', code: 'disconnected', message: 'not connected' });
        return;
      }
      const timer = setTimeout(() => {
        if (this.pending.delete(id)) {
          resolve({ type: 'error', code: 'timeout', message: 'no reply from the server' });
        }
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  private open(): void {
    if (this.stopped) return;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.factory(this.url);
    } catch {
      this.scheduleReconnect(this.minReconnectMs);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.resume();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        this.ping();
      }, 15_000);
      this.ping();
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const frame = parseServerMessage(event.data);
      if (frame.kind === 'message') this.receive(frame.message);
      else if (frame.kind === 'invalid') {
        this.emit('error', { code: 'bad_server_message', message: frame.problem });
      }
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      clearInterval(this.pingTimer);
      this.failPending();
      if (this.stopped) return;
      this.setStatus('reconnecting');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(delayMs?: number): void {
    clearTimeout(this.reconnectTimer);
    const backoff = Math.min(this.maxReconnectMs, this.minReconnectMs * 2 ** this.attempt);
    this.attempt++;
    const delay = delayMs ?? backoff * (0.5 + Math.random() / 2);
    this.reconnectTimer = setTimeout(() => {
      this.open();
    }, delay);
  }

  private afterResume(kind: 'join' | 'seek'): Promise<Reply> {
    return new Promise((resolve) => this.resumeWaiters[kind].push(resolve));
  }

  /** After (re)connecting: rejoin the game and the queue the user was in. */
  private resume(): void {
    const settle = (kind: 'join' | 'seek') => (reply: Reply) => {
      for (const resolve of this.resumeWaiters[kind].splice(0)) resolve(reply);
    };
    if (this.joinRequest) {
      this.request({ type: 'join', ...this.joinRequest }).then(settle('join'), () => undefined);
    }
    if (this.seekRequest) {
      this.request({ type: 'seek', ...this.seekRequest }).then(settle('seek'), () => undefined);
    }
    if (this.watchedTournament !== undefined) {
      void this.request({ type: 'tournamentWatch', tournamentId: this.watchedTournament });
    }
    for (const [tournamentId, join] of this.joinedTournaments) {
      // Refused (over, or excluded meanwhile): nothing to rejoin any more.
      this.request(join).then(
        (r) => {
          if (r.type === 'error') this.joinedTournaments.delete(tournamentId);
        },
        () => undefined,
      );
    }
  }

  private ping(): void {
    const sent = Date.now();
    this.request({ type: 'ping', t: sent })
      .then((reply) => {
        if (reply.type !== 'pong') return;
        const rtt = Date.now() - sent;
        // The fastest round trip gives the least distorted offset estimate.
        if (rtt <= this.bestRtt) {
          this.bestRtt = rtt;
          this.serverOffsetMs = reply.serverNow - (sent + rtt / 2);
        }
      })
      .catch(() => undefined);
  }

  private receive(message: ServerMessage): void {
    if (message.type === 'joined') {
      this.seat = message.seat;
      this.emit('joined', { gameId: message.gameId, seat: message.seat });
    }
    if (message.type === 'matched') {
      this.seekRequest = undefined;
      this.emit('matched', { gameId: message.gameId, seat: message.seat });
    }
    // Before the request's own resolution, so a watch's first snapshot reaches every listener.
    if (message.type === 'tournament' && message.tournament.id === this.watchedTournament) {
      this.emit('tournament', message.tournament);
    }
    if (message.type === 'tournamentPairing') this.emit('tournamentPairing', message);
    const id: string | undefined = 'id' in message ? message.id : undefined;
    if (id !== undefined) {
      const resolve = this.pending.get(id);
      if (resolve) {
        this.pending.delete(id);
        // Only replies carry the id of a request.
        resolve(message as Reply);
        return;
      }
    }
    switch (message.type) {
      case 'hello':
        if (message.protocol !== PROTOCOL_VERSION) {
          this.incompatible(message.protocol);
          return;
        }
        this.serverOffsetMs =
          this.bestRtt === Infinity ? message.serverNow - Date.now() : this.serverOffsetMs;
        this.computerAfterMs = message.computerAfterMs;
        this.emit('hello', { computerAfterMs: message.computerAfterMs });
        return;
      case 'game':
        if (this.joinRequest?.gameId !== message.game.id) return;
        if (
          this.game &&
          this.game.id === message.game.id &&
          message.game.version < this.game.version
        )
          return;
        this.game = message.game;
        this.emit('game', message.game);
        return;
      case 'error':
        this.emit('error', { code: message.code, message: message.message });
        return;
      case 'shutdown':
        // The server is restarting: come back after the delay it asked for.
        this.attempt = 0;
        this.scheduleReconnect(message.reconnectMs);
        return;
      default:
        return;
    }
  }

  /** Another protocol version: stop for good rather than reconnect into the same mismatch. */
  private incompatible(serverProtocol: number): void {
    this.serverProtocol = serverProtocol;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    this.socket?.close(1000, 'protocol mismatch');
    this.failPending();
    for (const waiters of [this.resumeWaiters.join, this.resumeWaiters.seek]) {
      for (const resolve of waiters.splice(0)) resolve(incompatibleReply());
    }
    this.setStatus('incompatible');
  }

  private failPending(): void {
    for (const resolve of this.pending.values()) {
      resolve({ type: 'error', code: 'disconnected', message: 'the connection was lost' });
    }
    this.pending.clear();
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.emit('status', status);
  }

  private emit<K extends keyof ClientEvents>(event: K, value: ClientEvents[K]): void {
    for (const handler of this.handlers[event]) handler(value);
  }
}

const incompatibleReply = (): Reply => ({
  type: 'error',
  code: 'incompatible',
  message: 'the server has been updated; reload the page',
});

const notJoined = (): Reply => ({
  type: 'error',
  code: 'not_joined',
  message: 'join a game first',
});

/** The HTTP half: create a game (the secret goes in the body, never the URL) and read games. */
export class OnlineApi {
  constructor(private readonly baseUrl = '') {}

  async createGame(setup: {
    variant: string;
    clock: ClockSetting | null;
    side: Seat | 'random';
    secret: string;
    /** The creator's identity secret: their seat shows their name (and may be rated). */
    player?: string;
    /** Rated needs `player`, and the friend then needs a name to take the seat. */
    rated?: boolean;
  }): Promise<{ gameId: string; seat: Seat } | { error: { code: string; message: string } }> {
    const response = await fetch(`${this.baseUrl}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(setup),
    });
    const json = await readJson(response);
    const created = CreatedGameSchema.safeParse(json);
    if (response.ok && created.success) return created.data;
    const failed = ErrorBodySchema.safeParse(json);
    return failed.success
      ? failed.data
      : { error: { code: 'bad_server_message', message: `unexpected answer ${response.status}` } };
  }

  async getGame(gameId: string): Promise<PublicGame | undefined> {
    const response = await fetch(`${this.baseUrl}/api/games/${encodeURIComponent(gameId)}`);
    if (!response.ok) return undefined;
    const body = GameResponseSchema.safeParse(await readJson(response));
    return body.success ? body.data.game : undefined;
  }

  async finishedGames(limit = 20): Promise<GameSummary[]> {
    const response = await fetch(`${this.baseUrl}/api/games?limit=${limit}`);
    if (!response.ok) return [];
    const body = GameListSchema.safeParse(await readJson(response));
    return body.success ? body.data.games : [];
  }
}

const readJson = (response: Response): Promise<unknown> =>
  response.json().catch((): unknown => undefined);
