import { createInterface } from 'node:readline';
import {
  CLASSIC,
  isClassic,
  parseMoves,
  type C4Error,
  type Result,
  type Variant,
} from '../core/index.js';
import { Solver, solverSupports, type Evaluation, type SolveOptions } from '../solver/index.js';
import { loadBook } from './book-file.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  wholeFromFlag,
  type Command,
} from './command.js';

const USAGE =
  'c4 solve [--variant WxHcN] [--weak | --weak-first] [--analyze] [--book FILE | --no-book] [--table-bits B] < moves';

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
    const solver = new Solver(book ? { tableBits, book } : { tableBits });
    const options: SolveOptions = { weak: values.weak ?? false };

    let failures = 0;
    let lineNumber = 0;
    for await (const raw of createInterface({ input: io.stdin, terminal: false })) {
      lineNumber++;
      const text = raw.trim();
      const moves = text === '' ? { ok: true as const, value: [] } : parseMoves(text, variant);
      if (!moves.ok) {
        failures++;
        io.err(`line ${lineNumber}: ${moves.error.message}\n`);
        continue;
      }
      const input = { variant, moves: moves.value };
      const passes: { label: string; options: SolveOptions }[] = values['weak-first']
        ? [
            { label: ' weak', options: { weak: true } },
            { label: '', options },
          ]
        : [{ label: '', options }];
      for (const { label, options: passOptions } of passes) {
        const scores = values.analyze
          ? mapResult(solver.analyze(input, passOptions), (a) => a.columns.map(showScore).join(' '))
          : mapResult(solver.solve(input, passOptions), showScore);
        if (!scores.ok) {
          failures++;
          io.err(`line ${lineNumber}: ${scores.error.message}\n`);
          break;
        }
        io.out(`${text}${label} ${scores.value}\n`);
      }
    }
    return failures > 0 ? 1 : 0;
  },
};
