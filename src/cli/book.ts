import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { extname, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASSIC, isClassic, movesToString, parseGame, variantToString } from '../core/index.js';
import {
  centreFirst,
  hardestParentsFirst,
  positionsAlongLines,
  positionsAtPly,
  type BookTask,
} from '../solver/build.js';
import { MAX_SHARED_TABLE_BITS, MAX_SHARED_THREADS } from '../solver/index.js';
import { defaultBookPath, loadBook } from './book-file.js';
import {
  progressPathFor,
  readProgress,
  readSolvedAtPly,
  strategyPathFor,
  writeBook,
} from './book-store.js';
import { strategy } from './book-strategy.js';
import type { BookJobResult } from './book-worker.js';
import {
  parseCommandArgs,
  UsageError,
  wholeFromFlag,
  type CliIO,
  type Command,
} from './command.js';

const USAGE =
  'c4 book build [--ply N [--order centre|hardest-parent] | --lines GAMES --ply A..B] [--jobs J] [--threads T] [--table-bits B] [--progress FILE] [--out FILE] | c4 book strategy [--goal win|draw] [--max-ply N] [--start MOVES] [--table-bits B] [--out FILE] | c4 book info [FILE]';

async function build(args: readonly string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    'book build',
    args,
    {
      ply: { type: 'string' },
      lines: { type: 'string' },
      order: { type: 'string' },
      jobs: { type: 'string' },
      threads: { type: 'string' },
      'table-bits': { type: 'string' },
      progress: { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  const jobs = wholeFromFlag('book', 'jobs', values.jobs, cpus().length, 1);
  // Threads per job, sharing its table: positions are independent, so jobs use the cores
  // best; threads help a ply's last, longest positions, when cores would otherwise idle.
  const threads = wholeFromFlag('book', 'threads', values.threads, 1, 1, MAX_SHARED_THREADS);
  const maxBits = threads > 1 ? MAX_SHARED_TABLE_BITS : 28;
  const tableBits = wholeFromFlag('book', 'table-bits', values['table-bits'], 24, 10, maxBits);
  const out = values.out ?? defaultBookPath();
  const progress = values.progress ?? progressPathFor(out);
  if (values.lines !== undefined && values.order !== undefined) {
    throw new UsageError('book: --order is for a whole ply (--ply N), not --lines');
  }
  const plan =
    values.lines === undefined
      ? wholePly(values.ply, parseOrder(values.order), progress)
      : alongLines(values.lines, values.ply, out);
  const scores = readProgress(progress);
  if (!existsSync(progress)) {
    appendFileSync(progress, '# key\tscore\tply\tmoves\tnodes\tms\n');
  }
  const todo = plan.tasks.filter((t) => !scores.has(t.key));
  io.err(
    `book: ${plan.what}: ${todo.length} positions to solve with ${jobs} processes` +
      (threads > 1 ? ` of ${threads} threads\n` : '\n'),
  );
  // Writing the book re-derives the shallow plies; after every one of thousands of short deep
  // positions that would cost more than solving them.
  // Writes keep to a tenth of the time at most (a write costs seconds), so short positions are
  // not left waiting behind them.
  let nextWrite = 0;
  const write = (force: boolean): string | undefined => {
    if (!force && Date.now() < nextWrite) return undefined;
    const start = Date.now();
    const summary = writeBook(out, scores, plan.completeTarget, strategyPathFor(out));
    nextWrite = Date.now() + Math.max(WRITE_EVERY_MS, 9 * (Date.now() - start));
    return summary;
  };

  const here = fileURLToPath(import.meta.url);
  const workerFile = join(dirname(here), `book-worker${extname(here)}`);
  const state = { failed: false };
  await new Promise<void>((resolve) => {
    let running = 0;
    const feed = (child: ChildProcess): void => {
      const task = todo.shift();
      if (!task) {
        child.kill();
        if (--running === 0) resolve();
        return;
      }
      child.send({ moves: task.moves });
    };
    for (let i = 0; i < Math.min(jobs, todo.length); i++) {
      const child = fork(workerFile, [String(tableBits), String(threads)], {
        execArgv: process.execArgv,
      });
      running++;
      child.on('message', (r: BookJobResult) => {
        scores.set(r.key, r.score);
        appendFileSync(
          progress,
          `${r.key}\t${r.score}\t${r.moves.length}\t${movesToString(r.moves)}\t${r.nodes}\t${r.ms}\n`,
        );
        const summary = write(false);
        io.err(
          `book: ${movesToString(r.moves)} = ${r.score} (${r.nodes} nodes, ${(r.ms / 1000).toFixed(1)} s); ${todo.length} left` +
            (summary === undefined ? '\n' : `; ${summary}\n`),
        );
        feed(child);
      });
      child.on('exit', (code) => {
        if (code !== 0 && code !== null) {
          state.failed = true;
          io.err(`book: a worker exited with code ${code}\n`);
        }
      });
      feed(child);
    }
    if (running === 0) resolve();
  });
  io.err(`book: wrote ${out}: ${write(true)}\n`);
  return state.failed ? 1 : 0;
}

const WRITE_EVERY_MS = 10_000;

export interface BuildPlan {
  readonly what: string;
  readonly tasks: readonly BookTask[];
  /** The ply the written book tries to be complete to (and derives shallower plies from). */
  readonly completeTarget: number;
}

const ORDERS = ['centre', 'hardest-parent'] as const;
type BuildOrder = (typeof ORDERS)[number];

function parseOrder(flag: string | undefined): BuildOrder {
  if (flag === undefined) return 'centre';
  const order = ORDERS.find((o) => o === flag);
  if (order === undefined) {
    throw new UsageError(`book: --order: one of ${ORDERS.join(', ')}, got ${flag}`);
  }
  return order;
}

/**
 * `--ply N`: every position of the ply, nearest the centre first, or (`--order hardest-parent`)
 * the children of the ply above that took the most nodes to solve first, from the progress file.
 * Both orders reach every position of the ply; they differ in what a stopped build has answered.
 */
function wholePly(flag: string | undefined, order: BuildOrder, progress: string): BuildPlan {
  const ply = wholeFromFlag('book', 'ply', flag, 1);
  const all = positionsAtPly(CLASSIC, ply);
  let tasks = centreFirst(CLASSIC, all);
  if (order === 'hardest-parent') {
    const first = hardestParentsFirst(CLASSIC, readSolvedAtPly(progress, ply - 1));
    const queued = new Set(first.map((t) => t.key));
    // Parents missing from the progress file leave their children to the centre order, after.
    tasks = [...first, ...tasks.filter((t) => !queued.has(t.key))];
  }
  return {
    what: `ply ${ply}${order === 'centre' ? '' : `, ${order} first`}`,
    tasks,
    completeTarget: ply,
  };
}

/** `--lines FILE --ply A..B`: the children, at plies A to B, of positions the games reach. */
export function alongLines(file: string, flag: string | undefined, bookFile: string): BuildPlan {
  const range = /^(\d+)(?:\.\.(\d+))?$/.exec(flag ?? '');
  if (!range)
    throw new UsageError(`book: --lines needs --ply A..B (e.g. 5..8), got ${flag ?? 'none'}`);
  const from = Number(range[1]);
  const to = Number(range[2] ?? range[1]);
  const cells = CLASSIC.width * CLASSIC.height;
  if (from < 1 || to < from || to >= cells) {
    throw new UsageError(`book: --ply ${flag}: want 1 <= A <= B < ${cells}`);
  }
  if (!existsSync(file)) throw new UsageError(`book: --lines: ${file} not found`);
  const games = readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'))
    .map(({ line, index }) => {
      const game = parseGame(line);
      if (!game.ok) throw new UsageError(`book: ${file}:${index + 1}: ${game.error.message}`);
      if (!isClassic(game.value.variant)) {
        throw new UsageError(`book: ${file}:${index + 1}: the book is for 7x6 games only`);
      }
      return game.value.moves;
    });
  const existing = loadBook(bookFile);
  const baseline = 'book' in existing ? existing.book.completePly : 0;
  return {
    what: `plies ${from}..${to} along ${games.length} games of ${file}`,
    tasks: positionsAlongLines(CLASSIC, games, from, to),
    // Only a whole ply makes the book complete to it; the lines are extra entries beyond it. A
    // deeper target would make every write enumerate plies the lines can never complete (at
    // --ply 10.. a write took minutes against milliseconds per position).
    completeTarget: baseline + 1,
  };
}

function info(args: readonly string[], io: CliIO): number {
  const loaded = loadBook(args[0]);
  if ('problem' in loaded) {
    io.err(`c4 book info: ${loaded.problem}\n`);
    return 1;
  }
  const { book } = loaded;
  io.out(
    `${variantToString(book.variant)}: ${book.size} exact scores, complete to ply ${book.completePly}; ${book.lossCount} positions proven lost; ${book.noWinCount} proven not won\n`,
  );
  return 0;
}

export const book: Command = {
  name: 'book',
  summary: 'build (resumably, on every core) or inspect the 7x6 opening book',
  usage: USAGE,
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub === 'build') return build(rest, io);
    if (sub === 'info') return info(rest, io);
    if (sub === 'strategy') return strategy(rest, io);
    throw new UsageError(`book: expected build, strategy or info (${USAGE})`);
  },
};
