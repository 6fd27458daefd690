import { describe, expect, it } from 'vitest';
import { SearchClient, type WorkerLike } from '../../src/web/worker/client.js';
import type { Reply, Request } from '../../src/web/worker/protocol.js';

/** A worker whose replies the test sends; records posts and whether it was terminated. */
class FakeWorker implements WorkerLike {
  readonly posted: Request[] = [];
  terminated = false;
  private onMessage: ((event: { data: Reply }) => void) | undefined;
  private onError: ((event: { message?: string }) => void) | undefined;
  postMessage(message: Request): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: 'message', listener: (event: { data: Reply }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
  addEventListener(
    type: 'message' | 'error',
    listener: ((event: { data: Reply }) => void) & ((event: { message?: string }) => void),
  ): void {
    if (type === 'message') this.onMessage = listener;
    else this.onError = listener;
  }
  send(reply: Reply): void {
    this.onMessage?.({ data: reply });
  }
  fail(message: string): void {
    this.onError?.({ message });
  }
}

const game = { width: 7, height: 6, connect: 4, moves: [] };

function setup() {
  const workers: FakeWorker[] = [];
  const client = new SearchClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  });
  return { client, workers };
}

describe('the search client', () => {
  it('numbers requests and reuses an idle worker (its table stays warm)', () => {
    const { client, workers } = setup();
    const replies: Reply[] = [];
    client.run({ type: 'analyze', game }, (reply) => replies.push(reply));
    workers[0]!.send({ id: 1, type: 'analysis', hints: [], final: false, exact: true, threads: 1 });
    expect(client.running).toBe(true);
    workers[0]!.send({ id: 1, type: 'analysis', hints: [], final: true, exact: true, threads: 1 });
    expect(client.running).toBe(false);
    client.run({ type: 'analyze', game }, (reply) => replies.push(reply));
    expect(workers).toHaveLength(1);
    expect(workers[0]!.posted.map((r) => r.id)).toEqual([1, 2]);
    expect(replies).toHaveLength(2);
  });

  it('passes on how many threads the worker searched with', () => {
    const { client, workers } = setup();
    const replies: Reply[] = [];
    client.run({ type: 'analyze', game }, (reply) => replies.push(reply));
    workers[0]!.send({ id: 1, type: 'analysis', hints: [], final: true, exact: true, threads: 3 });
    expect(replies).toEqual([
      { id: 1, type: 'analysis', hints: [], final: true, exact: true, threads: 3 },
    ]);
  });

  it('cancels a running search by terminating its worker; its late replies are dropped', () => {
    const { client, workers } = setup();
    const replies: Reply[] = [];
    client.run({ type: 'move', game, level: 'strong', seed: 1 }, (r) => replies.push(r));
    client.cancel();
    expect(workers[0]!.terminated).toBe(true);
    expect(client.running).toBe(false);
    workers[0]!.send({ id: 1, type: 'move', column: 3 });
    expect(replies).toEqual([]);
  });

  it('a new request while one runs starts a fresh worker and hears only the new answers', () => {
    const { client, workers } = setup();
    const first: Reply[] = [];
    const second: Reply[] = [];
    client.run({ type: 'move', game, level: 'strong', seed: 1 }, (r) => first.push(r));
    client.run({ type: 'move', game, level: 'strong', seed: 2 }, (r) => second.push(r));
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    workers[0]!.send({ id: 1, type: 'move', column: 0 });
    workers[1]!.send({ id: 1, type: 'move', column: 1 }); // a stale id on the new worker
    workers[1]!.send({ id: 2, type: 'move', column: 2 });
    expect(first).toEqual([]);
    expect(second).toEqual([{ id: 2, type: 'move', column: 2 }]);
  });

  it('turns a crashed worker into an error reply and recovers with a new one', () => {
    const { client, workers } = setup();
    const replies: Reply[] = [];
    client.run({ type: 'analyze', game }, (r) => replies.push(r));
    workers[0]!.fail('out of memory');
    expect(replies).toEqual([{ id: 1, type: 'error', message: 'out of memory' }]);
    client.run({ type: 'analyze', game }, (r) => replies.push(r));
    expect(workers).toHaveLength(2);
  });
});
