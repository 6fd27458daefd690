import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/ai/index.js';
import { GamePosition, parseFamilyGame, parseRuleset, unwrap } from '../../src/core/index.js';
import {
  DEFAULT_FAMILY_MINE_OPTIONS,
  familyPuzzlePosition,
  familyStepMoves,
  mineFamilyPuzzles,
  parsePuzzleFile,
  serializePuzzleFile,
  verifyFamilyPuzzle,
  type Puzzle,
} from '../../src/puzzles/index.js';
import { analyseFamily } from '../../src/solver/family/index.js';

const analyse = (position: GamePosition) => analyseFamily(position);

/** Seeded random games on a small PopOut board, where the solver settles every position at once. */
function randomGames(name: string, count: number, seed: number): GamePosition[] {
  const random = createRandom(seed);
  const ruleset = unwrap(parseRuleset(name));
  return Array.from({ length: count }, () => {
    const game = GamePosition.start(ruleset);
    while (!game.isOver && game.ply < 30) {
      const legal = game.legalMoves();
      game.play(legal[Math.floor(random() * legal.length)]!);
    }
    return game;
  });
}

describe('family puzzles', () => {
  const options = { ...DEFAULT_FAMILY_MINE_OPTIONS, minPly: 2, random: createRandom(1) };
  const seen = new Set<string>();
  const mined = randomGames('popout-5x4c3', 12, 3).flatMap((game) =>
    mineFamilyPuzzles(game, analyse, options, seen),
  );

  it('mines PopOut puzzles with a unique solution that the verifier accepts', () => {
    expect(mined.length).toBeGreaterThan(3);
    for (const puzzle of mined) {
      expect(puzzle).toMatchObject({ game: 'popout', variant: '5x4c3' });
      expect(verifyFamilyPuzzle(puzzle, analyse), puzzle.start).toBeNull();
      expect(familyStepMoves(puzzle, puzzle.steps[0]!.accept)).toHaveLength(1);
    }
  });

  it('finds the pops that win, and the verifier catches a wrong answer', () => {
    const pops = mined.filter((p) => p.steps.some((s) => s.accept.includes('p')));
    expect(pops.length).toBeGreaterThan(0);
    const puzzle = mined[0]!;
    const position = unwrap(familyPuzzlePosition(puzzle));
    const wrong = position
      .legalMoves()
      .map((m) => (m.kind === 'pop' ? `p${m.column + 1}` : String(m.column + 1)))
      .find((m) => m !== puzzle.steps[0]!.accept)!;
    const broken: Puzzle = { ...puzzle, steps: [{ accept: wrong, reply: null }] };
    expect(verifyFamilyPuzzle(broken, analyse)).toMatch(/^step 1: accepts/);
  });

  it('with popsOnly keeps exactly the puzzles answered by a pop', () => {
    // Two real PopOut games of the shipped sources (games-popout.txt, games-popout-pops.txt):
    // the first gives puzzle 0825qzk (answered by a drop), the second 030kiiy (by a pop).
    const games = [
      'popout:672773336636227667231111p1p111p1112444p14',
      'popout:31p36344443623755323p4',
    ].map((text) => unwrap(parseFamilyGame(text)));
    const mine = (popsOnly: boolean) => {
      const seen = new Set<string>();
      return games.flatMap((game) =>
        mineFamilyPuzzles(
          game,
          (position) => analyseFamily(position, { maxNodes: 300_000 }),
          { ...options, minPly: 8, random: createRandom(1), popsOnly },
          seen,
        ),
      );
    };
    const all = mine(false).map((p) => p.id);
    expect(all).toContain('0825qzk');
    expect(all).toContain('030kiiy');
    const pops = mine(true);
    expect(pops.map((p) => p.id)).toEqual(['030kiiy']);
  }, 60_000);

  it('round-trips through the puzzle file, and a pop in a classic puzzle is refused', () => {
    const parsed = unwrap(parsePuzzleFile(serializePuzzleFile(mined)));
    expect(parsed.puzzles).toEqual(mined);
    const classic: Puzzle = Object.fromEntries(
      Object.entries(mined[0]!).filter(([key]) => key !== 'game'),
    ) as unknown as Puzzle;
    const text = serializePuzzleFile([{ ...classic, steps: [{ accept: 'p1', reply: null }] }]);
    const refused = parsePuzzleFile(text);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('a pop (p) in a game without pops');
  });
});
