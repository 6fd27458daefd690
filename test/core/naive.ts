/**
 * An independent, deliberately plain model of the rules for cross-checking: a 2-D array indexed
 * [row][column] like the tutorials', and a full-board scan for lines.
 */
export type NaiveBoard = number[][];

export function emptyBoard(width: number, height: number): NaiveBoard {
  return Array.from({ length: height }, () => new Array<number>(width).fill(0));
}

/** Every maximal run of at least `connect` same-coloured discs, as "column,row" cell keys. */
export function naiveLines(
  board: NaiveBoard,
  connect: number,
): { owner: number; cells: string[] }[] {
  const height = board.length;
  const width = board[0]!.length;
  const at = (c: number, r: number) =>
    c >= 0 && c < width && r >= 0 && r < height ? board[r]![c]! : 0;
  const found: { owner: number; cells: string[] }[] = [];
  for (const [dc, dr] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as const) {
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const owner = at(c, r);
        // Start only at the first cell of a run so each maximal run is seen once.
        if (owner === 0 || at(c - dc, r - dr) === owner) continue;
        const cells: string[] = [];
        let k = 0;
        while (at(c + k * dc, r + k * dr) === owner) {
          cells.push(`${c + k * dc},${r + k * dr}`);
          k++;
        }
        if (cells.length >= connect) found.push({ owner, cells });
      }
    }
  }
  return found;
}

/** Distinct positions per ply by plain enumeration of every move sequence (no merging while walking). */
export function naivePerft(
  width: number,
  height: number,
  connect: number,
  depth: number,
): number[] {
  const levels = Array.from({ length: depth + 1 }, () => new Set<string>());
  const board = emptyBoard(width, height);
  const walk = (ply: number): void => {
    levels[ply]!.add(board.map((row) => row.join('')).join('/'));
    if (ply === depth || naiveLines(board, connect).length > 0) return;
    for (let c = 0; c < width; c++) {
      const r = board.findIndex((row) => row[c] === 0);
      if (r < 0) continue;
      board[r]![c] = (ply % 2) + 1;
      walk(ply + 1);
      board[r]![c] = 0;
    }
  };
  walk(0);
  return levels.map((level) => level.size);
}
