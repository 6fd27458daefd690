import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/ai/index.js';
import { CLASSIC, Position, parseMoves, unwrap } from '../../src/core/index.js';
import {
  DEFAULT_MINE_OPTIONS,
  dailyIndex,
  minePuzzles,
  nextPuzzleIndex,
  parsePuzzleFile,
  puzzleAt,
  puzzlePrompt,
  trimToChoices,
  serializePuzzleFile,
  updateRating,
  verifyPuzzle,
} from '../../src/puzzles/index.js';
import { Solver } from '../../src/solver/index.js';
import { runCli } from '../cli/run-cli.js';

const solver = new Solver({ tableBits: 20 });
const options = { ...DEFAULT_MINE_OPTIONS, random: createRandom(1) };
// A Strong-vs-Intermediate game from `c4 arena --seed 1 --opening-plies 4`.
const GAME = '44134334316733464171161666777755';

describe('mining', () => {
  const moves = unwrap(parseMoves(GAME, CLASSIC));
  const mined = minePuzzles(solver, CLASSIC, moves, options, new Set());

  it('finds puzzles with exactly one solution that the solver confirms', () => {
    expect(mined.length).toBeGreaterThan(0);
    for (const puzzle of mined) {
      expect(puzzle.steps[0]!.accept).toHaveLength(1);
      expect(verifyPuzzle(solver, puzzle)).toBeNull();
    }
  });

  it('is reproducible from the seed', () => {
    const again = minePuzzles(
      solver,
      CLASSIC,
      moves,
      { ...options, random: createRandom(1) },
      new Set(),
    );
    expect(again).toEqual(mined);
  });

  it('skips a forced block and an immediate win', () => {
    // Red threatens 1-1-1 upwards: Yellow must block at once, which is no puzzle.
    const block = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves('4151', CLASSIC))));
    expect(puzzleAt(solver, block, options)).toBeNull();
    const win = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves('415161', CLASSIC))));
    expect(puzzleAt(solver, win, options)).toBeNull();
  });

  // The daily puzzle of 2026-12-06: 41 discs, only column 3 open, "Every column but one loses".
  const ONE_OPEN = '61764556757761622112226155544214443377333';

  it('skips a position with one legal column, and verification rejects one', () => {
    const position = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(ONE_OPEN, CLASSIC))));
    expect(position.legalColumns()).toEqual([2]);
    expect(puzzleAt(solver, position, options)).toBeNull();
    const puzzle = {
      id: '1md7w12',
      variant: '7x6c4',
      start: ONE_OPEN,
      goal: 'draw' as const,
      steps: [{ accept: '3', reply: null }],
      distance: null,
      rating: 920,
    };
    expect(verifyPuzzle(solver, puzzle)).toBe('step 1: one legal column');
  });

  it('cuts a shipped line at its first forced move, and drops a start with no choice', () => {
    // After 7 and the reply 1, only column 1 is open: the old line asked for it twice more.
    const forced = {
      id: '1c30ai6',
      variant: '7x6c4',
      start: '3241443233565655452234662264365177777',
      goal: 'draw' as const,
      steps: [
        { accept: '7', reply: '1' },
        { accept: '1', reply: '1' },
        { accept: '1', reply: null },
      ],
      distance: null,
      rating: 1040,
    };
    const cut = trimToChoices(forced, CLASSIC);
    expect(cut).toEqual({ ...forced, steps: [{ accept: '7', reply: null }], rating: 920 });
    expect(verifyPuzzle(solver, cut!)).toBeNull();
    const single = { ...forced, start: ONE_OPEN, steps: [{ accept: '3', reply: null }] };
    expect(trimToChoices(single, CLASSIC)).toBeNull();
    const kept = { ...forced, steps: [{ accept: '7', reply: null }] };
    expect(trimToChoices(kept, CLASSIC)).toBe(kept);
  });

  it('asks for the move in words true of the position', () => {
    const draw = { goal: 'draw', distance: null } as const;
    const win = { goal: 'win', distance: 3 } as const;
    const at = (moves: string): Position =>
      unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(moves, CLASSIC))));
    const puzzle = (p: typeof draw | typeof win) => ({
      id: 'x',
      variant: '7x6c4',
      start: '',
      steps: [],
      rating: 1000,
      ...p,
    });
    // Columns 3 and 7 open: two open columns are not "every column but one".
    const twoOpen = ONE_OPEN.slice(0, 36);
    expect(at(twoOpen).legalColumns()).toHaveLength(2);
    expect(puzzlePrompt(puzzle(draw), at(twoOpen), 'Red')).toBe(
      'Red to move: save the draw. One of the two open columns loses.',
    );
    expect(puzzlePrompt(puzzle(draw), at('44'), 'Red')).toBe(
      'Red to move: save the draw. Every column but one loses.',
    );
    expect(puzzlePrompt(puzzle(win), at('44'), 'Yellow')).toBe(
      'Yellow to move: find the winning move (a win in 3). Only one column wins.',
    );
  });

  it('verification rejects a wrong answer and a wrong distance', () => {
    const puzzle = mined[0]!;
    const wrong = {
      ...puzzle,
      steps: [{ accept: puzzle.steps[0]!.accept === '1' ? '2' : '1', reply: null }],
    };
    expect(verifyPuzzle(solver, wrong)).toMatch(/^step 1: accepts/);
    if (puzzle.distance !== null) {
      expect(verifyPuzzle(solver, { ...puzzle, distance: puzzle.distance + 1 })).toMatch(/^win in/);
    }
  });
});

describe('file format', () => {
  it('round-trips and names the first problem', () => {
    const puzzle = {
      id: 'abc',
      variant: '7x6c4',
      start: '4444',
      goal: 'win' as const,
      steps: [{ accept: '3', reply: null }],
      distance: 2,
      rating: 1000,
    };
    expect(unwrap(parsePuzzleFile(serializePuzzleFile([puzzle]))).puzzles).toEqual([puzzle]);
    const bad = parsePuzzleFile('{"format":"c4-puzzles","version":1,"puzzles":[{"id":"x"}]}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('puzzle_invalid');
      expect(bad.error.message).toMatch(/^puzzles\.0\.variant/);
    }
    expect(parsePuzzleFile('nope').ok).toBe(false);
  });
});

describe('rating and daily puzzle', () => {
  it('moves by Elo with K = 32', () => {
    expect(updateRating(1200, 1200, true)).toBe(1216);
    expect(updateRating(1200, 1200, false)).toBe(1184);
    // A much harder puzzle solved gains nearly all of K; failed costs almost nothing.
    expect(updateRating(1200, 2000, true)).toBe(1232);
    expect(updateRating(1200, 2000, false)).toBe(1200);
  });

  it('picks the same daily puzzle for a day, and the closest unsolved puzzle next', () => {
    expect(dailyIndex('2026-12-01', 500)).toBe(dailyIndex('2026-12-01', 500));
    expect(dailyIndex('2026-12-01', 500)).not.toBe(dailyIndex('2026-12-02', 500));
    expect(nextPuzzleIndex([900, 1300, 1210], 1200, new Set())).toBe(2);
    expect(nextPuzzleIndex([900, 1300, 1210], 1200, new Set([2]))).toBe(1);
    expect(nextPuzzleIndex([900], 1200, new Set([0]))).toBeNull();
  });
});

describe('c4 puzzles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'c4-puzzles-'));
  const games = join(dir, 'games.txt');
  writeFileSync(games, `# two games\n${GAME}\n\n7x6c4:${GAME}\n`);

  it('generate writes a verified file, the same for the same seed', async () => {
    const out = join(dir, 'a.json');
    const first = await runCli([
      'puzzles',
      'generate',
      '--from',
      games,
      '--out',
      out,
      '--seed',
      '3',
    ]);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^\d+ puzzles from 2 games written to /);
    const text = readFileSync(out, 'utf8');
    await runCli(['puzzles', 'generate', '--from', games, '--out', out, '--seed', '3']);
    expect(readFileSync(out, 'utf8')).toBe(text);
    const verified = await runCli(['puzzles', 'verify', out]);
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(/^(\d+) of \1 puzzles hold\n$/);
  });

  it.each([
    [['puzzles'], 'c4 puzzles: expected generate, verify or show'],
    [['puzzles', 'generate', '--out', 'x'], 'c4 puzzles generate: --from and --out are required'],
    [
      ['puzzles', 'generate', '--from', '/nonexistent', '--out', 'x'],
      'c4 puzzles generate: /nonexistent not found',
    ],
    [['puzzles', 'verify', '/nonexistent'], 'c4 puzzles verify: /nonexistent not found'],
  ])('%j fails with one line, exit 2', async (args, message) => {
    const { code, err } = await runCli(args);
    expect(code).toBe(2);
    expect(err.startsWith(message)).toBe(true);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('arena --print-games writes games for it, one per line, the summary on stderr', async () => {
    const args = ['arena', '--a', 'beginner', '--b', 'casual', '--games', '2', '--check-ms', '0'];
    const { code, out, err } = await runCli([...args, '--print-games']);
    expect(code).toBe(0);
    expect(out).toMatch(/^7x6c4:[1-7]+\n7x6c4:[1-7]+\n$/);
    expect(err).toContain('Beginner (A) vs Casual (B)');
  });

  it('names the bad line of a games file', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, `${GAME}\n4444444\n`);
    const { code, err } = await runCli([
      'puzzles',
      'generate',
      '--from',
      bad,
      '--out',
      join(dir, 'b.json'),
    ]);
    expect(code).toBe(2);
    expect(err).toBe(`c4 puzzles generate: ${bad} line 2: move 7: column 4 is full\n`);
  });
});
