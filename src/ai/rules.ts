import { DIRECTIONS } from '../core/index.js';
import type { Board } from './engine/board.js';
import { pick, type RandomSource } from './random.js';

/** Columns where `player` completes a line by dropping a disc now. */
export function winningColumns(board: Board, player: number): number[] {
  const found: number[] = [];
  for (let column = 0; column < board.g.width; column++) {
    if (board.canPlay(column) && board.winsAt(player, column)) found.push(column);
  }
  return found;
}

export function legalColumns(board: Board): number[] {
  const found: number[] = [];
  for (let column = 0; column < board.g.width; column++)
    if (board.canPlay(column)) found.push(column);
  return found;
}

/** The longest run of `player`'s discs through the cell a disc dropped in `column` would take. */
function runThrough(board: Board, player: number, column: number): number {
  const { width, height } = board.g;
  const row = board.heights[column]!;
  let longest = 1;
  for (const [dc, dr] of DIRECTIONS) {
    let run = 1;
    for (const sign of [1, -1]) {
      let c = column + sign * dc;
      let r = row + sign * dr;
      while (
        c >= 0 &&
        c < width &&
        r >= 0 &&
        r < height &&
        board.cells[c * height + r] === player
      ) {
        run++;
        c += sign * dc;
        r += sign * dr;
      }
    }
    longest = Math.max(longest, run);
  }
  return longest;
}

export interface RuleChoice {
  readonly column: number;
  readonly summary: string;
}

export interface RuleStyle {
  /** Chance of overlooking a block that is needed (a deliberate, human-like miss). */
  readonly missBlock: number;
  /** Chance of a careless move (any legal column) when nothing urgent is on the board. */
  readonly slip: number;
}

/**
 * The tutorials' rule player: win if you can, block the opponent's win, extend your longest
 * line, prefer the centre, else random — with slips so a beginner can beat it.
 */
export function ruleMove(board: Board, style: RuleStyle, random: RandomSource): RuleChoice {
  const me = board.turn;
  const wins = winningColumns(board, me);
  if (wins.length > 0) return { column: pick(wins, random), summary: 'Completes a line and wins' };
  const blocks = winningColumns(board, 3 - me);
  if (blocks.length > 0 && random() >= style.missBlock) {
    return { column: pick(blocks, random), summary: 'Blocks your line' };
  }
  const legal = legalColumns(board);
  if (random() < style.slip) return { column: pick(legal, random), summary: 'A careless move' };
  const centre = (board.g.width - 1) / 2;
  let best: number[] = [];
  let bestKey = -Infinity;
  for (const column of legal) {
    // Longest line first; the centre breaks ties between equally long lines.
    const key = runThrough(board, me, column) * 100 - Math.abs(column - centre);
    if (key > bestKey) {
      bestKey = key;
      best = [column];
    } else if (key === bestKey) best.push(column);
  }
  return { column: pick(best, random), summary: 'Extends its longest line' };
}
