import {
  columnToChar,
  gameToString,
  positionToDiagram,
  type BoardView,
  type Outcome,
  type Position,
} from '../core/index.js';

export const PLAYER_NAMES = { 1: 'X (Red)', 2: 'O (Yellow)' } as const;

/** The diagram, a column ruler underneath, and the winning cells in brackets when asked for. */
export function renderBoard(
  position: BoardView & { readonly outcome: Outcome },
  options: { colour: boolean },
): string {
  const { width } = position.variant;
  const outcome = position.outcome;
  const winning = new Set(
    outcome.kind === 'win' ? outcome.cells.map((s) => `${s.column},${s.row}`) : [],
  );
  const rows = positionToDiagram(position).split('\n');
  const height = rows.length;
  const drawn = rows.map((line, index) => {
    const row = height - 1 - index;
    return line
      .split(' ')
      .map((symbol, column) => {
        const lit = winning.has(`${column},${row}`);
        if (options.colour && symbol !== '.') {
          const code = symbol === 'X' ? (lit ? '1;41;97' : '31') : lit ? '1;43;30' : '33';
          return `\u001b[${code}m${symbol}\u001b[0m`;
        }
        return symbol;
      })
      .join(' ');
  });
  const ruler = Array.from({ length: width }, (_, c) => columnToChar(c)).join(' ');
  return [...drawn, ruler].join('\n');
}

export function describeOutcome(position: Position): string {
  const outcome = position.outcome;
  const lines = [`moves: ${gameToString(position) || '(none)'}`];
  if (outcome.kind === 'ongoing') {
    lines.push(`to move: ${PLAYER_NAMES[position.turn]}`, 'outcome: ongoing');
  } else if (outcome.kind === 'draw') {
    lines.push('outcome: draw (the board is full)');
  } else {
    const cells = outcome.cells.map((s) => `(${s.column + 1},${s.row + 1})`).join(' ');
    lines.push(
      `outcome: ${PLAYER_NAMES[outcome.winner]} wins`,
      `winning cells (column,row): ${cells}`,
    );
  }
  return lines.join('\n');
}
