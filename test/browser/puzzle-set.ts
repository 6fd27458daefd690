import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSIC, Position, parseMoves, unwrap } from '../../src/core/index.js';
import { parsePuzzleFile, type Puzzle } from '../../src/puzzles/index.js';

/** The shipped 7×6 puzzles, as the Puzzles page serves them. */
export const CLASSIC_PUZZLES: readonly Puzzle[] = unwrap(
  parsePuzzleFile(
    readFileSync(join(import.meta.dirname, '..', '..', 'src/puzzles/sets/7x6c4.json'), 'utf8'),
  ),
).puzzles;

/** A 1-based column the puzzle's first step does not accept (a wrong move to click). */
export function wrongColumn(p: Puzzle): number {
  const position = unwrap(Position.fromMoves(CLASSIC, unwrap(parseMoves(p.start, CLASSIC))));
  return position.legalColumns().find((c) => !p.steps[0]!.accept.includes(String(c + 1)))! + 1;
}
