import type { Player } from '../../core/index.js';
import { canJump, positionOf, turnAt } from '../state/game.js';
import { codeColumn, isPopCode } from '../state/move-code.js';
import { COLOUR } from '../state/text.js';
import type { GameState } from '../state/types.js';

/** One entry of the move list. */
export interface MoveItem {
  readonly ply: number;
  readonly side: Player;
  readonly text: string;
  readonly label: string;
  /** An undone move still ahead (shown dimmed). */
  readonly ahead: boolean;
  /** The move the board shows last. */
  readonly current: boolean;
  /** A button that jumps to the position after it. */
  readonly jump: boolean;
}

/**
 * The move list. Where a person plays both sides, each move (and each undone one still ahead)
 * is a button that jumps to the position after it; elsewhere it is plain text.
 */
export function moveItems(state: GameState): readonly MoveItem[] {
  const jump = canJump(state);
  const played = positionOf(state).moves.length;
  const shown = jump ? [...state.moves, ...state.redo] : state.moves;
  return shown.map((code, index) => {
    const side = turnAt(index);
    const column = String(codeColumn(code) + 1);
    // A pop's name holds its text (`p4`): the name must contain what the button shows (axe).
    const what = isPopCode(code)
      ? `${COLOUR[side]} popped column ${column}, p${column}`
      : `${COLOUR[side]} column ${column}`;
    return {
      ply: index + 1,
      side,
      // Pops are written as in the game string (`p3`, src/core/family/notation.ts).
      text: isPopCode(code) ? `p${column}` : column,
      label: jump ? `Move ${index + 1}: ${what}` : what,
      ahead: index >= played,
      current: index === played - 1,
      jump,
    };
  });
}
