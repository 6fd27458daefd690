import type { Player, Position, Square } from '../core/index.js';

/**
 * Why a puzzle move was wrong, in words and cells to point at on the board (pure, so the
 * Puzzles page and its tests read the same explanation).
 */
export interface Lesson {
  readonly text: string;
  /** Empty cells to ring on the board: where the opponent now completes a line. */
  readonly marks: readonly Square[];
}

const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/** What `threatCells` reads of a board: the classic `Position` and the family's `GamePosition`. */
export type BoardCells = Pick<Position, 'variant' | 'cell' | 'columnHeight'>;

/** Every empty cell where a disc of `player` would complete a line (reachable now or later). */
export function threatCells(position: BoardCells, player: Player): Square[] {
  const { width, height, connect } = position.variant;
  const owns = (c: number, r: number): boolean =>
    c >= 0 && c < width && r >= 0 && r < height && position.cell(c, r) === player;
  const threats: Square[] = [];
  for (let column = 0; column < width; column++) {
    for (let row = position.columnHeight(column); row < height; row++) {
      const completes = DIRECTIONS.some(([dc, dr]) => {
        let run = 1;
        for (const sign of [1, -1]) {
          for (let k = 1; owns(column + sign * k * dc, row + sign * k * dr); k++) run++;
        }
        return run >= connect;
      });
      if (completes) threats.push({ column, row });
    }
  }
  return threats;
}

export const playable = (position: BoardCells, cells: readonly Square[]): Square[] =>
  cells.filter((s) => position.columnHeight(s.column) === s.row);

export const columnsOf = (cells: readonly Square[]): string => {
  const columns = [...new Set(cells.map((s) => s.column + 1))];
  return columns.length === 1
    ? `column ${columns[0]!}`
    : `columns ${columns.slice(0, -1).join(', ')} and ${columns.at(-1)!}`;
};

const cellName = (s: Square): string => `column ${s.column + 1}, row ${s.row + 1}`;

/**
 * Right after a wrong move (`after`: the opponent to move): the threat it allowed. A win at once
 * for the opponent first (the move filled the cell under its threat, or ignored one), then a
 * threat the move created for the opponent; null when the move allowed nothing visible yet (the
 * refutation will show it).
 */
export function lessonAfterWrongMove(
  before: Position,
  after: Position,
  names: Readonly<Record<Player, string>>,
): Lesson | null {
  const opponent = after.turn;
  const threats = threatCells(after, opponent);
  const now = playable(after, threats);
  const moved = after.moves[after.moves.length - 1]!;
  if (now.length > 0) {
    const under = now.some((s) => s.column === moved);
    return {
      text: `${names[opponent]} can now win at once in ${columnsOf(now)} (ringed)${
        under ? `: your disc filled the cell under that threat` : ''
      }.`,
      marks: now,
    };
  }
  const old = new Set(threatCells(before, opponent).map((s) => `${s.column},${s.row}`));
  const created = threats.filter((s) => !old.has(`${s.column},${s.row}`));
  if (created.length > 0) {
    return {
      text: `It gives ${names[opponent]} a new threat at ${created.map(cellName).join(' and ')} (ringed).`,
      marks: created,
    };
  }
  return null;
}

/**
 * After the opponent's refutation (`position`: the puzzle's side to move again, or the game
 * over): the line that wins, or the threats the opponent now holds, named cell by cell; where
 * none shows yet, what was lost (`goal`, the puzzle's) and where to see the line that kept it.
 * It only ever said "the goal is out of reach" there, where every other lesson names something.
 */
export function lessonAfterRefutation(
  position: Position,
  names: Readonly<Record<Player, string>>,
  goal: 'win' | 'draw',
): Lesson {
  const outcome = position.outcome;
  if (outcome.kind === 'win') {
    return { text: `${names[outcome.winner]} wins: the winning line is highlighted.`, marks: [] };
  }
  if (outcome.kind === 'draw') {
    return { text: 'The game ends in a draw, where the win was there to take.', marks: [] };
  }
  const opponent: Player = position.turn === 1 ? 2 : 1;
  const threats = threatCells(position, opponent);
  const now = playable(position, threats);
  const mine = playable(position, threatCells(position, position.turn));
  if (now.length > 1 && mine.length === 0) {
    return {
      text: `${names[opponent]} now threatens to win in ${columnsOf(now)} (ringed): two threats cannot both be blocked.`,
      marks: now,
    };
  }
  const lost = goal === 'win' ? 'the win is gone' : `${names[opponent]} wins`;
  if (threats.length > 0) {
    return {
      text: `${names[opponent]} holds ${threats.length === 1 ? 'a threat' : 'threats'} at ${threats.map(cellName).join(' and ')} (ringed): with best play ${lost}.`,
      marks: threats,
    };
  }
  return {
    text: `${names[opponent]} has no threat on the board yet, but with best play ${lost}: “Show the solution” plays the line that ${goal === 'win' ? 'wins' : 'holds the draw'}.`,
    marks: [],
  };
}
