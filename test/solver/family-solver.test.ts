import { describe, expect, test } from 'vitest';
import { GamePosition, drop, type Move, type Ruleset } from '../../src/core/index.js';
import { analyze } from '../../src/solver/index.js';
import {
  analyseFamily,
  familyPlies,
  forgetFamilyTables,
  solveFamily,
  POPOUT_WIN,
} from '../../src/solver/family/index.js';
import { naiveKey } from '../core/naive-family.js';
import { SearchBoard } from '../../src/solver/family/board.js';
import { FastPopOut } from '../../src/solver/family/fast.js';
import { FamilySearch, FamilyTables } from '../../src/solver/family/popout-search.js';
import { naivePopOut, retrograde, type RetroValue } from './family-oracle.js';
import { rng, ruleset, sampleGames } from './family-samples.js';

/** The naive model's key of a position (rows bottom-up, then the side to move). */
function keyOf(position: GamePosition): string {
  const { width, height } = position.variant;
  const board = Array.from({ length: height }, (_, row) =>
    Array.from({ length: width }, (_, column) => position.cell(column, row) as number),
  );
  return naiveKey(board, position.turn);
}

const expected = (value: RetroValue): number =>
  value.result === 0 ? 0 : value.result * (POPOUT_WIN - value.plies);

describe('the PopOut solver agrees with retrograde analysis of the whole game graph', () => {
  for (const [width, height, connect, seed] of [
    [3, 3, 3, 1],
    [4, 3, 3, 2],
    [4, 3, 4, 3],
  ] as const) {
    test(`popout-${width}x${height}c${connect}: score and plies of sampled positions`, () => {
      const rules = ruleset('popout', width, height, connect);
      const values = retrograde(naivePopOut(width, height, connect));
      const positions = [
        GamePosition.start(rules),
        ...sampleGames(rules, seed, connect === 4 ? 20 : 60, 30),
      ];
      let draws = 0;
      for (const position of positions) {
        // A position that occurred twice already draws on its next occurrence: the graph's
        // value is not the game's there (tested below), so these are left out.
        if (position.repetitions > 1) continue;
        const value = values.get(keyOf(position))!;
        const solved = solveFamily(position);
        expect(solved.exact).toBe(true);
        expect(
          solved.score,
          position.moves.map((m) => `${m.kind[0]!}${m.column + 1}`).join(' '),
        ).toBe(expected(value));
        if (value.result === 0) draws++;
      }
      if (connect === 4) expect(draws).toBeGreaterThan(0);
    });
  }
});

describe('repetition: a position that occurred twice draws on its third occurrence', () => {
  // popout-3x3c3 is a loss for Red from the start (in 16 plies). Red drops 1, then both players
  // shuffle back to that position (Yellow to move) and back to the start: now Red, lost in the
  // graph, draws by dropping 1 again, the third occurrence of that position.
  const rules = ruleset('popout', 3, 3, 3);
  const game = naivePopOut(3, 3, 3);
  const fresh = 'd1 d2 p1 p2';
  const repeated = 'd1 d2 d3 p2 p3 d2 p1 p2';

  test('the same board scores by its history: a loss when fresh, a draw when repeated', () => {
    expect(solveFamily(play(rules, '')).score).toBe(-(POPOUT_WIN - 16));
    expect(familyPlies(solveFamily(play(rules, '')).score)).toBe(16);
    expect(solveFamily(play(rules, fresh)).score).toBe(-(POPOUT_WIN - 16));
    const position = play(rules, repeated);
    expect(keyOf(position)).toBe(keyOf(play(rules, '')));
    const solved = solveFamily(position);
    expect(solved).toMatchObject({ score: 0, exact: true });
    expect(solved.best).toContainEqual(drop(0));
  });

  test('positions after the repetition agree with retrograde analysis with it drawn', () => {
    const position = play(rules, repeated);
    const blocked = blockedKeys(position);
    expect(blocked).toContain(keyOf(play(rules, 'd1')));
    const values = retrograde(game, blocked);
    const random = rng(5);
    let changed = 0;
    for (let sample = 0; sample < 30; sample++) {
      const later = position.clone();
      const plies = sample === 0 ? 0 : Math.floor(random() * 6);
      for (let ply = 0; ply < plies && !later.isOver; ply++) {
        const legal = later.legalMoves();
        later.play(legal[Math.floor(random() * legal.length)]!);
      }
      if (later.isOver || blockedKeys(later).size !== blocked.size) continue;
      const value = values.get(keyOf(later))!;
      expect(solveFamily(later).score).toBe(expected(value));
      if (value.result === 0) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});

describe('repetition on a board the WebAssembly search takes (it cannot see the blocked set)', () => {
  // popout-4x3c4: after d4 d2 d1 d4 d3 d3 (Red to move, column 1 all Red, column 2 all Yellow)
  // both players pop and drop back twice: four positions have occurred twice, so their next
  // occurrence draws. Yellow, to move and winning in 13 plies without them, now draws (d2 is the
  // third occurrence of the position after the sixth ply). The fast search's score stands only
  // where no blocked position is on the winner's shortest win; elsewhere the path-aware search
  // decides. Both must agree with retrograde analysis with those positions drawn.
  const rules = ruleset('popout', 4, 3, 4);
  const game = naivePopOut(4, 3, 4);
  const repeated = 'd4 d2 d1 d4 d3 d3 p1 p2 d1 d2 p1 p2 d1';
  const text = (position: GamePosition): string =>
    position.moves.map((m) => `${m.kind[0]!}${m.column + 1}`).join(' ');

  test('positions after the repetition score as retrograde analysis with it drawn', () => {
    const position = play(rules, repeated);
    const blocked = blockedKeys(position);
    expect(blocked.size).toBe(4);
    const values = retrograde(game, blocked);
    const unblocked = retrograde(game);
    expect(expected(unblocked.get(keyOf(position))!)).toBe(POPOUT_WIN - 13);
    const random = rng(11);
    let compared = 0;
    let differs = 0;
    for (let sample = 0; sample < 80; sample++) {
      const later = position.clone();
      const plies = sample === 0 ? 0 : Math.floor(random() * 8);
      for (let ply = 0; ply < plies && !later.isOver; ply++) {
        const legal = later.legalMoves();
        later.play(legal[Math.floor(random() * legal.length)]!);
      }
      if (later.isOver || blockedKeys(later).size !== blocked.size) continue;
      const value = values.get(keyOf(later))!;
      const solved = solveFamily(later);
      expect(solved.exact).toBe(true);
      expect(solved.score, text(later)).toBe(expected(value));
      compared++;
      if (expected(unblocked.get(keyOf(later))!) !== expected(value)) differs++;
    }
    expect(compared).toBeGreaterThan(20);
    // The root at least scores differently because of the blocked set.
    expect(differs).toBeGreaterThan(0);
  });

  test("every move's score, the one that repeats a position a third time included", () => {
    const position = play(rules, repeated);
    const analysis = analyseFamily(position);
    expect(analysis.moves.length).toBe(position.legalMoves().length);
    for (const { move, score } of analysis.moves) {
      const child = position.clone();
      child.play(move);
      const value = child.isOver
        ? { result: 0 as const, plies: 0 }
        : retrograde(game, blockedKeys(child)).get(keyOf(child))!;
      // The move's score counts its own ply: the child's value, one ply further and negated.
      const mine = value.result === 0 ? 0 : -value.result * (POPOUT_WIN - value.plies - 1);
      expect(score, `${move.kind} ${move.column + 1}`).toBe(mine);
    }
  });
});

function play(rules: Ruleset, text: string): GamePosition {
  const moves: Move[] = text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => ({
      kind: word.startsWith('p') ? 'pop' : 'drop',
      column: Number(word.slice(1)) - 1,
    }));
  const position = GamePosition.fromMoves(rules, moves);
  if (!position.ok) throw position.error;
  return position.value;
}

/** The positions of the game so far that have occurred at least twice. */
function blockedKeys(position: GamePosition): Set<string> {
  const counts = new Map<string, number>();
  const replay = GamePosition.start(position.ruleset);
  counts.set(keyOf(replay), 1);
  for (const move of position.moves) {
    replay.play(move);
    const key = keyOf(replay);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= 2).map(([key]) => key));
}

describe('drop-only games use the classic solver', () => {
  test('classic positions score as the classic solver scores them', () => {
    const rules = ruleset('classic', 7, 6, 4);
    const random = rng(3);
    for (let game = 0; game < 4; game++) {
      const position = GamePosition.start(rules);
      while (position.ply < 16 && !position.isOver) {
        const legal = position.legalMoves();
        position.play(legal[Math.floor(random() * legal.length)]!);
      }
      if (position.isOver) continue;
      const columns = position.moves.map((m) => m.column);
      const classic = analyze({ variant: rules.variant, moves: columns });
      if (!classic.ok) throw classic.error;
      expect(solveFamily(position).score).toBe(classic.value.score);
      for (const entry of analyseFamily(position).moves) {
        expect(entry.score).toBe(classic.value.columns[entry.move.column]!.score);
      }
    }
  });

  test('Five-in-a-Row near its end agrees with plain minimax on the rules engine', () => {
    const rules = ruleset('five', 9, 6, 5);
    const random = rng(11);
    const cells = 9 * 6;
    const minimax = (position: GamePosition): number => {
      let best = -Infinity;
      for (const move of position.legalMoves()) {
        position.play(move);
        const outcome = position.outcome;
        const value =
          outcome.kind === 'win'
            ? Math.floor((cells + 1 - (position.ply - 1) - 12) / 2)
            : outcome.kind === 'draw'
              ? 0
              : 0 - minimax(position);
        position.undo();
        best = Math.max(best, value);
      }
      return best;
    };
    let checked = 0;
    while (checked < 6) {
      const position = GamePosition.start(rules);
      while (!position.isOver && position.ply < 36) {
        const legal = position.legalMoves();
        position.play(legal[Math.floor(random() * legal.length)]!);
      }
      if (position.isOver) continue;
      expect(solveFamily(position).score).toBe(minimax(position));
      checked++;
    }
  });
});

describe('the WebAssembly PopOut search', () => {
  test('answers "wins (loses) within d plies" as the TypeScript search does', () => {
    // 4x4: crowded boards, where drops are often forced or open a cell the opponent wins at,
    // and pops are the only escape the fast search's pruning leaves.
    for (const [width, height, depth, seed, games] of [
      [5, 4, 9, 21, 12],
      [7, 6, 7, 22, 12],
      [4, 4, 11, 23, 40],
    ] as const) {
      const rules = ruleset('popout', width, height, 4);
      const fast = new FastPopOut(width, height, 16);
      let answered = 0;
      for (const position of sampleGames(rules, seed, games, width * height + 10)) {
        const board = new SearchBoard(rules);
        const moves = position.moves.map((m) => (m.kind === 'drop' ? m.column : width + m.column));
        for (const move of moves) board.play(move);
        const slow = new FamilySearch(board, new FamilyTables(new Set()));
        for (let d = 1; d <= depth; d++) {
          const win = fast.ask(moves, d, 1, {}).value;
          const loss = fast.ask(moves, d, -1, {}).value;
          expect(win === true && loss === true, `${moves.join(',')} at ${d}`).toBe(false);
          expect(win === true ? 1 : loss === true ? -1 : 0).toBe(slow.distance(d));
          answered++;
        }
      }
      expect(answered).toBeGreaterThan(40);
    }
  });

  test('a side whose every move loses at once loses, asked at any depth from a fresh table', () => {
    // 22334: Red's three on the bottom row threatens both ends; Yellow has no bottom disc to
    // pop, so each of its drops loses on the next ply (the fast search searches none of them).
    const threatened = [1, 1, 2, 2, 3];
    for (const depth of [2, 3, 4, 5]) {
      const fast = new FastPopOut(7, 6, 12);
      expect(fast.ask(threatened, depth, -1, {}).value, `lost within ${depth}`).toBe(true);
    }
    expect(new FastPopOut(7, 6, 12).ask(threatened, 1, -1, {}).value).toBe(false);
    // 122336544: Red's three stands on Yellow's bottom discs, both ends playable; popping one of
    // them breaks it, so Yellow is not lost within 2 (nor 3).
    const popper = [0, 1, 1, 2, 2, 5, 4, 3, 3];
    for (const depth of [2, 3]) {
      const fast = new FastPopOut(7, 6, 12);
      expect(fast.ask(popper, depth, -1, {}).value, `not lost within ${depth}`).toBe(false);
    }
  });
});

describe('the PopOut tables kept between calls', () => {
  test('a second solve of a game is cheaper; forgotten, it costs what the first did', () => {
    const position = GamePosition.fromMoves(ruleset('popout', 7, 6, 4), [3, 3, 2, 4].map(drop));
    if (!position.ok) throw position.error;
    forgetFamilyTables();
    const first = solveFamily(position.value, { best: false });
    const again = solveFamily(position.value, { best: false });
    forgetFamilyTables();
    const cold = solveFamily(position.value, { best: false });
    expect(again.score).toBe(first.score);
    expect(again.nodes).toBeLessThan(first.nodes);
    expect(cold).toEqual(first);
  });

  test('a larger table gives the same answer', () => {
    const position = GamePosition.fromMoves(ruleset('popout', 7, 6, 4), [3, 3, 2, 4].map(drop));
    if (!position.ok) throw position.error;
    forgetFamilyTables();
    const plain = solveFamily(position.value);
    const large = solveFamily(position.value, { tableBits: 24 });
    expect(large.score).toBe(plain.score);
    expect(large.best).toEqual(plain.best);
  });
});

describe('PopOut best moves within a budget', () => {
  test('a budget spent after the score keeps the exact score and the best moves found so far', () => {
    const position = GamePosition.fromMoves(ruleset('popout', 7, 6, 4), [3, 3, 2, 4].map(drop));
    if (!position.ok) throw position.error;
    forgetFamilyTables();
    const scoreOnly = solveFamily(position.value, { best: false });
    forgetFamilyTables();
    const full = solveFamily(position.value);
    expect(full.bestComplete).toBeUndefined();
    expect(full.best.length).toBeGreaterThan(0);
    // Enough for the score, not for every move's question.
    forgetFamilyTables();
    const cut = solveFamily(position.value, { maxNodes: scoreOnly.nodes + 1 });
    expect(cut).toMatchObject({ score: full.score, exact: true, bestComplete: false });
    for (const move of cut.best) expect(full.best).toContainEqual(move);
    expect(cut.nodes).toBeLessThan(full.nodes);
  });
});
