import {
  CLASSIC,
  Position,
  parseGame,
  parseMoves,
  type Position as PositionType,
} from '../core/index.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  type Command,
} from './command.js';
import {
  describeFamilyOutcome,
  familyPositionFromArgs,
  gameOption,
  isFamilyGameText,
} from './family.js';
import { renderBoard, describeOutcome } from './render.js';

export const show: Command = {
  name: 'show',
  summary: 'print the board, whose turn it is, the outcome and the winning cells',
  usage:
    'c4 show <moves | WxHcN:moves | GAME:moves> [--game classic|popout|five] [--variant WxHcN] [--plain]',
  run(args, io) {
    const { values, positionals } = parseCommandArgs('show', args, {
      ...variantOption,
      ...gameOption,
      plain: { type: 'boolean' },
    });
    if (positionals.length > 1) throw new UsageError('show: expected one move string');
    const text = positionals[0] ?? '';
    if (values.game !== undefined || isFamilyGameText(text)) {
      const family = familyPositionFromArgs('show', text, values.game, values.variant);
      io.out(renderBoard(family, { colour: false }) + '\n');
      io.out(describeFamilyOutcome(family) + '\n');
      return Promise.resolve(0);
    }
    const position = positionFromArgs('show', text, values.variant);
    io.out(renderBoard(position, { colour: false }) + '\n');
    io.out(describeOutcome(position) + '\n');
    return Promise.resolve(0);
  },
};

/** A position from a move string (`4453` with --variant, or `7x7c5:4453`), or a UsageError. */
export function positionFromArgs(
  command: string,
  text: string,
  variantFlag: string | undefined,
): PositionType {
  if (text.includes(':')) {
    if (variantFlag !== undefined)
      throw new UsageError(
        `${command}: give the variant either in the game string or with --variant, not both`,
      );
    const game = parseGame(text);
    if (!game.ok) throw new UsageError(`${command}: ${game.error.message}`);
    return game.value;
  }
  const variant = variantFromFlag(command, variantFlag, CLASSIC);
  const columns = parseMoves(text, variant);
  if (!columns.ok) throw new UsageError(`${command}: ${columns.error.message}`);
  const position = Position.fromMoves(variant, columns.value);
  if (!position.ok) throw new UsageError(`${command}: ${position.error.message}`);
  return position.value;
}
