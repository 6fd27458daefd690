import type { GameRef, Reply } from '../../src/web/worker/protocol.js';
import type { Search, SearchRequest } from '../../src/web/worker/client.js';
import type { Clock } from '../../src/web/local/clock.js';

type ReplyBody<T = Reply> = T extends unknown ? Omit<T, 'id'> : never;

/** A search that answers only when the test says so, recording what was asked and cancelled. */
export class FakeSearch implements Search {
  readonly requests: SearchRequest[] = [];
  cancels = 0;
  private handlers: ((reply: Reply) => void)[] = [];

  run(request: SearchRequest, onReply: (reply: Reply) => void): void {
    this.requests.push(request);
    this.handlers.push(onReply);
  }

  cancel(): void {
    this.cancels++;
  }

  readonly prepared: GameRef[] = [];
  prepare(game: GameRef): void {
    this.prepared.push(game);
  }

  /** Delivers `reply` to the handler of request `index` (default: the latest). */
  reply(reply: ReplyBody, index = this.handlers.length - 1): void {
    this.handlers[index]?.({ ...reply, id: index + 1 });
  }
}

/** A clock that moves only when told to. */
export class FakeClock implements Clock {
  time = 0;
  private timers: { at: number; run: () => void; live: boolean }[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, run: () => void): () => void {
    const timer = { at: this.time + ms, run, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  advance(ms: number): void {
    this.time += ms;
    for (const timer of this.timers.filter((t) => t.live && t.at <= this.time)) {
      timer.live = false;
      timer.run();
    }
  }
}
