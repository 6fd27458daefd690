// The draw proof's split (five-split.ts), apart from its files so a test can check it against a
// plain minimax: a position's "cannot win" or "at least 0" for the side to move, as an AND/OR
// tree of its moves down to a ply limit, each leaf one null-window search of the solver.
import type { WasmEngine } from '../../src/solver/wasm.js';

/** What is proven for the side to move: score <= 0 (`cannotWin`) or score >= 0 (`atLeast0`). */
export type Goal = 'cannotWin' | 'atLeast0';

export interface Piece {
  /** Whether the goal holds for the side to move (false: its opposite was proven). */
  proven: boolean;
  /** This piece's own nodes and seconds: the leaf's search, or the sum over its children. */
  nodes: number;
  seconds: number;
  leaf: boolean;
  at: string;
}

/** A position given as its moves (1-based columns, one digit each) after a fixed start. */
export interface ProofBoard {
  /** The moves of an ongoing position in the order to try them; a mirror image: half of them. */
  moves(line: string): number[];
  /** Whether `column` wins at once for the side to move at `line`. */
  winsAt(line: string, column: number): boolean;
  /** The goal decided by one search of the position. */
  leaf(line: string, goal: Goal): Piece;
}

const stamp = (): string => new Date().toISOString();

/**
 * Proves `goal` at `line`, splitting down to positions of `leafPlies` moves. "Cannot win" needs
 * every move's position "at least 0" for the opponent (AND); "at least 0" needs one move, tried
 * in the board's order, whose position the opponent "cannot win" (OR). `memo` holds the pieces
 * already known (`${line}|${goal}`): they are not searched again; `done` hears of each new one.
 */
export function proveSplit(
  line: string,
  goal: Goal,
  leafPlies: number,
  board: ProofBoard,
  memo: Record<string, Piece>,
  done: (line: string, goal: Goal, piece: Piece) => void = () => {},
): Piece {
  const known = memo[`${line}|${goal}`];
  if (known) return known;
  let piece: Piece;
  if (line.length >= leafPlies) {
    piece = board.leaf(line, goal);
  } else {
    const childGoal: Goal = goal === 'cannotWin' ? 'atLeast0' : 'cannotWin';
    let nodes = 0;
    let seconds = 0;
    let proven = goal === 'cannotWin';
    for (const column of board.moves(line)) {
      const next = `${line}${column}`;
      // A move that wins at once: the opponent has lost, so it cannot win and is not at least 0.
      const child: Piece = board.winsAt(line, column)
        ? { proven: childGoal === 'cannotWin', nodes: 0, seconds: 0, leaf: true, at: stamp() }
        : proveSplit(next, childGoal, leafPlies, board, memo, done);
      nodes += child.nodes;
      seconds += child.seconds;
      if (goal === 'cannotWin' && !child.proven) {
        proven = false;
        break;
      }
      if (goal === 'atLeast0' && child.proven) {
        proven = true;
        break;
      }
    }
    piece = { proven, nodes, seconds, leaf: false, at: stamp() };
  }
  memo[`${line}|${goal}`] = piece;
  done(line, goal, piece);
  return piece;
}

const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/**
 * A ProofBoard on `engine` (configured for the board, its table kept across the leaves), the
 * lines played after `start`; moves centre first. `width` and `height` are the board's.
 */
export function engineBoard(
  engine: WasmEngine,
  start: string,
  width: number,
  height: number,
): ProofBoard {
  const centreFirst = Array.from({ length: width }, (_, i) => {
    const offset = (i + 1) >> 1;
    return Math.floor(width / 2) + (i % 2 === 0 ? offset : -offset) + 1;
  });
  const columns = (line: string): number[][] => {
    const grid: number[][] = Array.from({ length: width }, () => []);
    Array.from(start + line).forEach((c, i) => grid[Number(c) - 1]!.push(i & 1));
    return grid;
  };
  /** Plays `line` after the start from scratch; false if a move is illegal or ends the game. */
  const load = (line: string): boolean => {
    engine.resetPosition();
    for (const c of start + line) if (engine.play(Number(c) - 1) !== 0) return false;
    return true;
  };
  return {
    moves(line) {
      const grid = columns(line);
      const mirror = grid.every((col, c) => col.join() === grid[width - 1 - c]!.join());
      return centreFirst.filter(
        (c) => grid[c - 1]!.length < height && (!mirror || c <= (width + 1) / 2),
      );
    },
    winsAt(line, column) {
      if (!load(line)) throw new Error(`not an ongoing position: ${start}${line}`);
      return engine.isWinningMove(column - 1) !== 0;
    },
    leaf(line, goal) {
      if (!load(line)) throw new Error(`not an ongoing position: ${start}${line}`);
      engine.resetNodes();
      const began = cpu();
      // [0, 1]: "does the side to move score more than 0?"; [-1, 0]: "more than -1?".
      const lo = goal === 'cannotWin' ? 0 : -1;
      if (engine.solveWithin(lo, lo + 1) !== 1) throw new Error(`stopped at ${start}${line}`);
      const proven = goal === 'cannotWin' ? engine.upper() <= 0 : engine.lower() >= 0;
      return { proven, nodes: engine.nodeCount(), seconds: cpu() - began, leaf: true, at: stamp() };
    },
  };
}
