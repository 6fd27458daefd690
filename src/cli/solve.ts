import { createInterface } from 'node:readline';
import {
  CLASSIC,
  createRuleset,
  isClassic,
  parseMoves,
  type C4Error,
  type Result,
  type Variant,
} from '../core/index.js';
import {
  MAX_SHARED_TABLE_BITS,
  Solver,
  needsWideKey,
  solverSupports,
  type Book,
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
import { gameOption, rulesetFromFlags } from './family.js';
import { SearchThreads, defaultThreads } from './search-threads.js';
import { isGameString, parseSolveLine } from './solve-line.js';

/** Nodes a line may take before the book, the full table and the helper threads are set up. */
const QUICK_NODES = 500_000;
/** The quick table: a search of QUICK_NODES nodes fills no more than this. */
const QUICK_TABLE_BITS = 20;
/**
 * Classic lines with at most this many discs: the book answers them, or their search runs far
 * past QUICK_NODES. The book is read for them at once and the quick search is only a probe of
 * PROBE_NODES, so a long one goes straight to the full set-up instead of spending QUICK_NODES
 * first.
 */
const SHALLOW_PLY = 10;
const PROBE_NODES = 20_000;
/**
 * Classic lines with at most this many discs read the book before their first search (~16 ms):
 * its line positions reach ply 17, so an analysis to ply 16 on a line games go is answered there.
 * Past SHALLOW_PLY the quick search keeps its full QUICK_NODES, which most of them need no more.
 */
const BOOK_PLY = 16;

const USAGE =
  'c4 solve [--variant WxHcN] [--weak | --weak-first] [--analyze] [--book FILE | --no-book] [--table-bits B] [--threads N] [--stats] < moves\n' +
  '       c4 solve --game popout|five [--variant WxHcN] [--analyze] [--max-nodes N] [--table-bits B (popout)] [--threads N (popout)] [--stats] < moves';
/** Flags of the classic solver that the family's has no use for (PopOut takes two others). */
/** A line given as a game string (`7x6c4:4453`, as `c4 show` prints it): its columns. */
function classicLine(text: string, variant: Variant): Result<number[], C4Error> {
  const ruleset = createRuleset({ game: 'classic', board: variant });
  if (!ruleset.ok) return ruleset;
  const moves = parseSolveLine(text, ruleset.value);
  return moves.ok ? { ok: true, value: moves.value.map((move) => move.column) } : moves;
}

const CLASSIC_ONLY = ['weak', 'weak-first', 'book', 'no-book'] as const;

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
 * one transposition table (src/solver/shared.ts); the output is the same as with one. The
 * helper threads, the full table and the opening book are set up only once a line outgrows a
 * short search (QUICK_NODES): a file of easy positions pays for none of them. --stats
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
        ...gameOption,
        'max-nodes': { type: 'string' },
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
    const ruleset =
      values.game === undefined
        ? undefined
        : rulesetFromFlags('solve', values.game, values.variant);
    if (ruleset !== undefined && ruleset.game !== 'classic') {
      const classicFlag = CLASSIC_ONLY.find((flag) => values[flag] !== undefined);
      if (classicFlag !== undefined) {
        throw new UsageError(`solve: --${classicFlag} is for the classic game only`);
      }
      // Five-in-a-Row's solver is the shared classic one, with its own table and threads.
      for (const flag of ['threads', 'table-bits'] as const) {
        if (values[flag] !== undefined && !ruleset.pops) {
          throw new UsageError(`solve: --${flag} is for the classic game and PopOut only`);
        }
      }
      const { solveFamilyLines } = await import('./solve-family.js');
      const maxNodes = values['max-nodes'];
      const tableBits = values['table-bits'];
      return solveFamilyLines(
        ruleset,
        {
          analyze: values.analyze === true,
          stats: values.stats === true,
          // One thread unless asked: PopOut's helpers pay off only on long searches.
          threads: wholeFromFlag('solve', 'threads', values.threads, 1, 1, 64),
          ...(maxNodes !== undefined
            ? { maxNodes: wholeFromFlag('solve', 'max-nodes', maxNodes, 1) }
            : {}),
          ...(tableBits !== undefined
            ? { tableBits: wholeFromFlag('solve', 'table-bits', tableBits, 22, 10, 27) }
            : {}),
        },
        io,
      );
    }
    if (values['max-nodes'] !== undefined) {
      throw new UsageError('solve: --max-nodes is for --game popout|five only');
    }
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
    // An explicit --book is read at once (a bad file is a usage error); the committed one when a
    // shallow line or a long search first needs it.
    let book: Book | undefined;
    const wantsBook = !values['no-book'] && (isClassic(variant) || values.book !== undefined);
    if (wantsBook && values.book !== undefined) {
      const loaded = loadBook(values.book);
      if ('book' in loaded) book = loaded.book;
      else throw new UsageError(`solve: --book: ${loaded.problem}`);
    }
    let bookTried = values.book !== undefined;
    const readCommittedBook = (): void => {
      if (bookTried || !wantsBook) return;
      bookTried = true;
      const loaded = loadBook();
      if ('book' in loaded) book = loaded.book;
    };
    const options: SolveOptions = { weak: values.weak ?? false };
    const passes: { label: string; options: SolveOptions }[] = values['weak-first']
      ? [
          { label: ' weak', options: { ...options, weak: true } },
          { label: '', options },
        ]
      : [{ label: '', options }];

    // Most lines of a typical file take a few hundred nodes: a small table of our own, and no
    // helper threads or book, serve them (starting a helper costs a Node isolate, ~0.1 s of CPU).
    // A line that outgrows QUICK_NODES is searched again by the full set-up (book, the table
    // asked for, helpers), which then serves every later line.
    const quickSolver = (): Solver =>
      new Solver({ tableBits: Math.min(tableBits, QUICK_TABLE_BITS), ...(book ? { book } : {}) });
    let solver: Solver | undefined;
    let quick = true;
    let helpers: SearchThreads | undefined;
    const goFull = async (): Promise<void> => {
      quick = false;
      readCommittedBook();
      // One thread: the plain solver (its own memory). More: thread 0 here, helpers in workers.
      // Boards past 64 bits share the wide build's table (the same bytes, half the entries).
      helpers =
        threads > 1
          ? await SearchThreads.start(threads, tableBits, needsWideKey(variant))
          : undefined;
      solver = new Solver({
        ...(helpers ? { shared: helpers.table } : { tableBits }),
        ...(book ? { book } : {}),
      });
    };
    /** Before a classic line the book may answer, in the quick set-up: the book, in the quick solver too. */
    const prepareShallow = (): void => {
      if (!quick || bookTried || !wantsBook) return;
      readCommittedBook();
      if (book) solver = undefined; // made again with the book
    };

    let lineNodes = 0;
    /**
     * The lines printed for one position and the error that ended them, if any; `complete` is
     * false when the quick set-up ran out of nodes (nothing is printed then).
     */
    const evaluate = (
      text: string,
      input: SolverInput,
      quickNodes: number,
    ): { out: string; error?: C4Error; complete: boolean } => {
      solver ??= quickSolver();
      let out = '';
      for (const { label, options: full } of passes) {
        const passOptions = quick ? { ...full, maxNodes: quickNodes } : full;
        const scores = values.analyze
          ? mapResult(solver.analyze(input, passOptions), (a) => {
              lineNodes += a.nodes;
              return a.stopped === null ? a.columns.map(showScore).join(' ') : null;
            })
          : mapResult(solver.solve(input, passOptions), (r) => {
              lineNodes += r.nodes;
              return r.stopped === null ? showScore(r) : null;
            });
        if (!scores.ok) return { out, error: scores.error, complete: true };
        if (scores.value === null) return { out: '', complete: false };
        out += `${text}${label} ${scores.value}\n`;
      }
      return { out, complete: true };
    };

    // Output is written in batches (one write per line was a measurable share of an easy file),
    // flushed once the input runs dry, so a line typed at a terminal is still answered at once.
    let pending = '';
    let flushQueued = false;
    const flush = (): void => {
      flushQueued = false;
      if (pending !== '') io.out(pending);
      pending = '';
    };
    const write = (text: string): void => {
      pending += text;
      if (pending.length >= 1 << 16) flush();
      else if (!flushQueued) {
        flushQueued = true;
        setImmediate(flush);
      }
    };

    const now = (): number => performance.now();
    let failures = 0;
    try {
      let lineNumber = 0;
      for await (const raw of createInterface({ input: io.stdin, terminal: false })) {
        lineNumber++;
        const text = raw.trim();
        const moves =
          text === ''
            ? { ok: true as const, value: [] }
            : isGameString(text)
              ? classicLine(text, variant)
              : parseMoves(text, variant);
        const start = now();
        solver?.resetThreadNodes();
        lineNodes = 0;
        const classic = moves.ok && isClassic(variant);
        const shallow = classic && moves.value.length <= SHALLOW_PLY;
        if (classic && moves.value.length <= BOOK_PLY) prepareShallow();
        let result = moves.ok
          ? evaluate(text, { variant, moves: moves.value }, shallow ? PROBE_NODES : QUICK_NODES)
          : { out: '', error: moves.error, complete: true };
        if (!result.complete && moves.ok) {
          flush(); // what is known so far, before a long search
          await goFull();
          result = evaluate(text, { variant, moves: moves.value }, QUICK_NODES);
        }
        const { out, error } = result;
        if (out !== '') write(out);
        if (values.stats || error !== undefined) flush(); // keeps stderr in step with stdout
        if (values.stats) {
          const elapsed = now() - start;
          // Helpers count their nodes as they leave the search, a moment after thread 0 returns.
          solver?.settleHelpers();
          const perThread = solver?.threadNodes() ?? [];
          io.err(
            `stats: line ${lineNumber}: ${elapsed.toFixed(0)} ms, ${lineNodes} nodes` +
              (perThread.length > 1 ? ` (per thread ${perThread.join(' / ')})\n` : '\n'),
          );
        }
        if (error !== undefined) {
          failures++;
          io.err(`line ${lineNumber}: ${error.message}\n`);
        }
      }
    } finally {
      flush();
      await helpers?.close();
    }
    return failures > 0 ? 1 : 0;
  },
};
