import {
  chooseMove,
  createPerfectContext,
  createRandom,
  levelLabel,
  parseLevel,
  setOpeningBook,
  type Level,
  type PerfectContext,
} from '../ai/index.js';
import { loadBook } from './book-file.js';
import {
  parseCommandArgs,
  UsageError,
  variantOption,
  wholeFromFlag,
  type Command,
} from './command.js';
import { familyBestmove } from './family-ai.js';
import { classicOrFamily, gameOption } from './family.js';
import { positionFromArgs } from './show.js';

export function levelFromFlag(command: string, flag: string | undefined): Level {
  if (flag === undefined) throw new UsageError(`${command}: --level is required`);
  const level = parseLevel(flag);
  if (!level.ok) throw new UsageError(`${command}: --level: ${level.error.message}`);
  return level.value;
}

/** Gives Perfect the committed 7x6 opening book when it exists (without it, early moves fall back to search). */
export function useCommittedBook(): void {
  setOpeningBook(committedBookContext().book);
}

/** Perfect's solver with the committed 7x6 opening book when it exists. */
export function committedBookContext(): PerfectContext {
  const loaded = loadBook();
  return createPerfectContext('book' in loaded ? loaded.book : undefined);
}

/**
 * Prints the computer's column (1-based) for a position; with the score when the level knew one:
 * `4 score=+1 exact`. One line, so other tools can read the first word.
 */
export const bestmove: Command = {
  name: 'bestmove',
  summary: "print the computer's move at a level (and its score when known)",
  usage:
    'c4 bestmove --level L [--game classic|popout|five] [--variant WxHcN] [--time-ms T] [--seed S] [--explain] <moves | GAME:moves>',
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('bestmove', args, {
      ...variantOption,
      ...gameOption,
      level: { type: 'string', short: 'l' },
      'time-ms': { type: 'string' },
      seed: { type: 'string' },
      explain: { type: 'boolean' },
    });
    if (positionals.length > 1) throw new UsageError('bestmove: expected one move string');
    const level = levelFromFlag('bestmove', values.level);
    const text = positionals[0] ?? '';
    const family = classicOrFamily('bestmove', text, values.game, values.variant);
    if (family) {
      const { seed, 'time-ms': time } = values;
      return familyBestmove(
        family,
        level,
        {
          explain: values.explain === true,
          ...(seed !== undefined ? { seed: wholeFromFlag('bestmove', 'seed', seed, 0) } : {}),
          ...(time !== undefined ? { timeMs: wholeFromFlag('bestmove', 'time-ms', time, 0) } : {}),
        },
        io,
      );
    }
    const perfect = committedBookContext();
    const position = positionFromArgs('bestmove', text, values.variant);
    if (position.isOver) throw new UsageError('bestmove: the game is over; there is no move');
    const timeMs = values['time-ms'];
    const seed = values.seed;
    const choice = await chooseMove(position, level, {
      perfect,
      ...(timeMs !== undefined ? { timeMs: wholeFromFlag('bestmove', 'time-ms', timeMs, 0) } : {}),
      ...(seed !== undefined
        ? { random: createRandom(wholeFromFlag('bestmove', 'seed', seed, 0)) }
        : {}),
    });
    const score =
      choice.score === undefined || choice.scoreKind === undefined
        ? ''
        : ` score=${choice.score > 0 ? '+' : ''}${choice.score} ${choice.scoreKind}`;
    io.out(`${choice.column + 1}${score}\n`);
    if (values.explain === true) {
      const { explanation } = choice;
      io.out(`${levelLabel(level.id, position.variant)}: ${explanation.summary}\n`);
      io.out(
        `depth ${explanation.depth}, ${explanation.nodes} nodes${explanation.interrupted ? ', stopped by the time budget' : ''}\n`,
      );
      for (const column of explanation.columns) {
        io.out(`  column ${column.column + 1}: ${column.score} (${column.kind})\n`);
      }
    }
    return 0;
  },
};
