import type { Board } from '../../src/ai/engine/board.js';

/**
 * Monte Carlo tree search (UCT), kept to compare with alpha-beta on boards the solver cannot
 * reach (see docs/bench-log, "Computer opponents"): playouts win when they can and block when
 * they must, otherwise play at random.
 */
interface Node {
  readonly move: number;
  readonly parent: Node | undefined;
  /** The player who made `move` (so `wins` are counted for them). */
  readonly mover: number;
  children: Node[];
  untried: number[];
  visits: number;
  wins: number;
  /** 1 or 2 when the game ended with this move (a win for `mover`), 3 for a draw, else 0. */
  readonly terminal: number;
}

export interface MctsResult {
  readonly column: number;
  readonly playouts: number;
  /** Visits per column, for the explanation. */
  readonly visits: readonly { column: number; visits: number; value: number }[];
}

const EXPLORATION = Math.SQRT2;

function legal(board: Board): number[] {
  const moves: number[] = [];
  for (let column = 0; column < board.g.width; column++)
    if (board.canPlay(column)) moves.push(column);
  return moves;
}

/** One playout from the board's position; returns the winner (0 draw). Restores the board. */
function playout(board: Board, random: () => number): number {
  const start = board.ply;
  const { width, height } = board.g;
  const moves = new Int32Array(width);
  while (board.winner === 0 && !board.full) {
    const me = board.turn;
    let count = 0;
    let chosen = -1;
    let block = -1;
    for (let column = 0; column < width; column++) {
      const row = board.heights[column]!;
      if (row >= height) continue;
      moves[count++] = column;
      const who = board.completers(column * height + row);
      if ((who & me) !== 0) {
        chosen = column;
        break;
      }
      if (who !== 0) block = column;
    }
    if (chosen < 0) chosen = block >= 0 ? block : moves[Math.floor(random() * count)]!;
    board.play(chosen);
  }
  const winner = board.winner;
  while (board.ply > start) board.undo();
  return winner;
}

export function mctsSearch(
  board: Board,
  deadline: number,
  aborted: () => boolean,
  random: () => number,
): MctsResult {
  const root: Node = {
    move: -1,
    parent: undefined,
    mover: 3 - board.turn,
    children: [],
    untried: legal(board),
    visits: 0,
    wins: 0,
    terminal: 0,
  };
  const startPly = board.ply;
  let playouts = 0;
  for (;;) {
    if ((playouts & 63) === 0 && playouts > 0 && (Date.now() >= deadline || aborted())) break;
    let node = root;
    // Selection.
    while (node.untried.length === 0 && node.children.length > 0 && node.terminal === 0) {
      const logN = Math.log(node.visits);
      let best = node.children[0]!;
      let bestValue = -Infinity;
      for (const child of node.children) {
        const value = child.wins / child.visits + EXPLORATION * Math.sqrt(logN / child.visits);
        if (value > bestValue) {
          bestValue = value;
          best = child;
        }
      }
      node = best;
      board.play(node.move);
    }
    // Expansion.
    if (node.terminal === 0 && node.untried.length > 0) {
      const index = Math.floor(random() * node.untried.length);
      const move = node.untried[index]!;
      node.untried[index] = node.untried[node.untried.length - 1]!;
      node.untried.pop();
      const mover = board.turn;
      board.play(move);
      const terminal = board.winner !== 0 ? mover : board.full ? 3 : 0;
      const child: Node = {
        move,
        parent: node,
        mover,
        children: [],
        untried: terminal === 0 ? legal(board) : [],
        visits: 0,
        wins: 0,
        terminal,
      };
      node.children.push(child);
      node = child;
    }
    // Simulation.
    const winner =
      node.terminal === 3 ? 0 : node.terminal !== 0 ? node.terminal : playout(board, random);
    playouts++;
    // Backpropagation.
    for (let up: Node | undefined = node; up; up = up.parent) {
      up.visits++;
      if (winner === 0) up.wins += 0.5;
      else if (winner === up.mover) up.wins += 1;
    }
    while (board.ply > startPly) board.undo();
  }
  const children = root.children.length > 0 ? root.children : [];
  let best = children[0];
  for (const child of children) if (!best || child.visits > best.visits) best = child;
  return {
    column: best?.move ?? root.untried[0]!,
    playouts,
    visits: children.map((c) => ({ column: c.move, visits: c.visits, value: c.wins / c.visits })),
  };
}
