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
  Solver,
  analyzeInParallel,
  solverSupports,
  type AnalyzeResult,
  type Evaluation,
  type SolveOptions,
  type SolveResult,
  type SolverInput,
} from '../solver/index.js';
import { defaultBookPath, loadBook } from './book-file.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  wholeFromFlag,
  type Command,
} from './command.js';
import { SolverPool, defaultThreads } from './solver-pool.js';

const USAGE =
  'c4 solve [--variant WxHcN] [--weak | --weak-first] [--analyze] [--book FILE | --no-book] [--table-bits B] [--threads N] < moves';

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
 * With --threads N (default: every core; one with --analyze) the positions are spread over N
 * solver threads and each analysis's columns too; the output is the same, in input order.
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
    const tableBits = wholeFromFlag('solve', 'table-bits', values['table-bits'], 22, 10, 28);
    let book;
    if (!values['no-book'] && (isClassic(variant) || values.book !== undefined)) {
      const loaded = loadBook(values.book);
      if ('book' in loaded) book = loaded.book;
      else if (values.book !== undefined) throw new UsageError(`solve: --book: ${loaded.problem}`);
    }
    // Without a shared table, an analysis split by column costs 1.5x the CPU (each thread solves
    // what one warm table would have shared): measured slower on 2 cores, so --analyze stays on
    // one thread unless asked (BENCHMARKS.md, "Threads").
    const threadsByDefault = values.analyze ? 1 : defaultThreads();
    const threads = wholeFromFlag('solve', 'threads', values.threads, threadsByDefault, 1, 256);
    const options: SolveOptions = { weak: values.weak ?? false };
    const passes: { label: string; options: SolveOptions }[] = values['weak-first']
      ? [
          { label: ' weak', options: { ...options, weak: true } },
          { label: '', options },
        ]
      : [{ label: '', options }];

    let solveOne: (input: SolverInput, o: SolveOptions) => Promise<Result<SolveResult, C4Error>>;
    let analyzeOne: (
      input: SolverInput,
      o: SolveOptions,
    ) => Promise<Result<AnalyzeResult, C4Error>>;
    let pool: SolverPool | undefined;
    if (threads === 1) {
      const solver = new Solver(book ? { tableBits, book } : { tableBits });
      solveOne = (input, o) => Promise.resolve(solver.solve(input, o));
      analyzeOne = (input, o) => Promise.resolve(solver.analyze(input, o));
    } else {
      const threadPool = new SolverPool(threads, {
        tableBits,
        bookPath: book === undefined ? null : (values.book ?? defaultBookPath()),
      });
      pool = threadPool;
      // Checks moves and settles the columns that need no search, as the threads' solvers would.
      const local = new Solver(book ? { tableBits: 16, book } : { tableBits: 16 });
      solveOne = threadPool.solve;
      analyzeOne = (input, o) => analyzeInParallel(local, input, o, threadPool.solve);
    }

    /** The lines printed for one position, and the error that ended them, if any. */
    const evaluate = async (
      text: string,
      input: SolverInput,
    ): Promise<{ out: string; error?: C4Error }> => {
      let out = '';
      for (const { label, options: passOptions } of passes) {
        const scores = values.analyze
          ? mapResult(await analyzeOne(input, passOptions), (a) =>
              a.columns.map(showScore).join(' '),
            )
          : mapResult(await solveOne(input, passOptions), showScore);
        if (!scores.ok) return { out, error: scores.error };
        out += `${text}${label} ${scores.value}\n`;
      }
      return { out };
    };

    let failures = 0;
    // Positions in flight, printed in input order as they finish.
    const inFlight: Promise<() => void>[] = [];
    const flushOne = async (): Promise<void> => {
      const print = await inFlight.shift();
      print?.();
    };
    try {
      let lineNumber = 0;
      for await (const raw of createInterface({ input: io.stdin, terminal: false })) {
        lineNumber++;
        const number = lineNumber;
        const text = raw.trim();
        const moves = text === '' ? { ok: true as const, value: [] } : parseMoves(text, variant);
        if (!moves.ok) {
          inFlight.push(
            Promise.resolve(() => {
              failures++;
              io.err(`line ${number}: ${moves.error.message}\n`);
            }),
          );
        } else {
          const done = evaluate(text, { variant, moves: moves.value });
          inFlight.push(
            done.then(({ out, error }) => () => {
              if (out !== '') io.out(out);
              if (error !== undefined) {
                failures++;
                io.err(`line ${number}: ${error.message}\n`);
              }
            }),
          );
        }
        while (inFlight.length >= 2 * threads) await flushOne();
      }
      while (inFlight.length > 0) await flushOne();
    } finally {
      await pool?.close();
    }
    return failures > 0 ? 1 : 0;
  },
};
