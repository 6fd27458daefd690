import { describe, expect, it } from 'vitest';
import {
  GamePosition,
  parseFamilyGame,
  parseRuleset,
  unwrap,
  type Move,
} from '../../src/core/index.js';
import { createRandom, LEVELS, type LevelId } from '../../src/ai/index.js';
import {
  FAMILY_LEVELS,
  chooseFamilyMove,
  chooseFamilyMoveExplained,
  familyThinkingBudget,
  immediateWins,
} from '../../src/ai/family/index.js';
import { analyseFamily, forgetFamilyTables, solveFamily } from '../../src/solver/family/index.js';
import { FAMILY_PERFECT_SOLVER_NODES } from '../../src/ai/budgets.js';

const game = (text: string): GamePosition => unwrap(parseFamilyGame(text));
const start = (name: string): GamePosition => GamePosition.start(unwrap(parseRuleset(name)));
const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)]!;
const same = (a: Move, b: Move): boolean => a.kind === b.kind && a.column === b.column;

/** Small budgets keep the searching levels' tests fast; the levels' logic is the same. */
const quick = { budget: { nodes: 2_000, timeMs: 5_000 } } as const;
const SEARCHING: readonly LevelId[] = ['casual', 'intermediate', 'strong', 'perfect'];

/** The side to move's moves after which the opponent cannot win at once (a naive oracle). */
function safeMoves(position: GamePosition): Move[] {
  const mover = position.turn;
  return position.legalMoves().filter((move) => {
    const after = position.clone();
    after.play(move);
    const outcome = after.outcome;
    if (outcome.kind === 'win') return outcome.winner === mover;
    if (after.isOver) return true;
    return after.legalMoves().every((reply) => {
      const next = after.clone();
      next.play(reply);
      const end = next.outcome;
      return !(end.kind === 'win' && end.winner !== mover);
    });
  });
}

/** Positions from random play: a few per game, seeded so the test is the same every run. */
function samplePositions(name: string, count: number, seed: number): GamePosition[] {
  const random = createRandom(seed);
  const positions: GamePosition[] = [];
  while (positions.length < count) {
    const position = start(name);
    const plies = 4 + Math.floor(random() * 30);
    while (!position.isOver && position.ply < plies) {
      position.play(pick(position.legalMoves(), random));
    }
    if (!position.isOver) positions.push(position);
  }
  return positions;
}

describe('family levels', () => {
  it('are the classic ladder: same ids, names and ranks', () => {
    expect(FAMILY_LEVELS.map((l) => [l.id, l.name, l.rank])).toEqual(
      LEVELS.map((l) => [l.id, l.name, l.rank]),
    );
    expect(familyThinkingBudget('strong').nodes).toBeGreaterThan(
      familyThinkingBudget('intermediate').nodes!,
    );
  });

  for (const name of ['popout', 'five']) {
    it(`every level plays only legal moves through whole ${name} games`, () => {
      const random = createRandom(11);
      for (const [index, level] of FAMILY_LEVELS.entries()) {
        const position = start(name);
        const other = FAMILY_LEVELS[(index + 1) % FAMILY_LEVELS.length]!;
        while (!position.isOver && position.ply < 80) {
          const mover = position.ply % 2 === 0 ? level : other;
          const move = chooseFamilyMove(position, mover.id, { rng: random, ...quick });
          expect(position.canPlay(move), `${mover.id} ${JSON.stringify(move)}`).toBe(true);
          position.play(move);
        }
      }
    });

    it(`on ${name}, every level takes a win in one and the searching levels never allow one`, () => {
      for (const position of samplePositions(name, 15, name.length)) {
        const wins = immediateWins(position);
        const safe = safeMoves(position);
        for (const level of ['beginner', ...SEARCHING] as const) {
          const move = chooseFamilyMove(position, level, { rng: createRandom(3), ...quick });
          if (wins.length > 0) {
            expect(wins.some((w) => same(w, move))).toBe(true);
          } else if (level !== 'beginner' && safe.length > 0) {
            expect(
              safe.some((s) => same(s, move)),
              `${level} at ${position.moves.length}`,
            ).toBe(true);
          }
        }
      }
    });
  }

  it('takes a win by a pop when no drop wins', () => {
    const position = game('popout:235734p2345272257');
    expect(immediateWins(position)).toEqual([{ kind: 'pop', column: 4 }]);
    for (const level of ['beginner', ...SEARCHING] as const) {
      const choice = chooseFamilyMoveExplained(position, level, { rng: createRandom(1), ...quick });
      expect(choice.move).toEqual({ kind: 'pop', column: 4 });
      expect(choice.summary).toBe('Wins now');
    }
  });

  it('blocks a drop threat in PopOut', () => {
    // Red has three on the bottom row (columns 1-3); only a Yellow disc in column 4 stops it.
    const threat = game('popout:17273');
    expect(safeMoves(threat)).toEqual([{ kind: 'drop', column: 3 }]);
    for (const level of SEARCHING) {
      const choice = chooseFamilyMoveExplained(threat, level, { rng: createRandom(2), ...quick });
      expect(choice.move).toEqual({ kind: 'drop', column: 3 });
    }
  });

  it('repeats a game exactly with the same seed, and leaves the caller’s position alone', () => {
    const play = (seed: number): string => {
      const random = createRandom(seed);
      const position = start('popout');
      while (!position.isOver && position.ply < 30) {
        const level = position.ply % 2 === 0 ? 'casual' : 'intermediate';
        const before = position.moves.length;
        position.play(chooseFamilyMove(position, level, { rng: random }));
        expect(position.moves.length).toBe(before + 1);
      }
      return JSON.stringify(position.moves);
    };
    expect(play(9)).toBe(play(9));
  });

  it('refuses a finished game with game_over', () => {
    expect(() => chooseFamilyMove(game('popout:1212121'), 'strong')).toThrow(/game is over/);
  });
});

describe('family Perfect with the exact solver', () => {
  it('never lets a won position go on small PopOut boards, and wins them', () => {
    for (const name of ['popout-4x4c3', 'popout-5x4c3']) {
      const random = createRandom(21);
      let won = 0;
      for (const position of samplePositions(name, 12, name.length)) {
        const before = solveFamily(position, { maxNodes: 2_000_000 });
        if (!before.exact || before.score <= 0) continue;
        won++;
        // Play it out against Strong: a won position stays won at every Perfect move.
        const mover = position.turn;
        const game = position.clone();
        while (!game.isOver && game.ply < 60) {
          if (game.turn === mover) {
            const choice = chooseFamilyMoveExplained(game, 'perfect', { rng: random });
            const played = game.play(choice.move);
            if (played.ok && played.value.kind === 'ongoing') {
              const after = solveFamily(game, { maxNodes: 2_000_000 });
              expect(after.exact && after.score < 0, `${name} after ${choice.summary}`).toBe(true);
            }
          } else {
            game.play(chooseFamilyMove(game, 'strong', { rng: random, ...quick }));
          }
        }
        expect(game.outcome).toMatchObject({ kind: 'win', winner: mover });
      }
      expect(won).toBeGreaterThan(3);
    }
  });

  it("plays a proven best move early in PopOut 7x6, where every move's score is beyond its budget", () => {
    // Plies 4 to 7 of a Strong game: two wins, two losses.
    for (const text of ['popout:4334', 'popout:43343', 'popout:433434', 'popout:4334343']) {
      const position = game(text);
      forgetFamilyTables();
      const everyMove = analyseFamily(position, { maxNodes: FAMILY_PERFECT_SOLVER_NODES });
      if (text === 'popout:4334') expect(everyMove.moves.some((m) => m.score === null)).toBe(true);
      forgetFamilyTables();
      const choice = chooseFamilyMoveExplained(position, 'perfect', { rng: createRandom(5) });
      forgetFamilyTables();
      const best = solveFamily(position);
      expect(choice, text).toMatchObject({ scoreKind: 'exact', score: best.score });
      expect(
        best.best.some((move) => same(move, choice.move)),
        text,
      ).toBe(true);
      expect(choice.summary).toBe(
        best.score > 0 ? 'Plays the fastest win' : 'Every move loses: holds out longest',
      );
    }
  });

  it('plays a proven best move in late Five-in-a-Row positions, with exact scores', () => {
    let checked = 0;
    for (const position of samplePositions('five', 30, 5).filter((p) => p.ply >= 20)) {
      const choice = chooseFamilyMoveExplained(position, 'perfect', { rng: createRandom(4) });
      if (choice.scoreKind !== 'exact' || choice.summary === 'Wins now') continue;
      checked++;
      const best = solveFamily(position, { maxNodes: 2_000_000 });
      expect(best.best.some((move) => same(move, choice.move))).toBe(true);
      expect(choice.score).toBe(best.score);
    }
    expect(checked).toBeGreaterThan(2);
  });
});
