import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  chooseMoveNow,
  createRandom,
  LEVEL_NODES,
  LEVELS,
  thinkingBudget,
  type LevelId,
} from '../../src/ai/index.js';
import {
  CLASSIC,
  Position,
  VARIANT_LIMITS,
  createVariant,
  parseMoves,
  parseVariant,
  unwrap,
} from '../../src/core/index.js';
import {
  BOT_LEVELS,
  LADDER_BUDGETS,
  POOLS,
  botRating,
  poolOfVariant,
} from '../../src/rating/index.js';
import { loadCeilingMs } from '../../src/server/bots/pool.js';
import { ComputerPlayer } from '../../src/web/local/computer.js';
import { DEFAULT_SETTINGS, initialState } from '../../src/web/state/game.js';
import { runCli } from '../cli/run-cli.js';
import { FakeClock, FakeSearch } from '../web/fakes.js';

const classic = (moves: string): Position =>
  unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));

const nineBySeven = unwrap(parseVariant('9x7c4'));
const sevenBySevenC5 = unwrap(parseVariant('7x7c5'));

describe('one thinking budget per level', () => {
  it('is defined once: nodes for the searching levels, time for Perfect where it solves', () => {
    expect(LEVELS.map((level) => [level.id, thinkingBudget(level.id, CLASSIC)])).toEqual([
      ['beginner', { nodes: 0, timeMs: 0 }],
      ['casual', { nodes: 20_000, timeMs: 3000 }],
      ['intermediate', { nodes: 40_000, timeMs: 3000 }],
      ['strong', { nodes: 60_000, timeMs: 3000 }],
      ['perfect', { nodes: null, timeMs: 900 }],
    ]);
    expect(thinkingBudget('perfect', sevenBySevenC5)).toEqual({ nodes: null, timeMs: 2000 });
    // past 64 bits the solver's wide build: Perfect solves there too
    expect(thinkingBudget('perfect', nineBySeven)).toEqual({ nodes: null, timeMs: 2000 });
    expect(thinkingBudget('strong', nineBySeven)).toEqual(thinkingBudget('strong', CLASSIC));
  });

  it('on every board the game offers, each level plays with the budget its rating was measured with', () => {
    const range = (r: { readonly min: number; readonly max: number }): number[] =>
      Array.from({ length: r.max - r.min + 1 }, (_, i) => r.min + i);
    let boards = 0;
    for (const w of range(VARIANT_LIMITS.width))
      for (const h of range(VARIANT_LIMITS.height))
        for (const c of range({ min: VARIANT_LIMITS.connect.min, max: Math.max(w, h) })) {
          const variant = unwrap(createVariant({ width: w, height: h, connect: c }));
          const ladder = LADDER_BUDGETS[poolOfVariant(variant)];
          for (const level of BOT_LEVELS) {
            expect(thinkingBudget(level, variant), `${level} on ${w}x${h}c${c}`).toEqual(
              ladder.budgets[level],
            );
          }
          boards++;
        }
    expect(boards).toBeGreaterThan(500);
    // The ladders themselves: each pool's board is in its pool, its budgets those of today.
    for (const pool of POOLS) {
      const variant = unwrap(parseVariant(LADDER_BUDGETS[pool].variant));
      expect(poolOfVariant(variant)).toBe(pool);
      expect(Object.keys(LADDER_BUDGETS[pool].budgets).sort()).toEqual([...BOT_LEVELS].sort());
    }
  });

  it('a longer time from a caller (the old 2 s of the web page and the server) changes nothing', () => {
    // A cold JIT is the slow device the safety ceiling is for: warm up first.
    chooseMoveNow(classic('44'), 'strong', { random: createRandom(9) });
    for (const [moves, level] of [
      ['', 'strong'],
      ['4453', 'strong'],
      ['436675', 'strong'],
      ['4453', 'intermediate'],
    ] as const) {
      const position = classic(moves);
      const own = chooseMoveNow(position, level, { random: createRandom(1) });
      const longer = chooseMoveNow(position, level, { random: createRandom(1), timeMs: 2000 });
      expect(longer.column).toBe(own.column);
      expect(longer.explanation.nodes).toBe(own.explanation.nodes);
      expect(longer.explanation.depth).toBe(own.explanation.depth);
      // Bounded by positions, not by the clock: what it sees never depends on the machine.
      expect(own.explanation.nodes).toBeLessThanOrEqual(thinkingBudget(level, CLASSIC).nodes!);
      expect(chooseMoveNow(position, level, { random: createRandom(1) }).explanation).toEqual(
        own.explanation,
      );
    }
  });

  it("Strong's budget binds on an open board: it stops within its nodes", () => {
    const choice = chooseMoveNow(classic('44'), 'strong', { random: createRandom(3) });
    expect(choice.explanation.interrupted).toBe(true);
    expect(choice.explanation.nodes).toBeGreaterThan(LEVEL_NODES.strong / 2);
    expect(choice.explanation.nodes).toBeLessThanOrEqual(LEVEL_NODES.strong + 1);
  });

  it('the web page asks the worker for a move with no budget of its own', () => {
    const search = new FakeSearch();
    const player = new ComputerPlayer(search, new FakeClock(), () => 0.25, {
      onMove: () => undefined,
      onError: () => undefined,
    });
    for (const level of ['casual', 'strong', 'perfect'] as const) {
      player.stop();
      player.think(initialState({ ...DEFAULT_SETTINGS, mode: 'cpu', start: 'b', level }));
      const request = search.requests.at(-1)!;
      expect(request).toMatchObject({ type: 'move', level });
      expect(Object.keys(request)).not.toContain('timeMs');
    }
  });

  it("the server's pool sends no budget of its own unless more wait than it has threads", () => {
    for (let waiting = 0; waiting <= 4; waiting++)
      expect(loadCeilingMs(waiting, 4)).toBeUndefined();
    expect(loadCeilingMs(8, 4)).toBe(5000);
    expect(loadCeilingMs(1000, 4)).toBe(50);
  });

  it('the CLI plays with the same budget: `bestmove` sees what chooseMove sees', async () => {
    for (const [moves, level] of [
      ['4453', 'strong'],
      ['44', 'intermediate'],
    ] as const satisfies readonly (readonly [string, LevelId])[]) {
      const cli = await runCli(['bestmove', '--level', level, '--seed', '1', '--explain', moves]);
      expect(cli.code).toBe(0);
      const own = chooseMoveNow(classic(moves), level, { random: createRandom(1) });
      expect(cli.out).toContain(`depth ${own.explanation.depth}, ${own.explanation.nodes} nodes`);
      expect(cli.out.split(' ')[0]).toBe(String(own.column + 1));
    }
  });

  it("docs/computer.md's level table states these budgets", () => {
    const doc = readFileSync(new URL('../../docs/computer.md', import.meta.url), 'utf8');
    const row = (name: string): string =>
      doc.split('\n').find((line) => line.startsWith(`| ${name}`)) ?? '';
    const thousands = (n: number): string => n.toLocaleString('en-US');
    expect(row('2 Casual')).toContain(`${thousands(LEVEL_NODES.casual)} positions`);
    expect(row('3 Intermediate')).toContain(`${thousands(LEVEL_NODES.intermediate)} positions`);
    expect(row('4 Strong')).toContain(`${thousands(LEVEL_NODES.strong)} positions`);
    expect(row('5 Perfect')).toContain(`${thousands(LEVEL_NODES.expert)} positions`);
    expect(row('5 Perfect')).toContain('0.9 s on 7×6');
    // …and the fixed online ratings those budgets were measured at, pool by pool.
    for (const [level, name] of BOT_LEVELS.map(
      (l, i) => [l, `${i + 1} ${LEVELS[i]!.name}`] as const,
    )) {
      const ratings = POOLS.map((pool) => botRating(pool, level).rating).join(' / ');
      expect(row(name).endsWith(`| ${ratings} |`), `${name}: ${ratings}`).toBe(true);
    }
  });
});
