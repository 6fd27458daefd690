import { createInterface } from 'node:readline';
import {
  CLASSIC,
  isClassic,
  parseMoves,
  type C4Error,
  type Result,
  type Variant,
} from '../core/index.js';
import {
  MAX_SHARED_TABLE_BITS,
  Solver,
  solverSupports,
  type Evaluation,
  type SolveOptions,
  type SolverInput,
} from '../solver/index.js';
import { loadBook } from './book-file.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  wholeFromFlag,
  type Command,
} from './command.js';
import { SearchThreads, defaultThreads } from './search-threads.js';

const USAGE =
  'c4 solve [--variant WxHcN] [--weak | --weak-first] [--analyze] [--book FILE | --no-book] [--table-bits B] [--threads N] [--stats] < moves';

const mapResult = <T, U>(r: Result<T, C4Error>, f: (value: T) => U): Result<U, C4Error> =>
  r.ok ? { ok: true, value: f(r.value) } : r;

const showScore = (e: Evaluation | null): string =>
  e === null ? 'x' : e.exact ? String(e.score) : `${e.lower}..${e.upper}`;

/**
 * Reads move strings (1-based columns) from stdin, one position per line (an empty line is the
 * empty board), and prints `moves score`, or with --analyze `moves` and one score per column.
 * With --weak-first each position first gets a `moves weak …` line with win/draw/loss (-1/0/1),
 * which costs a fraction of the exact scores, then the exact line: the weak search's table
 * entries are kept for the exact one.
 *
 * With --threads N (default: every core) each search that runs long is shared by N threads over
 * one transposition table (src/solver/shared.ts); the output is the same as with one. --stats
 * prints each line's time and nodes (thread 0's, and per thread) on stderr.
 */
export const solve: Command = {
  name: 'solve',
  summary: 'exact scores of positions read from stdin (one move string per line)',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'solve',
      args,
      {
        ...variantOption,
        weak: { type: 'boolean' },
        'weak-first': { type: 'boolean' },
        analyze: { type: 'boolean' },
        book: { type: 'string' },
        'no-book': { type: 'boolean' },
        'table-bits': { type: 'string' },
        threads: { type: 'string' },
        stats: { type: 'boolean' },
      },
      false,
    );
    if (positionals.length > 0) throw new UsageError(`solve: usage: ${USAGE}`);
    if (values.weak && values['weak-first']) {
      throw new UsageError('solve: --weak and --weak-first exclude each other');
    }
    const variant: Variant = variantFromFlag('solve', values.variant, CLASSIC);
    if (!solverSupports(variant)) {
      throw new UsageError(`solve: the solver does not handle ${values.variant ?? ''} boards`);
    }
    const threads = wholeFromFlag('solve', 'threads', values.threads, defaultThreads(), 1, 64);
    const maxBits = threads > 1 ? MAX_SHARED_TABLE_BITS : 28;
    const tableBits = wholeFromFlag('solve', 'table-bits', values['table-bits'], 22, 10, maxBits);
    let book;
    if (!values['no-book'] && (isClassic(variant) || values.book !== undefined)) {
      const loaded = loadBook(values.book);
      if ('book' in loaded) book = loaded.book;
      else if (values.book !== undefined) throw new UsageError(`solve: --book: ${loaded.problem}`);
    }
    const options: SolveOptions = { weak: values.weak ?? false };
    const passes: { label: string; options: SolveOptions }[] = values['weak-first']
      ? [
          { label: ' weak', options: { ...options, weak: true } },
          { label: '', options },
        ]
      : [{ label: '', options }];

    // One thread: the plain solver (its own memory). More: thread 0 here, helpers in workers.
    const helpers = threads > 1 ? await SearchThreads.start(threads, tableBits) : undefined;
    const solver = new Solver({
      ...(helpers ? { shared: helpers.table } : { tableBits }),
      ...(book ? { book } : {}),
    });

    let lineNodes = 0;
    /** The lines printed for one position, and the error that ended them, if any. */
    const evaluate = (text: string, input: SolverInput): { out: string; error?: C4Error } => {
      let out = '';
      for (const { label, options: passOptions } of passes) {
        const scores = values.analyze
          ? mapResult(solver.analyze(input, passOptions), (a) => {
              lineNodes += a.nodes;
              return a.columns.map(showScore).join(' ');
            })
          : mapResult(solver.solve(input, passOptions), (r) => {
              lineNodes += r.nodes;
              return showScore(r);
            });
        if (!scores.ok) return { out, error: scores.error };
        out += `${text}${label} ${scores.value}\n`;
      }
      return { out };
    };

    const now = (): number => performance.now();
    let failures = 0;
    try {
      let lineNumber = 0;
      for await (const raw of createInterface({ input: io.stdin, terminal: false })) {
        lineNumber++;
        const text = raw.trim();
        const moves = text === '' ? { ok: true as const, value: [] } : parseMoves(text, variant);
        const start = now();
        solver.resetThreadNodes();
        lineNodes = 0;
        const { out, error } = moves.ok
          ? evaluate(text, { variant, moves: moves.value })
          : { out: '', error: moves.error };
        if (out !== '') io.out(out);
        if (values.stats) {
          const perThread = solver.threadNodes();
          // Thread 0's nodes; helpers count theirs when they stop, which may be a moment after.
          io.err(
            `stats: line ${lineNumber}: ${(now() - start).toFixed(0)} ms, ${lineNodes} nodes` +
              (perThread.length > 1 ? ` (per thread ${perThread.join(' / ')})\n` : '\n'),
          );
        }
        if (error !== undefined) {
          failures++;
          io.err(`line ${lineNumber}: ${error.message}\n`);
        }
      }
    } finally {
      await helpers?.close();
    }
    return failures > 0 ? 1 : 0;
  },
};
