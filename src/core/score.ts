/**
 * The solver's score convention (Pascal Pons'), in one place: scores are for the side to move;
 * 0 is a draw; a win by the disc dropped when `m` discs are already on the board scores
 * floor((cells + 1 - m) / 2), where cells = width * height; a loss is the negative of the
 * opponent's win. So a quicker win scores more, and a slower loss loses less.
 */

/** The score of winning with the very next disc, `ply` discs being on the board. */
export function winScore(cells: number, ply: number): number {
  return Math.floor((cells + 1 - ply) / 2);
}

/**
 * The best and worst scores the side to move can get after a drop at `ply` that does not win at
 * once: its own win comes two discs later at the earliest; the opponent's with the very next.
 */
export function scoreRangeAfterQuietMove(
  cells: number,
  ply: number,
): { best: number; worst: number } {
  return { best: winScore(cells, ply + 2), worst: -winScore(cells, ply + 1) };
}

/**
 * How many moves of the side to move, this one included, the game lasts for exact score `score`
 * (non-zero) at `ply`: "win in N" (the mover's N-th disc from now wins) or "loss in N" (the
 * opponent wins with the disc after the mover's N-th). The winning disc drops on a board of
 * cells + 1 - 2|score| or one fewer discs, whichever has the winner's parity.
 */
export function movesToEnd(cells: number, ply: number, score: number): number {
  if (score === 0 || !Number.isInteger(score))
    throw new RangeError(`not a decisive score: ${score}`);
  const winnerParity = score > 0 ? ply % 2 : (ply + 1) % 2;
  const latest = cells + 1 - 2 * Math.abs(score);
  const before = latest % 2 === winnerParity ? latest : latest - 1;
  return score > 0 ? (before - ply) / 2 + 1 : (before - ply + 1) / 2;
}
