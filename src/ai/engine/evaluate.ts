import type { Board } from './board.js';

/** Scores at or beyond this are proven wins (minus the ply of the winning disc); heuristics stay far below. */
export const WIN = 1_000_000_000;
export const WIN_THRESHOLD = WIN - 10_000;

// Per-player marks of threatened cells already counted in this evaluation (cells <= 144).
const seen = [new Int32Array(256), new Int32Array(256)] as const;
let stampValue = 0;

/**
 * A static judgement for the side to move: open lines (weighted by how full they are), plus
 * threats — empty cells that would complete a line — valued more on the rows that zugzwang
 * hands to their owner (odd rows for the first player, even rows for the second, counting from
 * 1, when columns have even height), and more the lower they sit (they mature sooner).
 */
export function evaluate(board: Board): number {
  const g = board.g;
  const need = g.connect - 1;
  const threatUnit = g.weights[need]!;
  const evenHeight = (g.height & 1) === 0;
  let score = board.lineScore;
  stampValue++;
  if (stampValue > 2_000_000_000) {
    seen[0].fill(0);
    seen[1].fill(0);
    stampValue = 1;
  }
  const counts = board.counts;
  const lineCells = g.lineCells;
  for (let line = 0; line < g.lineCount; line++) {
    const c1 = counts[line * 2]!;
    const c2 = counts[line * 2 + 1]!;
    let player: number;
    if (c1 === need && c2 === 0) player = 1;
    else if (c2 === need && c1 === 0) player = 2;
    else continue;
    let cell = -1;
    for (let k = line * g.connect, end = k + g.connect; k < end; k++) {
      if (board.cells[lineCells[k]!] === 0) {
        cell = lineCells[k]!;
        break;
      }
    }
    // One bonus per threatened cell and player, however many lines meet there.
    const marks = player === 1 ? seen[0] : seen[1];
    if (marks[cell] === stampValue) continue;
    marks[cell] = stampValue;
    const row = cell % g.height;
    let value = 2 * threatUnit;
    if (evenHeight && (row & 1) === (player === 1 ? 0 : 1)) value += 3 * threatUnit;
    value += ((g.height - row) * threatUnit) >> 2;
    score += player === 1 ? value : -value;
  }
  return board.turn === 1 ? score : -score;
}
