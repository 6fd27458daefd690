import type { GamePosition } from '../../core/index.js';
import type { MoveResult } from '../../puzzles/index.js';
import type { Reply } from '../worker/protocol.js';

/**
 * The family solver's results for every move of `position`, read back from the search worker's
 * final analysis (its hints: a drop's by column, a pop's in `popHints`). Moves the solver did
 * not settle are left out; the why then says only what the puzzle guarantees.
 */
export function resultsFromAnalysis(
  position: GamePosition,
  reply: Extract<Reply, { type: 'analysis' }>,
): MoveResult[] {
  return position.legalMoves().flatMap((move): MoveResult[] => {
    const hint = move.kind === 'pop' ? reply.popHints?.[move.column] : reply.hints[move.column];
    if (hint?.kind === 'draw') return [{ move, result: 'draw', moves: null }];
    if (hint?.kind === 'win' || hint?.kind === 'loss') {
      return [{ move, result: hint.kind, moves: hint.moves }];
    }
    return [];
  });
}
