/**
 * Builds PopOut 7x6's opening book (src/solver/family/popout-book.ts): the exact score of every
 * position reachable in the first `--ply N` plies, by the family solver (`solveFamily`).
 *
 *   nice -n 10 npx tsx scripts/build/popout-book.ts --ply 2 [--best-replies] [--replies-of M,M]
 *     [--out FILE] [--progress FILE]
 *
 * With --best-replies, each position of the last ply is solved with its best moves too, and the
 * positions those moves leave get their score from it (no search: a best move's child scores the
 * parent's score one ply nearer the end, seen from the other side). Perfect then answers such a
 * position from the book alone, though the book lacks its other children (`popoutBookScore`).
 * `--replies-of 41,44` does the same for the positions it names, after the plies.
 * Progress lines of such children have 0 nodes and 0 ms, and a `#best KEY` line marks a position
 * whose replies are in (one solved before without them is solved again).
 *
 * Resumable: each solved position is appended to the progress file (book/popout-7x6-progress.tsv)
 * and a rerun skips it. The book is rewritten after every position, so a build stopped part way
 * leaves a valid book, complete to the last finished ply. Positions are solved a ply at a time,
 * children of the centre moves first (where games go), and children in the order of their parents,
 * so a ply stopped part way has whole positions' children (the book answers a position only when
 * it holds every child).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GamePosition } from '../../src/core/family/position.js';
import { familyMovesToString, parseFamilyMoves } from '../../src/core/family/notation.js';
import { parseRuleset } from '../../src/core/family/rules.js';
import type { Move } from '../../src/core/family/move.js';
import { solveFamily } from '../../src/solver/family/index.js';
import {
  POPOUT_BOOK_RULESET,
  bestChildScore,
  popoutBookFromScores,
  popoutBookKey,
  serializePopoutBook,
} from '../../src/solver/family/popout-book.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1]! : fallback;
}

const maxPly = Number(option('--ply', '2'));
const bestReplies = process.argv.includes('--best-replies');
if (!Number.isInteger(maxPly) || maxPly < 0 || maxPly > 8) {
  throw new Error(`--ply must be a whole number from 0 to 8, not ${option('--ply', '')}`);
}
const out = option('--out', join(root, 'src/solver/book/popout-7x6.book'));
const progressFile = option('--progress', join(root, 'book/popout-7x6-progress.tsv'));

const parsedRuleset = parseRuleset(POPOUT_BOOK_RULESET);
if (!parsedRuleset.ok) throw parsedRuleset.error;
const ruleset = parsedRuleset;

/** Centre columns first; drops before pops. */
const CENTRE_ORDER = [3, 2, 4, 1, 5, 0, 6];
function ordered(moves: Move[]): Move[] {
  const rank = (m: Move): number => (m.kind === 'pop' ? 7 : 0) + CENTRE_ORDER.indexOf(m.column);
  return [...moves].sort((a, b) => rank(a) - rank(b));
}

interface Task {
  readonly ply: number;
  readonly key: number;
  readonly moves: string;
}

/** One line per distinct position (up to mirror image) of each ply, parents' order kept. */
function enumerate(): Task[] {
  const tasks: Task[] = [];
  const seen = new Set<number>();
  let layer: GamePosition[] = [GamePosition.start(ruleset.value)];
  for (let ply = 0; ply <= maxPly; ply++) {
    const next: GamePosition[] = [];
    for (const position of layer) {
      const key = popoutBookKey(position);
      if (seen.has(key)) continue;
      seen.add(key);
      tasks.push({ ply, key, moves: familyMovesToString(position.moves) });
      if (ply === maxPly) continue;
      for (const move of ordered(position.legalMoves())) {
        const child = position.clone();
        child.play(move);
        if (!child.isOver) next.push(child);
      }
    }
    layer = next;
  }
  return tasks;
}

const solved = new Map<number, number>();
/** Positions whose best replies are in the progress file (a `#best` line each). */
const repliesDone = new Set<number>();
if (existsSync(progressFile)) {
  for (const line of readFileSync(progressFile, 'utf8').split('\n')) {
    if (line.startsWith('#best\t')) repliesDone.add(Number(line.split('\t')[1]));
    if (line === '' || line.startsWith('#')) continue;
    const [, , key, score] = line.split('\t');
    solved.set(Number(key), Number(score));
  }
} else {
  writeFileSync(progressFile, '# ply\tmoves\tkey\tscore\tnodes\tms\n');
}

const tasks = enumerate();
const plies = Array.from({ length: maxPly + 1 }, (_, ply) => tasks.filter((t) => t.ply === ply));
process.stderr.write(
  `PopOut book to ply ${maxPly}: ${plies.map((p) => p.length).join(' + ')} positions, ${solved.size} already solved\n`,
);

function writeBook(): void {
  let complete = -1;
  while (complete < maxPly && plies[complete + 1]!.every((t) => solved.has(t.key))) complete++;
  // Every solved position, best replies beyond the last ply included.
  const entries = [...solved];
  writeFileSync(out, serializePopoutBook(popoutBookFromScores(complete, entries)));
}

// --replies-of: positions beyond the plies solved whole, where Perfect's games go (its own
// moves' positions as Red, say), each to be solved with its best replies.
const repliesOf = option('--replies-of', '')
  .split(',')
  .filter((moves) => moves !== '')
  .map((text): Task => {
    const moves = parseFamilyMoves(text, ruleset.value);
    if (!moves.ok) throw moves.error;
    const position = GamePosition.fromMoves(ruleset.value, moves.value);
    if (!position.ok) throw position.error;
    return { ply: position.value.ply, key: popoutBookKey(position.value), moves: text };
  });

for (const task of [...tasks, ...repliesOf]) {
  const withBest = (bestReplies && task.ply === maxPly) || repliesOf.includes(task);
  if (solved.has(task.key) && !(withBest && !repliesDone.has(task.key))) continue;
  const moves = parseFamilyMoves(task.moves, ruleset.value);
  if (!moves.ok) throw moves.error;
  const position = GamePosition.fromMoves(ruleset.value, moves.value);
  if (!position.ok) throw position.error;
  const started = Date.now();
  // A 1 GiB table: these are the longest proofs there are.
  const result = solveFamily(position.value, { best: withBest, tableBits: 26 });
  if (!result.exact) throw new Error(`position ${task.moves} was not solved exactly`);
  const ms = Date.now() - started;
  solved.set(task.key, result.score);
  appendFileSync(
    progressFile,
    `${task.ply}\t${task.moves}\t${task.key}\t${result.score}\t${result.nodes}\t${ms}\n`,
  );
  process.stderr.write(
    `ply ${task.ply} ${task.moves || '(empty)'}: ${result.score} (${result.nodes} nodes, ${ms} ms)\n`,
  );
  if (withBest) {
    if (result.best.length === 0 || result.bestComplete === false) {
      throw new Error(`position ${task.moves}: its best moves were not all found`);
    }
    const childScore = bestChildScore(result.score);
    for (const move of result.best) {
      const child = position.value.clone();
      child.play(move);
      if (child.isOver) continue;
      const key = popoutBookKey(child);
      if (solved.has(key)) continue;
      solved.set(key, childScore);
      const moves = familyMovesToString(child.moves);
      appendFileSync(progressFile, `${task.ply + 1}\t${moves}\t${key}\t${childScore}\t0\t0\n`);
    }
    repliesDone.add(task.key);
    appendFileSync(progressFile, `#best\t${task.key}\n`);
  }
  writeBook();
}
writeBook();
process.stderr.write(`wrote ${out}: ${solved.size} positions\n`);
