import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, unwrap } from '../../src/core/index.js';
import { Solver, parseBook, symmetricKey } from '../../src/solver/index.js';
import { decisionColumn, rememberDecision, type StrategyDecision } from '../../src/solver/build.js';
import { readCompletedWalks, readStrategy } from '../../src/cli/book-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const bookFile = join(here, '../../src/solver/book/7x6.book');
const strategyFile = join(here, '../../book/7x6-strategy.tsv');

// Both files are committed: missing data is a failure here, never a reason to pass.
describe('the committed strategies', () => {
  it('has its data', () => {
    expect(existsSync(bookFile), `${bookFile} is missing`).toBe(true);
    expect(existsSync(strategyFile), `${strategyFile} is missing`).toBe(true);
  });
  if (!existsSync(bookFile) || !existsSync(strategyFile)) return;
  const book = unwrap(parseBook(new Uint8Array(readFileSync(bookFile))));
  const decisions = readStrategy(strategyFile);
  const walks = readCompletedWalks(strategyFile);
  const byKey = new Map<number, StrategyDecision>();
  for (const d of decisions) rememberDecision(byKey, symmetricKey(CLASSIC, d.moves), d);

  it('is in the book: every decision leaves the opponent a proven loss, or no win', () => {
    expect(decisions.length).toBeGreaterThan(1000);
    for (const decision of decisions) {
      const ceiling = book.ceiling([...decision.moves, decision.column]);
      expect(ceiling).toBeLessThanOrEqual(decision.goal === 'win' ? -1 : 0);
    }
  });

  it('answers a weak first disc with the strategy of the side it hands the game to', () => {
    // Known scores of the empty board's columns for the first player: -2 -1 0 1 0 -1 -2.
    const expected = ['win', 'win', 'draw'] as const;
    expected.forEach((goal, first) => {
      const decision = byKey.get(symmetricKey(CLASSIC, [first]));
      expect(decision, `no answer to a first disc in column ${first + 1}`).toBeDefined();
      expect(decision?.goal).toBe(goal);
    });
  });

  it('starts in the centre and answers every reply to it', () => {
    const root = byKey.get(symmetricKey(CLASSIC, []));
    expect(root?.column).toBe(3);
    for (let reply = 0; reply < 7; reply++) {
      expect(byKey.has(symmetricKey(CLASSIC, [3, reply])), `reply ${reply + 1}`).toBe(true);
    }
  });

  it('covers every reply of every completed walk, down to its leaves or its ply limit', () => {
    // At least the first player's strategy from the empty board; the second player's are
    // checked as far as they were walked.
    expect(walks.map((w) => `${w.goal} ${w.start.join('')}`)).toContain('win ');
    for (const walk of walks) {
      const seen = new Set<number>();
      const visit = (moves: readonly number[]): void => {
        const key = symmetricKey(CLASSIC, moves);
        if (moves.length > walk.maxPly || seen.has(key)) return;
        seen.add(key);
        const decision = byKey.get(key);
        expect(decision, `${walk.goal} walk: no decision after ${moves.join('')}`).toBeDefined();
        // A draw walk may pass through a position another strategy wins: a win holds the draw.
        if (walk.goal === 'win') expect(decision!.goal).toBe('win');
        if (decision!.leaf) return;
        const column = decisionColumn(CLASSIC, decision!, moves);
        const after = unwrap(Position.fromMoves(CLASSIC, [...moves, column]));
        for (const reply of after.legalColumns()) {
          const next = after.clone();
          if (unwrap(next.play(reply)).kind !== 'ongoing') continue;
          const winsNow = next.legalColumns().some((c) => {
            const probe = next.clone();
            return unwrap(probe.play(c)).kind === 'win';
          });
          if (!winsNow) visit(next.moves);
        }
      };
      visit(walk.start);
    }
  });

  it('holds up under independent search (a sample of decisions from ply 12 on, without the book)', () => {
    const solver = new Solver({ tableBits: 20 });
    const deep = decisions.filter((d) => d.moves.length >= 16);
    const middle = decisions.filter((d) => d.moves.length >= 12 && d.moves.length <= 13 && !d.leaf);
    const sample = [
      ...deep.filter((_, i) => i % Math.max(1, Math.floor(deep.length / 40)) === 0),
      ...middle.filter((_, i) => i % Math.max(1, Math.floor(middle.length / 8)) === 0),
    ];
    expect(sample.length).toBeGreaterThan(40);
    for (const decision of sample) {
      const solved = unwrap(
        solver.solve(
          { variant: CLASSIC, moves: [...decision.moves, decision.column] },
          { weak: true, noBook: true },
        ),
      );
      if (decision.goal === 'win') expect(solved.score).toBe(-1);
      else expect(solved.score).toBeLessThanOrEqual(0);
    }
  });
});
