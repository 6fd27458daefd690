import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/protocol/index.js';
import { reconnectDelayMs } from '../../src/web/online/connection/backoff.js';
import { ClockOffset } from '../../src/web/online/connection/clock-offset.js';
import { Connection } from '../../src/web/online/connection/connection.js';
import { FakeSocket } from './online-fixtures.js';

describe('reconnect backoff', () => {
  it.each([
    // attempt, random, delay (min 250, max 5000)
    [0, 0, 125],
    [0, 0.999_999_9, 250],
    [1, 0, 250],
    [2, 1, 1000],
    [4, 1, 4000],
    [5, 1, 5000],
    [30, 0, 2500],
  ])('attempt %i with random %d waits %d ms', (attempt, random, delay) => {
    expect(reconnectDelayMs(attempt, 250, 5000, () => random)).toBeCloseTo(delay, 3);
  });
});

describe('server clock offset', () => {
  it('guesses from the greeting until a ping answers, then keeps the fastest round trip', () => {
    const clock = new ClockOffset();
    expect(clock.serverNow(1000)).toBe(1000);
    clock.greeted(5000, 1000);
    expect(clock.offsetMs).toBe(4000);
    // Sent at 2000, answered at 2100: the server read 6060 halfway, at 2050.
    clock.ponged(2000, 6060, 2100);
    expect(clock.offsetMs).toBe(4010);
    // A slower trip is more distorted: ignored. A greeting (reconnect) no longer overrides.
    clock.ponged(3000, 9000, 3400);
    clock.greeted(1, 1);
    expect(clock.offsetMs).toBe(4010);
    // As fast or faster: taken.
    clock.ponged(4000, 8020, 4020);
    expect(clock.offsetMs).toBe(4010);
    expect(clock.serverNow(10_000)).toBe(14_010);
    clock.ponged(5000, 9100, 5000);
    expect(clock.offsetMs).toBe(4100);
  });
});

describe('connection', () => {
  let sockets: FakeSocket[];
  let connection: Connection;
  let events: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    events = [];
    connection = new Connection({
      url: 'ws://test/ws',
      socket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    connection.on('status', (s) => events.push(`status ${s}`));
    connection.on('open', () => events.push('open'));
    connection.on('error', (e) => events.push(`error ${e.code}`));
    connection.on('hello', (h) => events.push(`hello ${String(h.computerAfterMs)}`));
    connection.start();
  });
  afterEach(() => {
    connection.close();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('answers a request with the frame carrying its id, after telling the frame to listeners', async () => {
    sockets[0]!.open();
    const seen: string[] = [];
    connection.on('message', (m) => seen.push(m.type));
    const answer = connection.request({ type: 'cancelSeek' });
    const sent = sockets[0]!.sent.find((m) => m['type'] === 'cancelSeek')!;
    expect(sent['id']).toMatch(/^r\d+$/);
    sockets[0]!.receive({ type: 'ack', id: 'someone-else', version: 1 });
    sockets[0]!.receive({ type: 'ack', id: sent['id'], version: 2 });
    expect(await answer).toEqual({ type: 'ack', id: sent['id'], version: 2 });
    expect(seen).toEqual(['ack', 'ack']);
    expect(events).toEqual(['status open', 'open']);
  });

  it('refuses a request while disconnected, after a timeout, and when the connection drops', async () => {
    expect(await connection.request({ type: 'cancelSeek' })).toMatchObject({
      code: 'disconnected',
    });
    sockets[0]!.open();
    const late = connection.request({ type: 'cancelSeek' });
    vi.advanceTimersByTime(10_000);
    expect(await late).toMatchObject({ type: 'error', code: 'timeout' });
    const dropped = connection.request({ type: 'cancelSeek' });
    sockets[0]!.onclose?.({});
    expect(await dropped).toMatchObject({ type: 'error', code: 'disconnected' });
  });

  it('reconnects with backoff, announcing each open, and comes back when a restarting server asks', () => {
    // The top of the jitter: each wait is its full doubling.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    sockets[0]!.open();
    sockets[0]!.onclose?.({});
    expect(connection.status).toBe('reconnecting');
    vi.advanceTimersByTime(249);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // It never opened: the next wait doubles.
    sockets[1]!.onclose?.({});
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(events.filter((e) => e === 'open')).toHaveLength(2);
    sockets[2]!.receive({ type: 'shutdown', reconnectMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('pings on open and every 15 s, and reads the server clock from the pong', async () => {
    sockets[0]!.open();
    const pings = () => sockets[0]!.sent.filter((m) => m['type'] === 'ping');
    expect(pings()).toHaveLength(1);
    const t = pings()[0]!['t'] as number;
    vi.advanceTimersByTime(40);
    sockets[0]!.receive({ type: 'pong', id: pings()[0]!['id'], t, serverNow: t + 1_000_020 });
    // The pong answers the ping's promise: its handler runs once pending callbacks have.
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.serverOffsetMs).toBe(1_000_000);
    expect(connection.serverNow(t)).toBe(t + 1_000_000);
    vi.advanceTimersByTime(15_000);
    expect(pings()).toHaveLength(2);
  });

  it('greets on its version, stops for good on another, and reports frames that break the schemas', () => {
    sockets[0]!.open();
    sockets[0]!.receive('{not json');
    sockets[0]!.receive({ type: 'error', code: 'rate_limited', message: 'slow down' });
    sockets[0]!.receive({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      serverNow: 1,
      computerAfterMs: 20_000,
    });
    sockets[0]!.receive({ type: 'hello', protocol: PROTOCOL_VERSION + 1, serverNow: 1 });
    expect(events).toEqual([
      'status open',
      'open',
      'error bad_server_message',
      'error rate_limited',
      'hello 20000',
      'status incompatible',
    ]);
    expect(connection.serverProtocol).toBe(PROTOCOL_VERSION + 1);
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
