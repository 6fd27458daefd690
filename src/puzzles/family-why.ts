import { immediateWins } from '../ai/family/choose.js';
import type { Cell, GamePosition, Move, Player, Square } from '../core/index.js';
import { familyMovesToEnd } from '../review/index.js';
import { POPOUT_WIN } from '../solver/family/index.js';
import { columnsOf, playable, threatCells, type Lesson } from './teach.js';
import type { Puzzle } from './types.js';

/**
 * Why a PopOut or Five-in-a-Row puzzle's answer wins (or saves the draw), and why a wrong move
 * fails, in words built from the board and the family solver's results (pure: the Puzzles page,
 * the CLI and the tests read the same text). The solver's results are optional: without them
 * the text says only what the puzzle itself guarantees (no other move wins).
 */

/** One move's exact result for the side to move; `moves`: its moves to the end, this one included. */
export interface MoveResult {
  readonly move: Move;
  readonly result: 'win' | 'draw' | 'loss';
  readonly moves: number | null;
}

type Names = Readonly<Record<Player, string>>;

const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const numberWord = (n: number): string => NUMBERS[n] ?? String(n);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const other = (player: Player): Player => (player === 1 ? 2 : 1);
const sameMove = (a: Move, b: Move): boolean => a.kind === b.kind && a.column === b.column;

/** The exact results of `analyseFamily`'s scores (null scores left out), for `familyWhy`. */
export function moveResults(
  position: GamePosition,
  moves: readonly { readonly move: Move; readonly score: number | null }[],
): MoveResult[] {
  return moves.flatMap(({ move, score }) =>
    score === null
      ? []
      : [
          {
            move,
            result: score > 0 ? 'win' : score < 0 ? 'loss' : 'draw',
            moves: score === 0 ? null : familyMovesToEnd(position, score, POPOUT_WIN),
          } as const,
        ],
  );
}

/** "column 3" or "a pop from column 3", as the page names a move. */
export const moveName = (move: Move): string =>
  move.kind === 'pop' ? `a pop from column ${move.column + 1}` : `column ${move.column + 1}`;

const cellName = (s: Square): string => `column ${s.column + 1}, row ${s.row + 1}`;

/** "four in row 2", "four up column 3", "five on the diagonal from column 2, row 1 to …". */
export function lineWords(line: readonly Square[]): string {
  const cells = [...line].sort((a, b) => a.column - b.column || a.row - b.row);
  const first = cells[0]!;
  const last = cells.at(-1)!;
  const count = numberWord(cells.length);
  if (first.row === last.row) return `${count} in row ${first.row + 1}`;
  if (first.column === last.column) return `${count} up column ${first.column + 1}`;
  return `${count} on the diagonal from ${cellName(first)} to ${cellName(last)}`;
}

/** What a pop of `column` does to the discs above its bottom one: "drops Yellow's disc". */
function popFall(position: GamePosition, column: number, names: Names): string {
  const above: Player[] = [];
  for (let row = 1; row < position.columnHeight(column); row++) {
    const cell = position.cell(column, row);
    if (cell === 1 || cell === 2) above.push(cell);
  }
  if (above.length === 0) return 'empties it';
  const owner = above[0]!;
  if (above.every((p) => p === owner)) {
    return above.length === 1
      ? `drops ${names[owner]}'s disc`
      : `drops ${names[owner]}'s ${numberWord(above.length)} discs`;
  }
  return `drops the ${numberWord(above.length)} discs above it`;
}

/** A move as the subject of a sentence: "Popping column 3", "Column 3". */
const subject = (move: Move): string =>
  move.kind === 'pop' ? `Popping column ${move.column + 1}` : `Column ${move.column + 1}`;

/** "Popping column 3" / "Dropping in column 3". */
const doing = (move: Move): string =>
  move.kind === 'pop'
    ? `Popping column ${move.column + 1}`
    : `Dropping in column ${move.column + 1}`;

/**
 * `move` played in `position` wins at once: what it does, in words ("Popping column 3 drops
 * Yellow's disc and completes four in row 2"); null when it does not win at once.
 */
function winningMoveWords(position: GamePosition, move: Move, names: Names): string | null {
  const mover = position.turn;
  const fall = move.kind === 'pop' ? ` ${popFall(position, move.column, names)} and` : '';
  const after = position.clone();
  after.play(move);
  const outcome = after.outcome;
  if (outcome.kind !== 'win' || outcome.winner !== mover) return null;
  const line = outcome.lines[0];
  const completes = line ? ` completes ${lineWords(line)}` : ' wins';
  return `${doing(move)}${fall}${completes}`;
}

/** Empty cells a disc of `player` could be dropped into now that would complete a line. */
const dropThreats = (position: GamePosition, player: Player): Square[] =>
  playable(position, threatCells(position, player));

const LINE_DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/**
 * The bottom cells `player` would pop to win at once (PopOut): their own disc at the bottom of a
 * column whose discs, falling one row, complete a line of theirs (a pop that completes both
 * players' lines wins for the player who popped). Only the fallen column's discs can be new to
 * a line: any other line would already have ended the game.
 */
function popThreats(position: GamePosition, player: Player): Square[] {
  if (!position.ruleset.pops) return [];
  const { width, height, connect } = position.variant;
  const found: Square[] = [];
  for (let column = 0; column < width; column++) {
    if (position.columnHeight(column) === 0 || position.cell(column, 0) !== player) continue;
    const at = (c: number, r: number): Cell => {
      if (c < 0 || c >= width || r < 0 || r >= height) return 0;
      if (c !== column) return position.cell(c, r);
      return r + 1 < height ? position.cell(c, r + 1) : 0;
    };
    const wins = Array.from({ length: height }, (_, row) => row).some(
      (row) =>
        at(column, row) === player &&
        LINE_DIRECTIONS.some(([dc, dr]) => {
          let run = 1;
          for (const sign of [1, -1]) {
            for (let k = 1; at(column + sign * k * dc, row + sign * k * dr) === player; k++) run++;
          }
          return run >= connect;
        }),
    );
    if (wins) found.push({ column, row: 0 });
  }
  return found;
}

/** "in column 3", "by popping column 5", or both joined. */
function threatPlaces(drops: readonly Square[], pops: readonly Square[]): string {
  const places: string[] = [];
  if (drops.length > 0) places.push(`in ${columnsOf(drops)}`);
  if (pops.length > 0) places.push(`by popping ${columnsOf(pops)}`);
  return places.join(' and ');
}

/** "in 3 moves", "at once" or "" (distance unknown); `within` when the distances differ. */
function inMoves(distances: readonly (number | null)[]): string {
  if (distances.some((d) => d === null) || distances.length === 0) return '';
  const most = Math.max(...(distances as number[]));
  if (most === 1) return ' at once';
  const same = distances.every((d) => d === most);
  return same ? ` in ${plural(most, 'move')}` : ` within ${plural(most, 'move')}`;
}

/** What the other moves give, from the solver's results where known, else from the puzzle. */
function othersWords(
  start: GamePosition,
  answer: Move,
  goal: Puzzle['goal'],
  results: readonly MoveResult[] | null,
  names: Names,
): string {
  const opponent = names[other(start.turn)];
  const others = start.legalMoves().filter((m) => !sameMove(m, answer));
  const known = others.map((m) => results?.find((r) => sameMove(r.move, m)) ?? null);
  if (known.some((r) => r === null)) {
    return goal === 'win' ? 'No other move wins.' : `Every other move lets ${opponent} win.`;
  }
  const losses = known.filter((r) => r!.result === 'loss');
  if (losses.length === known.length) {
    return `Every other move lets ${opponent} win${inMoves(losses.map((r) => r!.moves))}.`;
  }
  return 'No other move wins: the best of the others only draws.';
}

/**
 * Why the puzzle's answer works, for the page after it is solved (or its solution shown): what
 * the answer does on the board (the line a pop completes, the win it blocks, the threats it
 * makes) and what every other move gives (`results`: the start's moves, from the solver).
 * `marks`: the cells the text names (threats made or blocked), to ring on the board.
 */
export function familySolvedWhy(
  puzzle: Puzzle,
  start: GamePosition,
  answer: Move,
  results: readonly MoveResult[] | null,
  names: Names,
): Lesson {
  const mover = start.turn;
  const opponent = other(mover);
  const others = othersWords(start, answer, puzzle.goal, results, names);
  const atOnce = winningMoveWords(start, answer, names);
  if (atOnce !== null) return { text: `${atOnce}. ${others}`, marks: [] };
  const head =
    puzzle.goal === 'win'
      ? `${subject(answer)} wins${puzzle.distance !== null ? ` in ${plural(puzzle.distance, 'move')}` : ''}`
      : `${subject(answer)} is the only move that holds the draw`;
  const after = start.clone();
  after.play(answer);
  const parts: string[] = [];
  const marks: Square[] = [];
  // A win the opponent held before the answer and cannot play after it.
  const blocked = dropThreats(start, opponent);
  const blockedPops = popThreats(start, opponent);
  if (blocked.length + blockedPops.length > 0 && immediateWins(after).length === 0) {
    const filled = answer.kind === 'drop' && blocked.some((s) => s.column === answer.column);
    const where = threatPlaces(blocked, blockedPops);
    parts.push(`${filled ? 'blocks' : 'takes away'} ${names[opponent]}'s win ${where}`);
    marks.push(...blocked, ...blockedPops);
  }
  const made = dropThreats(after, mover);
  const madePops = popThreats(after, mover);
  const threats = new Set(made.map((s) => s.column)).size + madePops.length;
  if (threats > 0) {
    // Two drop threats in one column are one threat: a disc there blocks the lower.
    const stop = madePops.length > 0 ? 'stop' : 'block';
    const both = threats > 1 ? `: ${names[opponent]} cannot ${stop} both` : '';
    parts.push(`threatens to win ${threatPlaces(made, madePops)}${both}`);
    marks.push(...made, ...madePops);
  } else {
    // No win at once yet: the threats higher up that the answer adds (they decide later).
    const had = new Set(threatCells(start, mover).map((s) => `${s.column},${s.row}`));
    const added = threatCells(after, mover).filter((s) => !had.has(`${s.column},${s.row}`));
    if (added.length > 0) {
      parts.push(
        `makes ${added.length === 1 ? 'a threat' : 'threats'} at ${added.map(cellName).join(' and ')}`,
      );
      marks.push(...added);
    }
  }
  // "…in column 3 and by popping column 2, and threatens…": a comma where a part has its own "and".
  const joiner = parts.slice(0, -1).some((part) => part.includes(' and ')) ? ', and ' : ' and ';
  const does = parts.length > 0 ? `: it ${parts.join(joiner)}` : '';
  return { text: `${head}${does}. ${others}`, marks };
}

/**
 * Why a wrong move fails, right after it (`start`: the puzzle position before it): the win at
 * once it hands the opponent (a pop's falling discs named), and its exact result where the
 * solver's `results` hold it. The answer is not given away.
 */
export function familyFailedWhy(
  puzzle: Puzzle,
  start: GamePosition,
  played: Move,
  results: readonly MoveResult[] | null,
  names: Names,
): Lesson {
  const opponent = other(start.turn);
  const result = results?.find((r) => sameMove(r.move, played)) ?? null;
  const name = subject(played);
  let head: string;
  if (result?.result === 'loss') {
    head = `${name} lets ${names[opponent]} win${inMoves([result.moves])}`;
  } else if (result?.result === 'draw') {
    head = `${name} only draws`;
  } else {
    head = puzzle.goal === 'win' ? `${name} does not win` : `${name} loses`;
  }
  const after = start.clone();
  after.play(played);
  const wins = after.isOver ? [] : immediateWins(after);
  if (wins.length === 0) return { text: `${head}.`, marks: [] };
  const how = winningMoveWords(after, wins[0]!, names)!;
  const marks = wins
    .filter((m) => m.kind === 'drop')
    .map((m) => ({ column: m.column, row: after.columnHeight(m.column) }));
  const more = wins.length > 1 ? ` (one of ${numberWord(wins.length)} wins at once)` : '';
  const at = result?.result === 'loss' ? '' : `, and ${names[opponent]} can win at once`;
  return {
    text: `${head}${at}: ${how[0]!.toLowerCase()}${how.slice(1)}${more}.`,
    marks,
  };
}
