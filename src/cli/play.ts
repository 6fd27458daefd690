import { createInterface } from 'node:readline';
import {
  CLASSIC,
  GAME_TITLES,
  GamePosition,
  Position,
  gameToString,
  type Player,
} from '../core/index.js';
import { gameOption, playFamilyGame, rulesetFromFlags } from './family.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  type CliIO,
  type Command,
} from './command.js';
import { describeOutcome, PLAYER_NAMES, renderBoard } from './render.js';
import { chooseMove, levelLabel } from '../ai/index.js';
import { chooseFamilyMove } from '../ai/family/index.js';
import { committedBookContext, levelFromFlag } from './bestmove.js';
import { popoutBookContext } from './book-file.js';

/** Chooses a column for the side to move; a person at the keyboard is `undefined`. */
export type Mover = ((position: Position) => Promise<number>) | undefined;

export const play: Command = {
  name: 'play',
  summary: 'play a game in the terminal (two people, or you against the computer with --vs)',
  usage:
    'c4 play [--game classic|popout|five] [--variant WxHcN] [--vs LEVEL [--first me|computer]]',
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'play',
      args,
      { ...variantOption, ...gameOption, vs: { type: 'string' }, first: { type: 'string' } },
      false,
    );
    if (positionals.length > 0) throw new UsageError(`play: usage: ${play.usage}`);
    if (values.game !== undefined && values.game.trim().toLowerCase() !== 'classic') {
      const ruleset = rulesetFromFlags('play', values.game, values.variant);
      if (values.vs === undefined) {
        if (values.first !== undefined) throw new UsageError('play: --first needs --vs LEVEL');
        return playFamilyGame(GamePosition.start(ruleset), io);
      }
      const level = levelFromFlag('play', values.vs);
      if (values.first !== undefined && values.first !== 'me' && values.first !== 'computer') {
        throw new UsageError(`play: --first must be me or computer, got ${values.first}`);
      }
      const perfect = popoutBookContext();
      const mover = (position: GamePosition) => chooseFamilyMove(position, level.id, { perfect });
      io.out(`You are playing ${level.name} at ${GAME_TITLES[ruleset.game]}.\n`);
      return playFamilyGame(
        GamePosition.start(ruleset),
        io,
        values.first === 'computer' ? { 1: mover } : { 2: mover },
      );
    }
    const variant = variantFromFlag('play', values.variant, CLASSIC);
    if (values.vs === undefined) {
      if (values.first !== undefined) throw new UsageError('play: --first needs --vs LEVEL');
      return playGame(Position.empty(variant), { 1: undefined, 2: undefined }, io);
    }
    const level = levelFromFlag('play', values.vs);
    const perfect = committedBookContext();
    if (values.first !== undefined && values.first !== 'me' && values.first !== 'computer') {
      throw new UsageError(`play: --first must be me or computer, got ${values.first}`);
    }
    const computer: Mover = async (position) =>
      (await chooseMove(position, level, { perfect })).column;
    io.out(`You are playing ${levelLabel(level.id, variant)}.\n`);
    const movers: Record<Player, Mover> =
      values.first === 'computer' ? { 1: computer, 2: undefined } : { 1: undefined, 2: computer };
    return playGame(Position.empty(variant), movers, io);
  },
};

/**
 * The terminal game loop: a board, a prompt naming the side to move, one line per move. Accepts
 * a column number, `u` to undo, `q` to quit; anything else is explained and asked again.
 */
export async function playGame(
  position: Position,
  movers: Record<Player, Mover>,
  io: CliIO,
): Promise<number> {
  const lines = createInterface({ input: io.stdin, terminal: false });
  const input = lines[Symbol.asyncIterator]();
  const colour = io.stdinIsTTY;
  const width = position.variant.width;
  try {
    io.out(
      `Connect ${position.variant.connect} on ${width}x${position.variant.height}. Type a column (1-${width}), u to undo, q to quit.\n`,
    );
    while (!position.isOver) {
      io.out('\n' + renderBoard(position, { colour }) + '\n');
      const mover = movers[position.turn];
      if (mover) {
        const column = await mover(position);
        position.play(column);
        io.out(`${PLAYER_NAMES[position.turn === 1 ? 2 : 1]} (computer) plays ${column + 1}\n`);
        continue;
      }
      io.out(`${PLAYER_NAMES[position.turn]} to move > `);
      const next = await input.next();
      if (next.done === true) {
        io.out(
          `\nInput ended. Replay with: c4 show ${gameToString(position, { alwaysPrefix: true })}\n`,
        );
        return 0;
      }
      const answer = next.value.trim().toLowerCase();
      if (answer === 'q') break;
      if (answer === 'u') {
        undoForPerson(position, movers, io);
        continue;
      }
      const column = /^\d+$/.test(answer) ? Number(answer) - 1 : Number.NaN;
      if (Number.isNaN(column)) {
        io.out(`Please type a column number from 1 to ${width} (or u, q).\n`);
        continue;
      }
      const played = position.play(column);
      if (!played.ok) io.out(`Not possible: ${played.error.message}. Try another column.\n`);
    }
    io.out('\n' + renderBoard(position, { colour }) + '\n' + describeOutcome(position) + '\n');
    io.out(`Replay with: c4 show ${gameToString(position, { alwaysPrefix: true })}\n`);
    return 0;
  } finally {
    lines.close();
  }
}

/** Against the computer, undo takes back the computer's reply too, so it is the person's turn again. */
function undoForPerson(position: Position, movers: Record<Player, Mover>, io: CliIO): void {
  if (position.ply === 0) {
    io.out('Nothing to undo.\n');
    return;
  }
  position.undo();
  if (movers[position.turn] !== undefined && position.ply > 0) position.undo();
}
