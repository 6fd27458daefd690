/**
 * An independent, deliberately plain model of the family's rules for cross-checking the engine:
 * a 2-D array [row][column], a full-board scan for lines after every move, the history as a list
 * of board strings. Written from docs/family.md, not from src/core/family.
 */
import { emptyBoard, naiveLines, type NaiveBoard } from './naive.js';

export interface NaiveGame {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  readonly pops: boolean;
  /** The occurrence of a position that draws (0: no such rule). */
  readonly repetitionDraw: number;
  /** Fills the set-up into an empty board. */
  setUp(board: NaiveBoard): void;
}

export const NAIVE_POPOUT: NaiveGame = {
  width: 7,
  height: 6,
  connect: 4,
  pops: true,
  repetitionDraw: 3,
  setUp: () => undefined,
};

export const NAIVE_FIVE: NaiveGame = {
  width: 9,
  height: 6,
  connect: 5,
  pops: false,
  repetitionDraw: 0,
  setUp(board) {
    // Outer columns: Red (1) at the bottom, then alternating upwards.
    for (let r = 0; r < 6; r++) {
      board[r]![0] = r % 2 === 0 ? 1 : 2;
      board[r]![8] = r % 2 === 0 ? 1 : 2;
    }
  },
};

type NaiveMove = { pop: boolean; c: number };

function naiveMoves(game: NaiveGame, board: NaiveBoard, mover: number): NaiveMove[] {
  const moves: NaiveMove[] = [];
  for (let c = 0; c < game.width; c++) {
    if (board[game.height - 1]![c] === 0) moves.push({ pop: false, c });
    if (game.pops && board[0]![c] === mover) moves.push({ pop: true, c });
  }
  return moves;
}

function apply(board: NaiveBoard, move: NaiveMove, mover: number): NaiveBoard {
  const next = board.map((row) => row.slice());
  if (move.pop) {
    for (let r = 0; r < next.length - 1; r++) next[r]![move.c] = next[r + 1]![move.c]!;
    next[next.length - 1]![move.c] = 0;
  } else {
    const r = next.findIndex((row) => row[move.c] === 0);
    next[r]![move.c] = mover;
  }
  return next;
}

const text = (board: NaiveBoard, mover: number) =>
  `${board.map((row) => row.join('')).join('/')} ${mover}`;

/**
 * The result after `mover` moved, given every position so far (this one last): 0 ongoing, 1 or 2
 * the winner (the mover if both have a line), 3 a draw.
 */
export function naiveResult(
  game: NaiveGame,
  board: NaiveBoard,
  mover: number,
  seen: readonly string[],
): number {
  const owners = new Set(naiveLines(board, game.connect).map((line) => line.owner));
  if (owners.has(mover)) return mover;
  if (owners.size > 0) return 3 - mover;
  const last = seen[seen.length - 1]!;
  if (game.repetitionDraw > 0 && seen.filter((s) => s === last).length >= game.repetitionDraw) {
    return 3;
  }
  return naiveMoves(game, board, 3 - mover).length === 0 ? 3 : 0;
}

/** Move sequences and distinct positions per ply, walking every sequence with copied boards. */
export function naiveFamilyPerft(
  game: NaiveGame,
  depth: number,
): { paths: number[]; positions: number[] } {
  const paths = new Array<number>(depth + 1).fill(0);
  const levels = Array.from({ length: depth + 1 }, () => new Set<string>());
  const walk = (board: NaiveBoard, ply: number, seen: string[], over: boolean): void => {
    paths[ply]!++;
    levels[ply]!.add(seen[seen.length - 1]!);
    if (ply === depth || over) return;
    const mover = (ply % 2) + 1;
    for (const move of naiveMoves(game, board, mover)) {
      const next = apply(board, move, mover);
      const history = [...seen, text(next, 3 - mover)];
      walk(next, ply + 1, history, naiveResult(game, next, mover, history) !== 0);
    }
  };
  const start = emptyBoard(game.width, game.height);
  game.setUp(start);
  walk(start, 0, [text(start, 1)], false);
  return { paths, positions: levels.map((level) => level.size) };
}

export { apply as naiveApply, naiveMoves, text as naiveKey };
