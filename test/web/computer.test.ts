import { describe, expect, it } from 'vitest';
import { ComputerPlayer, playersChanged } from '../../src/web/local/computer.js';
import { DEFAULT_SETTINGS, initialState, reduce, type Action } from '../../src/web/state/game.js';
import type { GameState } from '../../src/web/state/types.js';
import { FakeClock, FakeSearch } from './fakes.js';

const env = { random: () => 0.5 };
const cpu = (moves: number[] = []): GameState =>
  moves.reduce(
    (s, column) => reduce(s, { type: 'drop', column }, env).state,
    initialState({ ...DEFAULT_SETTINGS, mode: 'cpu', start: 'b' }),
  );

function setup() {
  const search = new FakeSearch();
  const clock = new FakeClock();
  const moves: Action[] = [];
  const errors: string[] = [];
  const computer = new ComputerPlayer(search, clock, () => 0.25, {
    onMove: (action) => moves.push(action),
    onError: (message) => errors.push(message),
  });
  return { search, clock, moves, errors, computer };
}

describe('the computer player', () => {
  it('asks for a move at its level and hands it over after the minimum thinking time', () => {
    const { search, clock, moves, computer } = setup();
    expect(computer.think(cpu())).toBe(true);
    expect(computer.thinking).toBe(true);
    expect(search.requests).toEqual([
      {
        type: 'move',
        game: { width: 7, height: 6, connect: 4, moves: [] },
        level: 'intermediate',
        seed: 2 ** 30,
      },
    ]);
    // A second call while thinking does not start another search.
    expect(computer.think(cpu())).toBe(false);
    clock.advance(100);
    search.reply({ type: 'move', column: 3 });
    expect(moves).toEqual([]); // 350 ms have not passed yet
    clock.advance(249);
    expect(moves).toEqual([]);
    clock.advance(1);
    expect(moves).toEqual([{ type: 'computer', column: 3, ply: 0 }]);
    expect(computer.thinking).toBe(false);
  });

  it('plays at once when the search took longer than the minimum', () => {
    const { search, clock, moves, computer } = setup();
    computer.think(cpu());
    clock.advance(900);
    search.reply({ type: 'move', column: 2 });
    clock.advance(0);
    expect(moves).toEqual([{ type: 'computer', column: 2, ply: 0 }]);
  });

  it('does not think on a person’s turn or after the end', () => {
    const { search, computer } = setup();
    const yours = reduce(cpu(), { type: 'computer', column: 3, ply: 0 }, env).state;
    expect(computer.think(yours)).toBe(false);
    expect(search.requests).toHaveLength(0);
  });

  it('drops a reply that arrives after stop(), even one waiting out the minimum time', () => {
    const { search, clock, moves, computer } = setup();
    computer.think(cpu());
    search.reply({ type: 'move', column: 3 });
    computer.stop(); // e.g. New game while the disc is about to be handed over
    clock.advance(1000);
    expect(moves).toEqual([]);
    expect(search.cancels).toBe(1);

    computer.think(cpu());
    computer.stop();
    search.reply({ type: 'move', column: 5 }, 1); // the cancelled search answers late
    clock.advance(1000);
    expect(moves).toEqual([]);
    expect(computer.thinking).toBe(false);
  });

  it('a late reply of an old search never plays into the new one', () => {
    const { search, clock, moves, computer } = setup();
    computer.think(cpu());
    computer.stop();
    computer.think(cpu());
    search.reply({ type: 'move', column: 0 }, 0);
    search.reply({ type: 'move', column: 6 }, 1);
    clock.advance(1000);
    expect(moves).toEqual([{ type: 'computer', column: 6, ply: 0 }]);
  });

  it('reports a failed search and can think again', () => {
    const { search, errors, computer } = setup();
    computer.think(cpu());
    search.reply({ type: 'error', message: 'worker failed' });
    expect(errors).toEqual(['worker failed']);
    expect(computer.thinking).toBe(false);
    expect(computer.think(cpu())).toBe(true);
  });

  it('fetches the opening book as soon as Perfect is to play a classic game, once', () => {
    const { search, computer } = setup();
    const perfect = (patch: Partial<GameState['settings']>): GameState =>
      reduce(cpu(), { type: 'settings', patch }, env).state;
    computer.prepare(perfect({ level: 'strong' }));
    expect(search.prepared).toEqual([]);
    computer.prepare(perfect({ level: 'perfect' }));
    computer.prepare(perfect({ level: 'perfect' }));
    expect(search.prepared).toHaveLength(1);
    computer.prepare(perfect({ mode: 'watch', watchLevels: ['casual', 'perfect'] }));
    expect(search.prepared).toHaveLength(1); // same board, already fetched
    // A search cancelled mid-way takes its worker, and the book in it, along.
    computer.think(perfect({ level: 'perfect' }));
    computer.stop();
    computer.prepare(perfect({ level: 'perfect' }));
    expect(search.prepared).toHaveLength(2);
  });

  it('a new move or a change of level makes a search stale; hints do not', () => {
    const before = cpu();
    const hinted = reduce(before, { type: 'settings', patch: { hints: true } }, env).state;
    expect(playersChanged(before, hinted)).toBe(false);
    const stronger = reduce(before, { type: 'settings', patch: { level: 'strong' } }, env).state;
    expect(playersChanged(before, stronger)).toBe(true);
    const moved = reduce(before, { type: 'computer', column: 3, ply: 0 }, env).state;
    expect(playersChanged(before, moved)).toBe(true);
  });
});
