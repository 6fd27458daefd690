/**
 * The online connection, apart from what is done over it: one WebSocket that reconnects by itself
 * with backoff, matches replies to requests by id, pings to estimate the server's clock, and stops
 * for good on another protocol version (the page must be reloaded). Every frame is validated with
 * the shared protocol schemas. It knows no game or tournament: the session on top (../client.ts)
 * replays those on `open`. Works in the browser and, with `ws` passed in, in Node tests.
 */
import {
  PROTOCOL_VERSION,
  versionedSocketUrl,
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
} from '../../../protocol/index.js';
import { reconnectDelayMs } from './backoff.js';
import { ClockOffset } from './clock-offset.js';
import { Emitter } from './emitter.js';

/** The part of the WebSocket API the connection needs (browser WebSocket and `ws` both fit). */
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

/** A refusal made by this side: no connection, no answer in time, or another protocol. */
export interface LocalRefusal {
  readonly type: 'error';
  readonly code: 'disconnected' | 'timeout' | 'incompatible';
  readonly message: string;
}

/** What answers a request: the server's reply carrying its id, or a refusal. */
export type Answer = ServerMessage | LocalRefusal;

export interface ConnectionEvents {
  status: ConnectionStatus;
  /** Connected, the first time or again: what the session was doing is to be replayed now. */
  open: undefined;
  /** Every valid frame, a reply before it answers its request (its side effects come first). */
  message: ServerMessage;
  /** The server greeted this connection in this client's protocol version. */
  hello: { computerAfterMs: number | undefined };
  /** A frame that broke the schemas, or a server error that answers no request. */
  error: { code: string; message: string };
}

export interface ConnectionOptions {
  /** WebSocket URL, e.g. `wss://host/ws`; defaults to this page's host. */
  readonly url?: string;
  readonly socket?: SocketFactory;
  readonly minReconnectMs?: number;
  readonly maxReconnectMs?: number;
}

const OPEN = 1;
const REQUEST_TIMEOUT_MS = 10_000;
const PING_EVERY_MS = 15_000;

export function defaultSocketUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

export const incompatibleRefusal = (): LocalRefusal => ({
  type: 'error',
  code: 'incompatible',
  message: 'the server has been updated; reload the page',
});

export class Connection extends Emitter<ConnectionEvents> {
  private socket: SocketLike | undefined;
  private readonly pending = new Map<string, (answer: Answer) => void>();
  private nextId = 1;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private readonly clock = new ClockOffset();
  private readonly url: string;
  private readonly factory: SocketFactory;
  private readonly minReconnectMs: number;
  private readonly maxReconnectMs: number;

  status: ConnectionStatus = 'connecting';
  /** The server's protocol version when it is not this client's (status `incompatible`). */
  serverProtocol: number | undefined;

  constructor(options: ConnectionOptions = {}) {
    super();
    this.url = options.url ?? defaultSocketUrl();
    this.factory = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.minReconnectMs = options.minReconnectMs ?? 250;
    this.maxReconnectMs = options.maxReconnectMs ?? 5000;
  }

  /** Opens the socket; listeners subscribed before this see every event. */
  start(): void {
    this.open();
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Estimated `serverTime - localTime`, from the greeting and ping round trips. */
  get serverOffsetMs(): number {
    return this.clock.offsetMs;
  }

  /** The server's clock now, estimated from this page's. */
  serverNow(localNow = Date.now()): number {
    return this.clock.serverNow(localNow);
  }

  /**
   * Sends `message` with a fresh id; resolves with the frame carrying that id, or a refusal when
   * not connected, when the connection drops first, or after REQUEST_TIMEOUT_MS. Never rejects.
   */
  request(message: ClientMessage): Promise<Answer> {
    const id = `r${this.nextId++}`;
    return new Promise<Answer>((resolve) => {
      if (this.socket?.readyState !== OPEN) {
        resolve({ type: 'error', code: 'disconnected', message: 'not connected' });
        return;
      }
      const timer = setTimeout(() => {
        if (this.pending.delete(id)) {
          resolve({ type: 'error', code: 'timeout', message: 'no reply from the server' });
        }
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  close(): void {
    this.stop(1000, 'bye');
    this.setStatus('closed');
  }

  private open(): void {
    if (this.stopped) return;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      // The server refuses a socket that does not name this client's protocol version.
      socket = this.factory(versionedSocketUrl(this.url));
    } catch {
      this.scheduleReconnect(this.minReconnectMs);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.emit('open', undefined);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        this.ping();
      }, PING_EVERY_MS);
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
    const delay =
      delayMs ?? reconnectDelayMs(this.attempt, this.minReconnectMs, this.maxReconnectMs);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.open();
    }, delay);
  }

  private ping(): void {
    const sent = Date.now();
    void this.request({ type: 'ping', t: sent }).then((reply) => {
      if (reply.type === 'pong') this.clock.ponged(sent, reply.serverNow, Date.now());
    });
  }

  private receive(message: ServerMessage): void {
    this.emit('message', message);
    const id: string | undefined = 'id' in message ? message.id : undefined;
    const resolve = id === undefined ? undefined : this.pending.get(id);
    if (id !== undefined && resolve) {
      this.pending.delete(id);
      resolve(message);
      return;
    }
    switch (message.type) {
      case 'hello':
        if (message.protocol !== PROTOCOL_VERSION) {
          this.incompatible(message.protocol);
          return;
        }
        this.clock.greeted(message.serverNow, Date.now());
        this.emit('hello', { computerAfterMs: message.computerAfterMs });
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
    this.stop(1000, 'protocol mismatch');
    this.setStatus('incompatible');
  }

  private stop(code: number, reason: string): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    this.socket?.close(code, reason);
    this.failPending();
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
}
