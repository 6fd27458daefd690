// `c4 book strategy`: proves, position by position, a winning strategy for the first player on
// 7x6 and records it beside the book (resumable: decisions already on file are not searched).
import { appendFileSync, existsSync } from 'node:fs';
import { C4Error, CLASSIC, ErrorCode, movesToString, parseMoves } from '../core/index.js';
import { Solver, symmetricKey } from '../solver/index.js';
import {
  DEFAULT_STRATEGY_LIMITS,
  proveWinningColumn,
  quicklyProven,
  rememberDecision,
  walkStrategy,
  type StrategyDecision,
  type StrategyLimits,
} from '../solver/build.js';
import { defaultBookPath, loadBook } from './book-file.js';
import {
  completedWalkLine,
  progressPathFor,
  readProgress,
  readStrategy,
  strategyLine,
  strategyPathFor,
  writeBook,
} from './book-store.js';
import { parseCommandArgs, UsageError, wholeFromFlag, type CliIO } from './command.js';

/** The deepest ply of exact scores the book build has worked on (its progress file's plies). */
const EXACT_PLY = 2;

export function strategy(args: readonly string[], io: CliIO): number {
  const { values } = parseCommandArgs(
    'book strategy',
    args,
    {
      'max-ply': { type: 'string' },
      'leaf-from-ply': { type: 'string' },
      'leaf-nodes': { type: 'string' },
      start: { type: 'string' },
      goal: { type: 'string' },
      'table-bits': { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  const goalText = values.goal ?? 'win';
  if (goalText !== 'win' && goalText !== 'draw') {
    throw new UsageError(`book: --goal must be win or draw, got ${JSON.stringify(goalText)}`);
  }
  const limits: StrategyLimits = {
    ...DEFAULT_STRATEGY_LIMITS,
    goal: goalText,
    maxPly: wholeFromFlag(
      'book',
      'max-ply',
      values['max-ply'],
      DEFAULT_STRATEGY_LIMITS.maxPly,
      0,
      41,
    ),
    leafFromPly: wholeFromFlag(
      'book',
      'leaf-from-ply',
      values['leaf-from-ply'],
      DEFAULT_STRATEGY_LIMITS.leafFromPly,
      0,
      41,
    ),
    leafNodes: wholeFromFlag(
      'book',
      'leaf-nodes',
      values['leaf-nodes'],
      DEFAULT_STRATEGY_LIMITS.leafNodes,
      1,
    ),
  };
  const tableBits = wholeFromFlag('book', 'table-bits', values['table-bits'], 25, 10, 28);
  const start = parseMoves(values.start ?? '', CLASSIC);
  if (!start.ok) throw new UsageError(`book: --start: ${start.error.message}`);
  if (start.value.length > limits.maxPly) {
    throw new UsageError(
      `book: --max-ply ${limits.maxPly} is below the ${start.value.length} discs of --start`,
    );
  }
  const out = values.out ?? defaultBookPath();
  const file = strategyPathFor(out);
  const loaded = existsSync(out) ? loadBook(out) : undefined;
  const solver = new Solver({
    tableBits,
    ...(loaded && 'book' in loaded ? { book: loaded.book } : {}),
  });
  const cold = new Solver({ tableBits: 20 });
  const known = new Map<number, StrategyDecision>();
  for (const decision of readStrategy(file)) {
    rememberDecision(known, symmetricKey(CLASSIC, decision.moves), decision);
  }
  if (!existsSync(file)) appendFileSync(file, '# moves\tcolumn\tleaf\tnodes\tms\n');
  const scores = readProgress(progressPathFor(out));
  let decided = 0;
  try {
    walkStrategy(
      CLASSIC,
      start.value,
      limits,
      known,
      (moves) => {
        const began = Date.now();
        const { goal } = limits;
        const proven = proveWinningColumn(solver, CLASSIC, moves, limits.firstRoundNodes, goal);
        if (!proven) return undefined;
        const leaf =
          moves.length >= limits.leafFromPly &&
          quicklyProven(cold, CLASSIC, moves, proven.column, limits.leafNodes, goal);
        const { column, nodes } = proven;
        return { moves, column, goal, leaf, nodes, ms: Date.now() - began };
      },
      (decision) => {
        appendFileSync(file, strategyLine(decision));
        decided++;
        io.err(
          `strategy: ${movesToString(decision.moves) || '(empty)'} -> ${decision.column + 1}${decision.leaf ? ' (leaf)' : ''} ${decision.nodes} nodes ${(decision.ms / 1000).toFixed(1)} s; ${known.size} decisions\n`,
        );
        if (decided % 20 === 0) writeBook(out, scores, EXACT_PLY, file);
      },
    );
  } catch (error) {
    // What was proven before the stop is kept either way.
    if (decided > 0) writeBook(out, scores, EXACT_PLY, file);
    if (!(error instanceof C4Error) || error.code !== ErrorCode.NotWon) throw error;
    io.err(`c4 book: ${error.message}\n`);
    return 1;
  }
  // The walk reached its ply limit everywhere: say so, for readers (and tests) of the file.
  appendFileSync(
    file,
    completedWalkLine({ goal: limits.goal, start: start.value, maxPly: limits.maxPly }),
  );
  io.err(`strategy: wrote ${out}: ${writeBook(out, scores, EXACT_PLY, file)}\n`);
  return 0;
}
