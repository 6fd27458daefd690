import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { extname, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASSIC, movesToString, variantToString } from '../core/index.js';
import { centreFirst, positionsAtPly, type BookTask } from '../solver/build.js';
import { MAX_SHARED_TABLE_BITS, MAX_SHARED_THREADS } from '../solver/index.js';
import { defaultBookPath, loadBook } from './book-file.js';
import { readProgress, strategyPathFor, writeBook } from './book-store.js';
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
  'c4 book build [--ply N] [--jobs J] [--threads T] [--table-bits B] [--progress FILE] [--out FILE] | c4 book strategy [--goal win|draw] [--max-ply N] [--start MOVES] [--table-bits B] [--out FILE] | c4 book info [FILE]';

async function build(args: readonly string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    'book build',
    args,
    {
      ply: { type: 'string' },
      jobs: { type: 'string' },
      threads: { type: 'string' },
      'table-bits': { type: 'string' },
      progress: { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  const ply = wholeFromFlag('book', 'ply', values.ply, 1);
  const jobs = wholeFromFlag('book', 'jobs', values.jobs, cpus().length, 1);
  // Threads per job, sharing its table: positions are independent, so jobs use the cores
  // best; threads help a ply's last, longest positions, when cores would otherwise idle.
  const threads = wholeFromFlag('book', 'threads', values.threads, 1, 1, MAX_SHARED_THREADS);
  const maxBits = threads > 1 ? MAX_SHARED_TABLE_BITS : 28;
  const tableBits = wholeFromFlag('book', 'table-bits', values['table-bits'], 24, 10, maxBits);
  const out = values.out ?? defaultBookPath();
  const progress = values.progress ?? join(dirname(out), '7x6-progress.tsv');
  const scores = readProgress(progress);
  if (!existsSync(progress)) {
    appendFileSync(progress, '# key\tscore\tply\tmoves\tnodes\tms\n');
  }
  const todo: BookTask[] = centreFirst(
    CLASSIC,
    positionsAtPly(CLASSIC, ply).filter((t) => !scores.has(t.key)),
  );
  io.err(
    `book: ply ${ply}: ${todo.length} positions to solve with ${jobs} processes` +
      (threads > 1 ? ` of ${threads} threads\n` : '\n'),
  );

  const here = fileURLToPath(import.meta.url);
  const workerFile = join(dirname(here), `book-worker${extname(here)}`);
  const children: ChildProcess[] = [];
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
      children.push(child);
      running++;
      child.on('message', (r: BookJobResult) => {
        scores.set(r.key, r.score);
        appendFileSync(
          progress,
          `${r.key}\t${r.score}\t${r.moves.length}\t${movesToString(r.moves)}\t${r.nodes}\t${r.ms}\n`,
        );
        const summary = writeBook(out, scores, ply, strategyPathFor(out));
        io.err(
          `book: ${movesToString(r.moves)} = ${r.score} (${r.nodes} nodes, ${(r.ms / 1000).toFixed(1)} s); ${todo.length} left; ${summary}\n`,
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
  io.err(`book: wrote ${out}: ${writeBook(out, scores, ply, strategyPathFor(out))}\n`);
  return state.failed ? 1 : 0;
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
