// The book builders' resumable progress files and the book file written from them.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSIC, movesToString, parseMoves, type Variant } from '../core/index.js';
import { symmetricKey, Book } from '../solver/index.js';
import {
  bookFromScores,
  deriveShallower,
  serializeBook,
  type SolvedParent,
  type StrategyDecision,
} from '../solver/build.js';
import { bookDataDir } from './book-file.js';

/** Exact scores, one per line: key, score, ply, moves, nodes, milliseconds. */
export function readProgress(file: string): Map<number, number> {
  const scores = new Map<number, number>();
  if (!existsSync(file)) return scores;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [key, score] = line.split('\t');
    scores.set(Number(key), Number(score));
  }
  return scores;
}

/**
 * The positions of one ply in a progress file (key, score, ply, moves, nodes, ms per line), with
 * the nodes their search took: what `book build --ply N --order hardest-parent` orders by.
 */
export function readSolvedAtPly(file: string, ply: number): SolvedParent[] {
  if (!existsSync(file)) return [];
  const solved: SolvedParent[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [, , at, moves, nodes] = line.split('\t');
    if (Number(at) !== ply || moves === undefined) continue;
    const parsed = parseMoves(moves, CLASSIC);
    if (!parsed.ok) continue;
    solved.push({ moves: parsed.value, cost: Number(nodes ?? 0) });
  }
  return solved;
}

/** The strategy progress file that goes with a book file. */
export function strategyPathFor(bookFile: string): string {
  return join(bookDataDir(bookFile), '7x6-strategy.tsv');
}

/** The whole-position progress file (`book build`) that goes with a book file. */
export function progressPathFor(bookFile: string): string {
  return join(bookDataDir(bookFile), '7x6-progress.tsv');
}

/**
 * Strategy decisions, one per line: moves, chosen column (1-based), leaf 0/1, nodes, ms, and
 * the goal (`win` when absent, `draw`).
 */
export function readStrategy(file: string, variant: Variant = CLASSIC): StrategyDecision[] {
  if (!existsSync(file)) return [];
  const decisions: StrategyDecision[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line === '' || line.startsWith('#')) return;
      const [moveText = '', column, leaf, nodes, ms, goal = 'win'] = line.split('\t');
      const moves = parseMoves(moveText, variant);
      const chosen = Number(column) - 1;
      const known = goal === 'win' || goal === 'draw';
      if (
        !moves.ok ||
        !known ||
        !Number.isInteger(chosen) ||
        chosen < 0 ||
        chosen >= variant.width
      ) {
        throw new Error(`${file}:${index + 1}: not a strategy line: ${line}`);
      }
      decisions.push({
        moves: moves.value,
        column: chosen,
        goal,
        leaf: leaf === '1',
        nodes: Number(nodes),
        ms: Number(ms),
      });
    });
  return decisions;
}

/** A walk that finished: every position it reached up to `maxPly` has its decision on file. */
export interface CompletedWalk {
  readonly goal: StrategyDecision['goal'];
  readonly start: readonly number[];
  readonly maxPly: number;
}

const COMPLETE = '# complete';

export function completedWalkLine(walk: CompletedWalk): string {
  return `${COMPLETE}\t${walk.goal}\t${movesToString(walk.start)}\t${walk.maxPly}\n`;
}

/** The completed walks recorded in a strategy file (comment lines, so older readers skip them). */
export function readCompletedWalks(file: string, variant: Variant = CLASSIC): CompletedWalk[] {
  if (!existsSync(file)) return [];
  const walks: CompletedWalk[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith(`${COMPLETE}\t`)) continue;
    const [, goal, startText = '', maxPly] = line.split('\t');
    const start = parseMoves(startText, variant);
    if ((goal === 'win' || goal === 'draw') && start.ok) {
      walks.push({ goal, start: start.value, maxPly: Number(maxPly) });
    }
  }
  return walks;
}

export function strategyLine(decision: StrategyDecision): string {
  const moves = movesToString(decision.moves);
  const goal = decision.goal === 'win' ? '' : `\t${decision.goal}`;
  return `${moves}\t${decision.column + 1}\t${decision.leaf ? 1 : 0}\t${decision.nodes}\t${decision.ms}${goal}\n`;
}

/** Writes the book atomically (temp file + rename) from exact scores and strategy decisions. */
export function writeBook(
  out: string,
  scores: ReadonlyMap<number, number>,
  ply: number,
  strategyFile: string,
): string {
  const derived = deriveShallower(CLASSIC, ply, scores);
  const exact = bookFromScores(CLASSIC, derived, ply);
  const decisions = readStrategy(strategyFile);
  const childKeys = (goal: StrategyDecision['goal']): number[] =>
    decisions
      .filter((d) => d.goal === goal)
      .map((d) => symmetricKey(CLASSIC, [...d.moves, d.column]));
  const book = Book.fromEntries(
    CLASSIC,
    exact.completePly,
    exact.entries(),
    childKeys('win'),
    childKeys('draw'),
  );
  const tmp = `${out}.tmp`;
  writeFileSync(tmp, serializeBook(book));
  renameSync(tmp, out);
  return `${book.size} exact scores, complete to ply ${book.completePly}; ${book.lossCount} proven losses; ${book.noWinCount} proven not won`;
}
