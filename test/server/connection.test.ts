import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/protocol/index.js';
import type { BotRunner } from '../../src/server/bots/runner.js';
import type { GameService } from '../../src/server/games.js';
import type { PlayerService } from '../../src/server/players.js';
import type { Hub } from '../../src/server/hub.js';
import { createLogger } from '../../src/server/log.js';
import { Metrics } from '../../src/server/metrics.js';
import { Connection } from '../../src/server/ws/connection.js';

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
      // Never reached: a shutting-down connection acts on nothing.
      service: undefined as unknown as GameService,
      hub: undefined as unknown as Hub,
      metrics: new Metrics(),
      log: createLogger('silent', () => undefined),
      now: () => 0,
      rate: { perSecond: 10, burst: 10 },
      mayCreate: () => true,
      players: undefined as unknown as PlayerService,
      bots: undefined as unknown as BotRunner,
      botWaitMs: 10_000,
      address: '127.0.0.1',
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
