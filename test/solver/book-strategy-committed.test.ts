import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLASSIC, Position, unwrap } from '../../src/core/index.js';
import { Solver, decisionColumn, parseBook, symmetricKey } from '../../src/solver/index.js';
import { readStrategy } from '../../src/cli/book-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const bookFile = join(here, '../../src/solver/book/7x6.book');
const strategyFile = join(here, '../../src/solver/book/7x6-strategy.tsv');

describe.runIf(existsSync(bookFile) && existsSync(strategyFile))(
  'the committed first-player strategy',
  () => {
    const book = unwrap(parseBook(new Uint8Array(readFileSync(bookFile))));
    const decisions = readStrategy(strategyFile);
    const byKey = new Map(decisions.map((d) => [symmetricKey(CLASSIC, d.moves), d]));

    it('is in the book: every decision leaves the opponent a proven loss', () => {
      expect(decisions.length).toBeGreaterThan(1000);
      for (const decision of decisions) {
        expect(book.provesLoss([...decision.moves, decision.column])).toBe(true);
      }
    });

    it('starts in the centre and answers every reply to it', () => {
      const root = byKey.get(symmetricKey(CLASSIC, []));
      expect(root?.column).toBe(3);
      for (let reply = 0; reply < 7; reply++) {
        expect(byKey.has(symmetricKey(CLASSIC, [3, reply])), `reply ${reply + 1}`).toBe(true);
      }
    });

    it('covers every reply below each non-leaf decision, up to an immediate win', () => {
      for (const decision of decisions) {
        if (decision.leaf) continue;
        const column = decisionColumn(CLASSIC, decision, decision.moves);
        const after = unwrap(Position.fromMoves(CLASSIC, [...decision.moves, column]));
        for (const reply of after.legalColumns()) {
          const next = after.clone();
          if (unwrap(next.play(reply)).kind !== 'ongoing') continue;
          const winsNow = next.legalColumns().some((c) => {
            const probe = next.clone();
            return unwrap(probe.play(c)).kind === 'win';
          });
          if (winsNow) continue;
          expect(byKey.has(symmetricKey(CLASSIC, next.moves)), next.moves.join('')).toBe(true);
        }
      }
    });

    it('holds up under independent search (a sample of decisions from ply 12 and 16 on, without the book)', () => {
      const solver = new Solver({ tableBits: 20 });
      const deep = decisions.filter((d) => d.moves.length >= 16);
      const middle = decisions.filter((d) => d.moves.length === 12 && !d.leaf);
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
        expect(solved.score).toBe(-1);
      }
    });
  },
);
