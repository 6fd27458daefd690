import { createInterface } from 'node:readline';
import {
  CLASSIC_RULES,
  createRuleset,
  familyGameToString,
  GAME_TITLES,
  GAMES,
  GamePosition,
  parseFamilyGame,
  parseFamilyMoves,
  parseVariant,
  pop,
  drop,
  type Move,
  type Player,
  type Ruleset,
  type RulesetSetup,
} from '../core/index.js';
import { UsageError, type CliIO } from './command.js';
import { PLAYER_NAMES, renderBoard } from './render.js';

/** `--game NAME`: the family member (classic, popout, five); `--variant` still gives the board. */
export const gameOption = { game: { type: 'string', short: 'g' } } as const;

/** A family game string names its game before the colon (`popout:44p4`); a classic one does not. */
export const isFamilyGameText = (text: string): boolean =>
  /^\s*[a-z]/i.test(text) && text.includes(':');

export function rulesetFromFlags(
  command: string,
  gameFlag: string | undefined,
  variantFlag: string | undefined,
): Ruleset {
  const game = gameFlag ?? 'classic';
  let setup: RulesetSetup = { game };
  if (variantFlag !== undefined) {
    const parsed = parseVariant(variantFlag);
    if (!parsed.ok) throw new UsageError(`${command}: --variant: ${parsed.error.message}`);
    setup = { game, board: parsed.value };
  }
  const ruleset = createRuleset(setup);
  if (!ruleset.ok) {
    throw new UsageError(
      `${command}: --game: ${ruleset.error.message} (games: ${GAMES.join(', ')})`,
    );
  }
  return ruleset.value;
}

/** A family position from `GAME:moves`, or from moves with --game/--variant; a UsageError otherwise. */
export function familyPositionFromArgs(
  command: string,
  text: string,
  gameFlag: string | undefined,
  variantFlag: string | undefined,
): GamePosition {
  if (text.includes(':')) {
    if (gameFlag !== undefined || variantFlag !== undefined) {
      throw new UsageError(
        `${command}: give the game either in the game string or with --game/--variant, not both`,
      );
    }
    const game = parseFamilyGame(text);
    if (!game.ok) throw new UsageError(`${command}: ${game.error.message}`);
    return game.value;
  }
  const ruleset = rulesetFromFlags(command, gameFlag, variantFlag);
  const moves = parseFamilyMoves(text, ruleset);
  if (!moves.ok) throw new UsageError(`${command}: ${moves.error.message}`);
  const position = GamePosition.fromMoves(ruleset, moves.value);
  if (!position.ok) throw new UsageError(`${command}: ${position.error.message}`);
  return position.value;
}

/**
 * For commands that play both engines: the family position when the input names PopOut or
 * Five-in-a-Row (by --game or a `GAME:` prefix), undefined for the classic game, which keeps its
 * own engine and flags (`--game classic` is the same as no --game).
 */
export function classicOrFamily(
  command: string,
  text: string,
  gameFlag: string | undefined,
  variantFlag: string | undefined,
): GamePosition | undefined {
  if (gameFlag === undefined && !isFamilyGameText(text)) return undefined;
  if (gameFlag !== undefined) {
    const ruleset = rulesetFromFlags(command, gameFlag, variantFlag);
    if (ruleset.game === 'classic') return undefined;
  }
  const position = familyPositionFromArgs(command, text, gameFlag, variantFlag);
  if (position.ruleset.game === 'classic') {
    throw new UsageError(
      `${command}: a classic game is written without a game name (e.g. 4453 or 7x7c5:4453)`,
    );
  }
  return position;
}

const DRAW_WORDS = {
  board_full: 'the board is full',
  repetition: 'the same position for the third time',
  no_legal_move: 'the side to move has no legal move',
} as const;

export function describeFamilyOutcome(position: GamePosition): string {
  const outcome = position.outcome;
  const lines = [
    `game: ${GAME_TITLES[position.ruleset.game]}`,
    `moves: ${familyGameToString(position, { alwaysPrefix: position.ruleset !== CLASSIC_RULES })}`,
  ];
  if (outcome.kind === 'ongoing') {
    lines.push(`to move: ${PLAYER_NAMES[position.turn]}`, 'outcome: ongoing');
    if (position.repetitions > 1)
      lines.push(`this position has occurred ${position.repetitions} times`);
  } else if (outcome.kind === 'draw') {
    lines.push(`outcome: draw (${DRAW_WORDS[outcome.reason]})`);
  } else {
    const cells = outcome.cells.map((s) => `(${s.column + 1},${s.row + 1})`).join(' ');
    lines.push(
      `outcome: ${PLAYER_NAMES[outcome.winner]} wins`,
      `winning cells (column,row): ${cells}`,
    );
  }
  return lines.join('\n');
}

/**
 * The terminal loop for two people at one keyboard: a column drops, `p` and a column pops,
 * `u` undoes, `q` quits; anything else is explained and asked again.
 */
export async function playFamilyGame(
  position: GamePosition,
  io: CliIO,
  computer: Partial<Record<Player, (position: GamePosition) => Move>> = {},
): Promise<number> {
  const lines = createInterface({ input: io.stdin, terminal: false });
  const input = lines[Symbol.asyncIterator]();
  const colour = io.stdinIsTTY;
  const { width, height, connect } = position.variant;
  const pops = position.ruleset.pops
    ? `, p and a column (p${Math.min(4, width)}) to pop your bottom disc`
    : '';
  const replay = () => `c4 show ${familyGameToString(position, { alwaysPrefix: true })}`;
  try {
    io.out(
      `${GAME_TITLES[position.ruleset.game]}: connect ${connect} on ${width}x${height}. Type a column (1-${width}) to drop${pops}, u to undo, q to quit.\n`,
    );
    while (!position.isOver) {
      io.out('\n' + renderBoard(position, { colour }) + '\n');
      const mover = computer[position.turn];
      if (mover) {
        const name = PLAYER_NAMES[position.turn];
        const move = mover(position);
        position.play(move);
        const what = move.kind === 'pop' ? 'pops column' : 'plays';
        io.out(`${name} (computer) ${what} ${move.column + 1}\n`);
        continue;
      }
      io.out(`${PLAYER_NAMES[position.turn]} to move > `);
      const next = await input.next();
      if (next.done === true) {
        io.out(`\nInput ended. Replay with: ${replay()}\n`);
        return 0;
      }
      const answer = next.value.trim().toLowerCase();
      if (answer === 'q') break;
      if (answer === 'u') {
        if (!position.undo().ok) io.out('Nothing to undo.\n');
        // Against the computer, its reply goes too: it is the person's turn again.
        else if (computer[position.turn] !== undefined && position.ply > 0) position.undo();
        continue;
      }
      const typed = /^(p?)(\d+)$/.exec(answer);
      if (!typed) {
        const popHint = position.ruleset.pops ? ' (or p and a column)' : '';
        io.out(`Please type a column number from 1 to ${width}${popHint} (or u, q).\n`);
        continue;
      }
      const column = Number(typed[2]) - 1;
      const move = typed[1] === 'p' ? pop(column) : drop(column);
      const played = position.play(move);
      if (!played.ok) io.out(`Not possible: ${played.error.message}. Try another move.\n`);
    }
    io.out(
      '\n' + renderBoard(position, { colour }) + '\n' + describeFamilyOutcome(position) + '\n',
    );
    io.out(`Replay with: ${replay()}\n`);
    return 0;
  } finally {
    lines.close();
  }
}
