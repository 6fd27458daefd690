import type { Position } from '../core/index.js';
import type { Puzzle } from './types.js';

/**
 * What the puzzle asks of `side` at its start `position`, and how many columns fail: every
 * open column but the solution (a verified puzzle has no second winning or saving column).
 */
export function puzzlePrompt(puzzle: Puzzle, position: Position, side: string): string {
  const open = position.legalColumns().length;
  if (puzzle.goal === 'win') {
    const distance = puzzle.distance !== null ? ` (a win in ${puzzle.distance})` : '';
    const only = open === 2 ? 'Only one of the two open columns wins.' : 'Only one column wins.';
    return `${side} to move: find the winning move${distance}. ${only}`;
  }
  const loses = open === 2 ? 'One of the two open columns loses.' : 'Every column but one loses.';
  return `${side} to move: save the draw. ${loses}`;
}
