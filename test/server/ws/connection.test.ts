import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/protocol/index.js';
import type { Matchmaking } from '../../../src/server/matchmaking/service.js';
import type { PlayService } from '../../../src/server/play.js';
import { createLogger } from '../../../src/server/log.js';
import { Metrics } from '../../../src/server/metrics.js';
import { Connection } from '../../../src/server/ws/connection.js';

/** A socket stand-in: frames in by `receive`, frames out recorded. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ServerMessage[] = [];
  send(text: string): void {
    this.sent.push(JSON.parse(text) as ServerMessage);
  }
  close(): void {
    // Closing takes a handshake: frames may still arrive meanwhile.
  }
  terminate(): void {
    this.readyState = 3;
  }
  receive(message: unknown): void {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

describe('connection', () => {
  it('answers frames that arrive during a graceful shutdown with shutting_down, by id', () => {
    const ws = new FakeSocket();
    const connection = new Connection(ws as unknown as WebSocket, {
      // A shutting-down connection acts on nothing; closing, it only leaves.
      play: { leave: () => undefined } as unknown as PlayService,
      matchmaking: { cancel: () => Promise.resolve() } as unknown as Matchmaking,
      metrics: new Metrics(),
      log: createLogger('silent', () => undefined),
      now: () => 0,
      rate: { perSecond: 10, burst: 10 },
      mayCreate: () => true,
      address: '127.0.0.1',
      tournament: () => Promise.reject(new Error('a shutting-down connection asks nothing')),
    });
    connection.shutdown(500);
    ws.receive({ type: 'ping', id: 'late1', t: 1 });
    expect(ws.sent).toEqual([
      { type: 'shutdown', reconnectMs: 500 },
      {
        type: 'error',
        id: 'late1',
        code: 'shutting_down',
        message: 'the server is restarting; reconnect',
      },
    ]);
    ws.emit('close');
  });
});
