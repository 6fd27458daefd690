import { NumberSet } from './number-set.js';
import { Position } from './position.js';
import type { Variant } from './variant.js';

/**
 * Counts the distinct positions reachable at each ply 0..depth (transpositions merged; a finished
 * game is counted but not extended), the convention of OEIS A212693 for the classic board.
 */
export function perft(variant: Variant, depth: number): number[] {
  const counts = new Array<number>(depth + 1).fill(0);
  const keyer = positionKeyer(variant);
  const seen = Array.from({ length: depth + 1 }, () => keyer.newSet());
  const position = Position.empty(variant);
  const visit = (key: number | string, ply: number): void => {
    const level = seen[ply]!;
    if (!level.add(key)) return;
    counts[ply]!++;
    if (ply === depth || position.isOver) return;
    for (let column = 0; column < variant.width; column++) {
      if (position.columnHeight(column) >= variant.height) continue;
      const childKey = keyer.after(key, position, column);
      position.play(column);
      visit(childKey, ply + 1);
      position.undo();
    }
  };
  visit(keyer.initial, 0);
  return counts;
}

interface Keyer {
  newSet(): { add(key: number | string): boolean };
  readonly initial: number | string;
  /** The key once the side to move drops into `column` of `position` (before it is played). */
  after(key: number | string, position: Position, column: number): number | string;
}

/**
 * Each column is coded in height+1 bits: a sentinel 1 above its discs and a 1 for each of the
 * first player's discs. While the whole board fits in a double's 53 exact bits the key is a number
 * (updated by arithmetic, since bitwise operators are 32-bit); beyond that, a string.
 */
function positionKeyer(variant: Variant): Keyer {
  const bitsPerColumn = variant.height + 1;
  if (variant.width * bitsPerColumn <= 53) {
    const columnScale = Array.from({ length: variant.width }, (_, c) => 2 ** (bitsPerColumn * c));
    let initial = 0;
    for (const scale of columnScale) initial += scale;
    return {
      newSet: () => {
        const set = new NumberSet();
        return { add: (key) => set.add(key as number) };
      },
      initial,
      after(key, position, column) {
        const row = position.columnHeight(column);
        const added = 2 ** row * (position.turn === 1 ? 2 : 1);
        return (key as number) + added * columnScale[column]!;
      },
    };
  }
  return {
    newSet: () => {
      const set = new Set<number | string>();
      return { add: (key) => set.size < set.add(key).size };
    },
    initial: '|'.repeat(variant.width - 1),
    after(key, position, column) {
      const columns = (key as string).split('|');
      columns[column] = (columns[column] ?? '') + String(position.turn);
      return columns.join('|');
    },
  };
}
