import { gameToString, isClassic } from '../core/index.js';
import {
  DEFAULT_POSITION_MS,
  reviewMoves,
  reviewReport,
  type MoveReview,
} from '../review/index.js';
import { Solver, solverSupports } from '../solver/index.js';
import { loadBook } from './book-file.js';
import { SearchThreads, defaultThreads } from './search-threads.js';
import { parseCommandArgs, UsageError, wholeFromFlag, type Command } from './command.js';
import { classicOrFamily, gameOption } from './family.js';
import { printReview } from './review-text.js';
import { positionFromArgs } from './show.js';

const USAGE =
  'c4 review <moves | WxHcN:moves | GAME:moves> [--game popout|five] [--variant WxHcN] [--json] [--time-ms N] [--position-ms N] [--position-nodes N] [--threads N]';
/** The family solver's budget per position: nodes, so a review repeats exactly (time bounds the whole). */
const FAMILY_POSITION_NODES = 2_000_000;
/** 2^22 entries (64 MiB), shared by the threads: a review's positions fill it together. */
const REVIEW_TABLE_BITS = 22;
/**
 * Judges every move of a game against the solver, from the last move back (late positions
 * settle fast), within a total time budget: what is not settled in time is "not solved".
 */
export const review: Command = {
  name: 'review',
  summary: 'judge every move of a game against the solver (best, mistake, blunder…)',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('review', args, {
      variant: { type: 'string', short: 'v' },
      ...gameOption,
      'position-nodes': { type: 'string' },
      json: { type: 'boolean' },
      'time-ms': { type: 'string' },
      'position-ms': { type: 'string' },
      threads: { type: 'string' },
    });
    if (positionals.length !== 1) throw new UsageError(`review: usage: ${USAGE}`);
    const family = classicOrFamily('review', positionals[0]!, values.game, values.variant);
    if (family) {
      if (family.ply === 0) throw new UsageError('review: the game has no moves');
      for (const flag of ['threads', 'position-ms'] as const) {
        if (values[flag] !== undefined) {
          throw new UsageError(`review: --${flag} is for the classic game only`);
        }
      }
      const { reviewFamilyCommand } = await import('./review-family.js');
      return reviewFamilyCommand(
        family,
        {
          json: values.json === true,
          timeMs: wholeFromFlag('review', 'time-ms', values['time-ms'], 60_000, 1),
          positionNodes: wholeFromFlag(
            'review',
            'position-nodes',
            values['position-nodes'],
            FAMILY_POSITION_NODES,
            1,
          ),
        },
        io,
      );
    }
    if (values['position-nodes'] !== undefined) {
      throw new UsageError('review: --position-nodes is for --game popout|five only');
    }
    const position = positionFromArgs('review', positionals[0]!, values.variant);
    const { variant } = position;
    if (!solverSupports(variant)) {
      throw new UsageError(
        `review: the solver does not handle ${variant.width}x${variant.height} boards (width x (height + 1) must be at most 64)`,
      );
    }
    if (position.ply === 0) throw new UsageError('review: the game has no moves');
    const timeLimitMs = wholeFromFlag('review', 'time-ms', values['time-ms'], 60_000, 1);
    const positionMs = wholeFromFlag(
      'review',
      'position-ms',
      values['position-ms'],
      DEFAULT_POSITION_MS * 5,
      1,
    );
    const threads = wholeFromFlag('review', 'threads', values.threads, defaultThreads(), 1, 64);
    const loaded = isClassic(variant) ? loadBook() : undefined;
    // One table for the whole game, searched by every core: the long early positions are what
    // take the time, and threads on one search finish it sooner.
    const helpers = threads > 1 ? await SearchThreads.start(threads, REVIEW_TABLE_BITS) : undefined;
    const solver = new Solver({
      ...(helpers ? { shared: helpers.table } : { tableBits: REVIEW_TABLE_BITS }),
      ...(loaded && 'book' in loaded ? { book: loaded.book } : {}),
    });
    let reviews: MoveReview[];
    try {
      reviews = [...reviewMoves(solver, variant, position.moves, { timeLimitMs, positionMs })];
    } finally {
      await helpers?.close();
    }
    const report = reviewReport(variant, position.moves, reviews);
    const game = gameToString(position, { alwaysPrefix: true });
    if (values.json === true) {
      io.out(JSON.stringify({ game, ...report, unreviewed: position.ply - reviews.length }) + '\n');
      return 0;
    }
    printReview(io, {
      game,
      outcome: position.outcome,
      heading: 'col',
      rows: report.moves.map((line) => ({
        ...line,
        played: line.column,
        better: line.better.map((b) => ({ played: b.column, outcome: b.outcome })),
      })),
      skipped: position.ply - reviews.length,
      players: report.players,
    });
    return 0;
  },
};
