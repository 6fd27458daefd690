import type { Player } from '../../core/index.js';
import { controllerOf, positionOf, roundOf, turnAt, type Action, type Problem } from './game.js';
import { codeColumn, isPopCode } from './move-code.js';
import type { GameState, Mode, StartRule } from './types.js';

/** Every sentence the game says, in one place, computed from the state alone (testable). */
import { COLOUR } from './colours.js';

export { COLOUR };

const SIDE_NAMES: Readonly<Record<Mode, readonly [string, string]>> = {
  cpu: ['You', 'Computer'],
  pvp: ['Player 1', 'Player 2'],
  watch: ['Computer 1', 'Computer 2'],
  analysis: [COLOUR[1], COLOUR[2]],
};

export function sideNames(mode: Mode): readonly [string, string] {
  return SIDE_NAMES[mode];
}

export function startRuleLabel(mode: Mode, rule: StartRule): string {
  const [a, b] = mode === 'cpu' ? ['Me', 'Computer'] : SIDE_NAMES[mode];
  switch (rule) {
    case 'a':
      return a;
    case 'b':
      return b;
    case 'random':
      return 'Random';
    case 'alternate':
      return 'Alternate each round';
  }
}

/** "Red (you)", "Yellow (Player 2)", or just "Red" on the analysis board. */
export function playerName(state: GameState, player: Player): string {
  const mode = state.settings.mode;
  if (mode === 'analysis') return COLOUR[player];
  const [a, b] = SIDE_NAMES[mode];
  const side = player === state.aPlays ? a : b;
  return `${COLOUR[player]} (${mode === 'cpu' && side === 'You' ? 'you' : side})`;
}

export function statusText(state: GameState, thinking: boolean): string {
  const position = positionOf(state);
  const outcome = position.outcome;
  const mode = state.settings.mode;
  if (outcome.kind === 'draw') {
    switch (outcome.reason) {
      case 'repetition':
        return 'Draw: the same position came up a third time.';
      case 'no_legal_move':
        return `Draw: ${COLOUR[position.turn]} has no legal move.`;
      case 'board_full':
        return 'Draw: the board is full.';
    }
  }
  if (outcome.kind === 'win') {
    const lines = outcome.lines.length > 1 ? ` with ${outcome.lines.length} lines at once` : '';
    if (mode === 'cpu') {
      return outcome.winner === state.aPlays ? `You win${lines}!` : `The computer wins${lines}.`;
    }
    return `${playerName(state, outcome.winner)} wins${lines}!`;
  }
  const turn = position.turn;
  if (controllerOf(state, turn) === 'computer') {
    return thinking
      ? `${playerName(state, turn)} is thinking…`
      : `${playerName(state, turn)} to move.`;
  }
  if (mode === 'cpu') return `Your turn (${COLOUR[turn]}).`;
  return `${playerName(state, turn)} to move.`;
}

/**
 * "Red drops in column 4, row 1." or "Red popped column 3." plus the result when the move ends
 * the game.
 */
export function moveAnnouncement(state: GameState): string {
  const position = positionOf(state);
  const ply = position.ply;
  const code = state.moves[ply - 1];
  if (code === undefined) return '';
  const player = turnAt(ply - 1);
  const column = codeColumn(code);
  const who =
    state.settings.mode !== 'cpu'
      ? COLOUR[player]
      : player === state.aPlays
        ? 'You'
        : 'The computer';
  const move = isPopCode(code)
    ? `${who} popped column ${column + 1}.`
    : `${who} ${who === 'You' ? 'drop' : 'drops'} in column ${column + 1}, row ${position.columnHeight(column)}.`;
  return position.isOver ? `${move} ${statusText(state, false)}` : move;
}

export function problemText(problem: Problem, state: GameState): string {
  switch (problem.code) {
    case 'column_full':
      return problem.preset === true
        ? `Column ${problem.column + 1} is filled before the game starts: drop in columns 2 to ${state.settings.variant.width - 1}.`
        : `Column ${problem.column + 1} is full — try another one.`;
    case 'cannot_pop': {
      const position = positionOf(state);
      if (!position.ruleset.pops) return 'Only PopOut has pops: drop a disc instead.';
      const bottom = position.cell(problem.column, 0);
      const colour = COLOUR[position.turn];
      return bottom === 0
        ? `Column ${problem.column + 1} is empty: nothing to pop.`
        : `Column ${problem.column + 1} has no ${colour} disc at the bottom: you pop only your own.`;
    }
    case 'not_your_turn':
      return 'Wait for the computer to move.';
    case 'game_over':
      return state.settings.mode === 'analysis'
        ? 'The game is over. Undo or start a new one.'
        : 'The game is over. Play again?';
    case 'nothing_to_undo':
      return 'Nothing to undo.';
    case 'nothing_to_redo':
      return 'Nothing to redo.';
  }
}

/** Said when a new round starts: who plays which colour. */
export function newGameText(state: GameState, round: number): string {
  const mode = state.settings.mode;
  if (mode === 'analysis') return 'New analysis board. Red moves first.';
  if (mode === 'cpu') {
    return state.aPlays === 1
      ? `Round ${round}. You play Red and move first.`
      : `Round ${round}. The computer plays Red and moves first; you play Yellow.`;
  }
  const [a, b] = SIDE_NAMES[mode];
  const red = state.aPlays === 1 ? a : b;
  return `Round ${round}. ${red} plays Red and moves first.`;
}

/** "Move 3 of 7: Red in column 1. Yellow (Player 2) to move." after a jump in the move list. */
function jumpAnnouncement(state: GameState): string {
  const ply = state.moves.length;
  const total = ply + state.redo.length;
  const code = state.moves[ply - 1];
  const where =
    code === undefined
      ? `Start of the game, ${total} ${total === 1 ? 'move' : 'moves'} ahead.`
      : `Move ${ply} of ${total}: ${moveWords(code, turnAt(ply - 1))}.`;
  return `${where} ${statusText(state, false)}`;
}

/** "Red in column 4" or "Red popped column 3", for lists and jumps. */
export function moveWords(code: number, player: Player): string {
  const column = codeColumn(code) + 1;
  return isPopCode(code)
    ? `${COLOUR[player]} popped column ${column}`
    : `${COLOUR[player]} in column ${column}`;
}

/** What the live region says after `action` took `before` to `after`, or null for nothing. */
export function changeAnnouncement(
  before: GameState,
  after: GameState,
  action: Action,
): string | null {
  const added = after.moves.length === before.moves.length + 1;
  if ((action.type === 'drop' || action.type === 'pop' || action.type === 'computer') && added) {
    return moveAnnouncement(after);
  }
  if (action.type === 'goto') return jumpAnnouncement(after);
  if (action.type === 'undo' || action.type === 'redo') {
    const n = Math.abs(after.moves.length - before.moves.length);
    const verb = action.type === 'undo' ? 'Took back' : 'Replayed';
    return `${verb} ${n} ${n === 1 ? 'move' : 'moves'}. ${statusText(after, false)}`;
  }
  if (after.moves.length === 0 && (before.moves.length > 0 || action.type === 'newGame')) {
    return newGameText(after, roundOf(after));
  }
  if (action.type === 'load') {
    return `Position loaded: ${after.moves.length} moves. ${statusText(after, false)}`;
  }
  return null;
}

const NUMBER_WORDS = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];

/** The game named by its goal: "Connect Four" on the classic board, "Connect Three" on 5×4. */
export function gameName(connect: number): string {
  return `Connect ${NUMBER_WORDS[connect] ?? String(connect)}`;
}

/** The goal in words, for any board: "Get three in a row: across, up or diagonally." */
export function goalText(connect: number): string {
  const count = (NUMBER_WORDS[connect] ?? String(connect)).toLowerCase();
  return `Get ${count} in a row: across, up or diagonally.`;
}
