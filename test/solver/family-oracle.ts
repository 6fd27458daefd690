/**
 * Independent answers for the family solver's tests, built on the naive rules model
 * (test/core/naive-family.ts), not on src/core or src/solver:
 *
 * - `retrograde`: every position reachable from the start, valued by retrograde analysis of the
 *   game graph (a win/loss and the plies to the end with best play, else a draw), with some
 *   positions optionally made draws (`blocked`: positions that already occurred twice).
 */
import { emptyBoard, type NaiveBoard } from '../core/naive.js';
import {
  naiveApply,
  naiveKey,
  naiveMoves,
  naiveResult,
  type NaiveGame,
} from '../core/naive-family.js';

export interface RetroValue {
  /** 1 a win for the side to move, -1 a loss, 0 a draw. */
  readonly result: number;
  /** Plies to the end with best play (0 for a draw). */
  readonly plies: number;
}

interface Node {
  readonly board: NaiveBoard;
  readonly mover: number;
  /** Per move: a child key, or the immediate result: 'win', 'loss' or 'draw'. */
  readonly edges: string[];
}

/** A small PopOut-like game (no set-up discs). */
export function naivePopOut(width: number, height: number, connect: number): NaiveGame {
  return { width, height, connect, pops: true, repetitionDraw: 3, setUp: () => undefined };
}

function startBoard(game: NaiveGame): NaiveBoard {
  const board = emptyBoard(game.width, game.height);
  game.setUp(board);
  return board;
}

/** Immediate result of `mover` playing a move to `next`, with no history (repetition aside). */
function edgeOf(game: NaiveGame, next: NaiveBoard, mover: number): 'win' | 'loss' | 'draw' | null {
  const result = naiveResult(game, next, mover, [naiveKey(next, 3 - mover)]);
  if (result === mover) return 'win';
  if (result === 3 - mover) return 'loss';
  if (result === 3) return 'draw';
  return null;
}

/** Values of every position reachable from the start (repetitions aside), by key. */
export function retrograde(
  game: NaiveGame,
  blocked: ReadonlySet<string> = new Set(),
): Map<string, RetroValue> {
  const nodes = new Map<string, Node>();
  const start = startBoard(game);
  const queue: [NaiveBoard, number][] = [[start, 1]];
  nodes.set(naiveKey(start, 1), { board: start, mover: 1, edges: [] });
  while (queue.length > 0) {
    const [board, mover] = queue.pop()!;
    const node = nodes.get(naiveKey(board, mover))!;
    for (const move of naiveMoves(game, board, mover)) {
      const next = naiveApply(board, move, mover);
      const immediate = edgeOf(game, next, mover);
      const key = naiveKey(next, 3 - mover);
      if (immediate !== null) node.edges.push(immediate);
      else {
        // A blocked position is still valued (from its own moves), but reaching it draws.
        node.edges.push(blocked.has(key) ? 'draw' : key);
        if (!nodes.has(key)) {
          nodes.set(key, { board: next, mover: 3 - mover, edges: [] });
          queue.push([next, 3 - mover]);
        }
      }
    }
  }
  // win[k] / loss[k]: proven within k plies; grows until a round adds nothing.
  const win = new Map<string, number>();
  const loss = new Map<string, number>();
  for (let plies = 1; ; plies++) {
    const newWins: string[] = [];
    const newLosses: string[] = [];
    for (const [key, node] of nodes) {
      if (win.has(key) || loss.has(key)) continue;
      let wins = false;
      let allLose = node.edges.length > 0;
      for (const edge of node.edges) {
        if (edge === 'win' || (edge !== 'loss' && edge !== 'draw' && loss.has(edge))) wins = true;
        if (!(edge === 'loss' || (edge !== 'win' && edge !== 'draw' && win.has(edge)))) {
          allLose = false;
        }
      }
      if (wins) newWins.push(key);
      else if (allLose) newLosses.push(key);
    }
    if (newWins.length === 0 && newLosses.length === 0) break;
    for (const key of newWins) win.set(key, plies);
    for (const key of newLosses) loss.set(key, plies);
  }
  const values = new Map<string, RetroValue>();
  for (const key of nodes.keys()) {
    const w = win.get(key);
    const l = loss.get(key);
    values.set(
      key,
      w !== undefined
        ? { result: 1, plies: w }
        : l !== undefined
          ? { result: -1, plies: l }
          : { result: 0, plies: 0 },
    );
  }
  return values;
}
