import { createInterface } from 'node:readline';
import { GamePosition, moveToString, type Ruleset } from '../core/index.js';
import { analyseFamily, solveFamily } from '../solver/family/index.js';
import { FAST_TABLE_BITS, fastSupports } from '../solver/family/fast.js';
import type { CliIO } from './command.js';
import { PopOutThreads } from './search-threads.js';
import { parseSolveLine } from './solve-line.js';

const showScore = (score: number | null): string =>
  score === null ? 'x' : score > 0 ? `+${score}` : String(score);

/**
 * `c4 solve --game popout|five`: one position per stdin line (family moves, `44p4`; an empty line
 * is the start), printed as `moves score` (`x` when --max-nodes ran out first), or with --analyze
 * every legal move as `move:score`. Scores follow docs/family.md ("The solver"). A bad line is
 * reported on stderr naming the move, and the exit code is then 1. With `threads` > 1 on a
 * PopOut board the fast search plays, that many threads share its table (helpers join each long
 * question; the output is the same as with one, the stats count thread 0's nodes).
 */
export async function solveFamilyLines(
  ruleset: Ruleset,
  options: {
    analyze: boolean;
    maxNodes?: number;
    tableBits?: number;
    stats: boolean;
    threads?: number;
  },
  io: CliIO,
): Promise<number> {
  const { width, height, connect } = ruleset.variant;
  const threads = options.threads ?? 1;
  const helpers =
    threads > 1 && ruleset.pops && fastSupports(width, height, connect)
      ? await PopOutThreads.start(threads, options.tableBits ?? FAST_TABLE_BITS, width, height)
      : undefined;
  try {
    return await solveLines(ruleset, options, helpers, io);
  } finally {
    await helpers?.close();
  }
}

async function solveLines(
  ruleset: Ruleset,
  options: { analyze: boolean; maxNodes?: number; tableBits?: number; stats: boolean },
  helpers: PopOutThreads | undefined,
  io: CliIO,
): Promise<number> {
  let failures = 0;
  let lineNumber = 0;
  const budget = {
    ...(options.maxNodes !== undefined ? { maxNodes: options.maxNodes } : {}),
    ...(options.tableBits !== undefined ? { tableBits: options.tableBits } : {}),
    ...(helpers !== undefined ? { shared: helpers.table } : {}),
  };
  for await (const raw of createInterface({ input: io.stdin, terminal: false })) {
    lineNumber++;
    const text = raw.trim();
    const moves = parseSolveLine(text, ruleset);
    const position = moves.ok ? GamePosition.fromMoves(ruleset, moves.value) : moves;
    if (!position.ok) {
      failures++;
      io.err(`line ${lineNumber}: ${position.error.message}\n`);
      continue;
    }
    const started = performance.now();
    let nodes: number;
    if (options.analyze) {
      const analysis = analyseFamily(position.value, budget);
      nodes = analysis.nodes;
      const scores = analysis.moves.map((m) => `${moveToString(m.move)}:${showScore(m.score)}`);
      io.out(`${text} ${scores.join(' ')}\n`);
    } else {
      // The score alone: finding every best move too would cost a question per move, unprinted.
      const result = solveFamily(position.value, { ...budget, best: false });
      nodes = result.nodes;
      io.out(`${text} ${result.exact ? showScore(result.score) : 'x'}\n`);
    }
    if (options.stats) {
      io.err(
        `stats: line ${lineNumber}: ${(performance.now() - started).toFixed(0)} ms, ${nodes} nodes\n`,
      );
    }
  }
  return failures > 0 ? 1 : 0;
}
