import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../src/core/index.js';
import type { LoadGauge } from '../../../src/server/bots/load-gauge.js';
import type { BotPool } from '../../../src/server/bots/pool.js';
import { BotRunner, MAX_DEFER_MS } from '../../../src/server/bots/runner.js';
import { newGame, reduce, type Command } from '../../../src/server/game/reducer.js';
import type { GameState } from '../../../src/server/game/state.js';
import type { GameService } from '../../../src/server/games.js';
import { createLogger } from '../../../src/server/log.js';

const HUMAN = 'a'.repeat(64);
const BOT = 'b'.repeat(64);

/** A classic game where the human (seat 1) has played column 4: the computer is to move. */
function computerToMove(): GameState {
  const start = newGame({ id: 'game-0001', variant: '7x6c4', clock: null, seats: [HUMAN, BOT] }, 0);
  const moved = reduce(start, { type: 'move', by: 1, column: 3, version: start.version }, 0);
  if (!moved.ok) throw new Error(moved.error.code);
  return {
    ...moved.value.state,
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'bot:intermediate', name: 'Computer', computer: 'intermediate' },
    ],
  };
}

function harness(gauge: LoadGauge) {
  const executed: Command[] = [];
  const service = {
    execute: (_id: string, decide: (s: GameState) => Result<Command, { code: string }>) => {
      const command = decide(computerToMove());
      if (command.ok) executed.push(command.value);
      else throw new Error(command.error.code);
      return Promise.resolve({ ok: false, error: { code: 'stale_version' } });
    },
    load: () => Promise.resolve(undefined),
  } as unknown as GameService;
  const pool = { choose: () => Promise.resolve(2) } as unknown as BotPool;
  const runner = new BotRunner({
    service,
    store: { playingComputerGames: () => Promise.resolve([]) },
    pool,
    log: createLogger('silent', () => undefined),
    load: gauge,
  });
  return { runner, executed };
}

describe('the computer yields to human games', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves at once while the event loop is not busy', async () => {
    const { runner, executed } = harness({ busy: false, close: () => undefined });
    runner.update(computerToMove());
    await vi.advanceTimersByTimeAsync(0);
    expect(executed).toEqual([{ type: 'move', by: 2, column: 2, kind: 'drop', version: 1 }]);
    runner.close();
  });

  it('waits while the loop is busy and moves once it is not', async () => {
    const gauge = { busy: true, close: () => undefined };
    const { runner, executed } = harness(gauge);
    runner.update(computerToMove());
    await vi.advanceTimersByTimeAsync(500);
    expect(executed).toEqual([]);
    gauge.busy = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(executed).toHaveLength(1);
    runner.close();
  });

  it('never waits longer than the cap, however busy the loop stays', async () => {
    const { runner, executed } = harness({ busy: true, close: () => undefined });
    runner.update(computerToMove());
    await vi.advanceTimersByTimeAsync(MAX_DEFER_MS - 100);
    expect(executed).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(executed).toHaveLength(1);
    runner.close();
  });
});
