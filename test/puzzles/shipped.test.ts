import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Position, parseMoves, parseVariant, unwrap } from '../../src/core/index.js';
import {
  familyPuzzlePosition,
  familyStepMoves,
  parsePuzzleFile,
  verifyFamilyPuzzle,
  verifyPuzzle,
  type Puzzle,
} from '../../src/puzzles/index.js';
import { analyseFamily } from '../../src/solver/family/index.js';
import { Solver } from '../../src/solver/index.js';

/**
 * Every shipped puzzle, re-checked by the solver without budget: exactly one column keeps the
 * goal at the start, every step accepts exactly the columns that keep it, and every reply is a
 * best defence. A missing file fails (the web page would have nothing to show).
 */
const DATA = join(import.meta.dirname, '..', '..', 'src', 'puzzles', 'sets');
const SETS = [
  { file: '7x6c4.json', variant: '7x6c4', atLeast: 500 },
  { file: '7x7c5.json', variant: '7x7c5', atLeast: 10 },
];

const readSet = (path: string): readonly Puzzle[] => {
  if (!existsSync(path)) return [];
  const parsed = parsePuzzleFile(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw parsed.error;
  return parsed.value.puzzles;
};

/** PopOut's and Five-in-a-Row's sets, checked by the family solver (its analysis, no budget). */
const FAMILY_SETS = [
  { file: 'popout.json', game: 'popout', variant: '7x6c4', atLeast: 60, pops: 8 },
  { file: 'five.json', game: 'five', variant: '9x6c5', atLeast: 30, pops: 0 },
] as const;

describe.each(FAMILY_SETS)('shipped puzzles $file', ({ file, game, variant, atLeast, pops }) => {
  const path = join(DATA, file);
  const puzzles = readSet(path);

  it(`holds at least ${atLeast} ${game} puzzles with unique ids`, () => {
    expect(existsSync(path), `${path} is missing`).toBe(true);
    expect(puzzles.length).toBeGreaterThanOrEqual(atLeast);
    expect(puzzles.every((p) => p.game === game && p.variant === variant)).toBe(true);
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
    // PopOut's set has puzzles whose unique answer is a pop ("a pop that wins"; the web page's
    // Pop control is tested on one).
    const popAnswers = puzzles.filter((p) => p.steps[0]!.accept.startsWith('p'));
    expect(popAnswers.length).toBeGreaterThanOrEqual(pops);
  });

  it('every puzzle is a real choice: two legal moves or more at every step, one that fails first', () => {
    const problems = puzzles.flatMap((p) => {
      const position = unwrap(familyPuzzlePosition(p));
      const found: string[] = [];
      for (const [i, step] of p.steps.entries()) {
        const legal = position.legalMoves().length;
        const accepted = familyStepMoves(p, step.accept).length;
        if (legal < 2) found.push(`${p.id} step ${i + 1}: ${legal} legal move`);
        if (i === 0 && accepted >= legal) found.push(`${p.id}: no move fails`);
        if (step.reply === null) break;
        position.play(familyStepMoves(p, step.accept)[0]!);
        position.play(familyStepMoves(p, step.reply)[0]!);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('every puzzle holds', () => {
    const problems = puzzles
      .map((p) => ({ id: p.id, problem: verifyFamilyPuzzle(p, (q) => analyseFamily(q)) }))
      .filter((r) => r.problem !== null);
    expect(problems).toEqual([]);
  }, 600_000);
});

describe.each(SETS)('shipped puzzles $file', ({ file, variant, atLeast }) => {
  const path = join(DATA, file);
  const puzzles: readonly Puzzle[] = existsSync(path)
    ? (() => {
        const parsed = parsePuzzleFile(readFileSync(path, 'utf8'));
        if (!parsed.ok) throw parsed.error;
        return parsed.value.puzzles;
      })()
    : [];

  it(`holds at least ${atLeast} ${variant} puzzles with unique ids`, () => {
    expect(existsSync(path), `${path} is missing`).toBe(true);
    expect(puzzles.length).toBeGreaterThanOrEqual(atLeast);
    expect(puzzles.every((p) => p.variant === variant)).toBe(true);
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
  });

  // Found as the daily puzzle of 2026-12-06: 41 discs, one open column, and "save the draw".
  it('every puzzle is a real choice: two legal columns or more at every step, one that fails first', () => {
    const problems = puzzles.flatMap((p) => {
      const shape = unwrap(parseVariant(p.variant));
      const position = unwrap(Position.fromMoves(shape, unwrap(parseMoves(p.start, shape))));
      const found: string[] = [];
      for (const [i, step] of p.steps.entries()) {
        const legal = position.legalColumns().length;
        if (legal < 2) found.push(`${p.id} step ${i + 1}: ${legal} legal column`);
        if (i === 0 && step.accept.length >= legal) found.push(`${p.id}: no column fails`);
        if (step.reply === null) break;
        position.play(parseInt(step.accept, 36) - 1);
        position.play(parseInt(step.reply, 36) - 1);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('every puzzle holds', () => {
    const solver = new Solver({ tableBits: 22 });
    const problems = puzzles
      .map((p) => ({ id: p.id, problem: verifyPuzzle(solver, p) }))
      .filter((r) => r.problem !== null);
    expect(problems).toEqual([]);
  }, 180_000);
});
