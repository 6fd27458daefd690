/**
 * The online session: what this page is doing over the connection (./connection/connection.ts)
 * — the game it joined, the quick-match queue it waits in, the tournaments it follows and
 * joined — replayed after every reconnect, and the joined game's latest snapshot.
 */
import {
  CreatedGameSchema,
  ErrorBodySchema,
  GameListSchema,
  GameResponseSchema,
  SECRET_BYTES,
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
import {
  Connection,
  incompatibleRefusal,
  type ConnectionOptions,
  type ConnectionStatus,
  type LocalRefusal,
} from './connection/connection.js';
import { Emitter } from './connection/emitter.js';

export type { GameSummary, PublicGame, ServerMessage, ClockSetting, Seat };
export type { ConnectionStatus, SocketFactory, SocketLike } from './connection/connection.js';
export { defaultSocketUrl } from './connection/connection.js';

export type Reply =
  | Extract<ServerMessage, { type: 'ack' | 'joined' | 'seeking' | 'matched' | 'pong' }>
  | Extract<ServerMessage, { type: 'error' }>
  | LocalRefusal;

/** The answer to a tournament message: its reply, or a refusal (the server's or the client's). */
export type TournamentReply =
  | Exclude<TournamentServerMessage, { type: 'tournamentPairing' }>
  | Extract<ServerMessage, { type: 'error' }>
  | LocalRefusal;

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

export type OnlineClientOptions = ConnectionOptions;

/** A seat secret: 144 random bits, base64url, made and kept by the browser only. */
export function newSeatSecret(): string {
  const bytes = new Uint8Array(SECRET_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type JoinRequest = Omit<Extract<ClientMessage, { type: 'join' }>, 'type' | 'id'>;
type SeekRequest = Omit<Extract<ClientMessage, { type: 'seek' }>, 'type' | 'id'>;

export class OnlineClient extends Emitter<ClientEvents> {
  private readonly connection: Connection;
  /** Calls made while disconnected, answered by the replay once the connection opens. */
  private readonly resumeWaiters: { join: ((r: Reply) => void)[]; seek: ((r: Reply) => void)[] } = {
    join: [],
    seek: [],
  };
  private joinRequest: JoinRequest | undefined;
  private seekRequest: SeekRequest | undefined;
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

  /** Latest snapshot of the joined game. */
  game: PublicGame | undefined;
  seat: Seat | null = null;
  /** The server's quick-match wait before the computer plays (`hello`), once it is known. */
  computerAfterMs: number | undefined;

  constructor(options: OnlineClientOptions = {}) {
    super();
    const connection = new Connection(options);
    this.connection = connection;
    connection.on('status', (status) => {
      if (status === 'incompatible') {
        for (const waiters of [this.resumeWaiters.join, this.resumeWaiters.seek]) {
          for (const resolve of waiters.splice(0)) resolve(incompatibleRefusal());
        }
      }
      this.emit('status', status);
    });
    connection.on('open', () => {
      this.resume();
    });
    connection.on('message', (message) => {
      this.receive(message);
    });
    connection.on('hello', (hello) => {
      this.computerAfterMs = hello.computerAfterMs;
      this.emit('hello', hello);
    });
    connection.on('error', (error) => {
      this.emit('error', error);
    });
    connection.start();
  }

  get status(): ConnectionStatus {
    return this.connection.status;
  }

  /** The server's protocol version when it is not this client's (status `incompatible`). */
  get serverProtocol(): number | undefined {
    return this.connection.serverProtocol;
  }

  /** Estimated `serverTime - localTime`, from ping round trips. */
  get serverOffsetMs(): number {
    return this.connection.serverOffsetMs;
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
    const reply = this.connection.isOpen
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
  move(column: number, kind: 'drop' | 'pop' = 'drop'): Promise<Reply> {
    const game = this.game;
    if (!game) return Promise.resolve(notJoined());
    return this.request({
      type: 'move',
      gameId: game.id,
      column,
      ...(kind === 'pop' ? { kind } : {}),
      version: game.version,
    });
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
    options: {
      player?: string;
      computer?: 'fallback' | 'now' | 'never';
      rated?: boolean;
      /** The member of the family (`popout`, `five`); classic when absent. */
      game?: string;
    } = {},
  ): Promise<Reply> {
    this.seekRequest = { variant, clock, secret, ...options };
    if (!this.connection.isOpen) return this.afterResume('seek');
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
    const reply = this.connection.request(message) as Promise<TournamentReply>;
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
    return this.connection.serverNow(localNow);
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
    this.connection.close();
  }

  /** Game and queue messages are answered by these replies only (or a refusal). */
  private request(message: ClientMessage): Promise<Reply> {
    return this.connection.request(message) as Promise<Reply>;
  }

  private afterResume(kind: 'join' | 'seek'): Promise<Reply> {
    return new Promise((resolve) => this.resumeWaiters[kind].push(resolve));
  }

  /** After (re)connecting: rejoin the game and the queue the user was in. */
  private resume(): void {
    const settle = (kind: 'join' | 'seek') => (reply: Reply) => {
      for (const resolve of this.resumeWaiters[kind].splice(0)) resolve(reply);
    };
    if (this.joinRequest)
      void this.request({ type: 'join', ...this.joinRequest }).then(settle('join'));
    if (this.seekRequest)
      void this.request({ type: 'seek', ...this.seekRequest }).then(settle('seek'));
    if (this.watchedTournament !== undefined) {
      void this.connection.request({
        type: 'tournamentWatch',
        tournamentId: this.watchedTournament,
      });
    }
    for (const [tournamentId, join] of this.joinedTournaments) {
      // Refused (over, or excluded meanwhile): nothing to rejoin any more.
      void this.connection.request(join).then((r) => {
        if (r.type === 'error') this.joinedTournaments.delete(tournamentId);
      });
    }
  }

  /** Every frame, before a reply answers its request: a watch's first snapshot reaches every listener. */
  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'joined':
        this.seat = message.seat;
        this.emit('joined', { gameId: message.gameId, seat: message.seat });
        return;
      case 'matched':
        this.seekRequest = undefined;
        this.emit('matched', { gameId: message.gameId, seat: message.seat });
        return;
      case 'tournament':
        if (message.tournament.id === this.watchedTournament) {
          this.emit('tournament', message.tournament);
        }
        return;
      case 'tournamentPairing':
        this.emit('tournamentPairing', message);
        return;
      case 'game':
        if (this.joinRequest?.gameId !== message.game.id) return;
        if (this.game?.id === message.game.id && message.game.version < this.game.version) return;
        this.game = message.game;
        this.emit('game', message.game);
        return;
      default:
        return;
    }
  }
}

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
    /** The member of the family (`popout`, `five`); classic when absent. */
    game?: string;
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
