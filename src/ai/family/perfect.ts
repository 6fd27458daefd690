import type { GamePosition, Move } from '../../core/index.js';
import { analyseFamily } from '../../solver/family/index.js';
import type { ThinkingBudget } from '../budgets.js';
import { pick, type RandomSource } from '../random.js';
import type { AbortSignalLike } from '../types.js';
import type { FamilyMoveChoice } from './types.js';

/** What the solver settled of a position: its exact move, or the moves still worth searching. */
export type ExactOutcome =
  | { readonly choice: FamilyMoveChoice }
  | { readonly candidates: readonly Move[]; readonly note: string; readonly nodes: number };

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Perfect's exact move: every legal move's score from the family solver (src/solver/family)
 * within `solverNodes` and the level's wall-clock ceiling. With every score known it plays the
 * best (the fastest win, the draw, the slowest loss; ties at random). With some unknown it keeps
 * what is proven: a proven win is played (the best proven one), a proven draw is held against
 * moves that might lose, and proven losses are never searched while anything else is open.
 */
export function exactFamilyMove(
  position: GamePosition,
  budget: ThinkingBudget,
  solverNodes: number,
  random: RandomSource,
  signal: AbortSignalLike | undefined,
): ExactOutcome {
  const analysis = analyseFamily(position, {
    maxNodes: solverNodes,
    deadline: Date.now() + Math.max(0, budget.timeMs),
    ...(signal ? { signal } : {}),
  });
  const moves = analysis.moves;
  const known = moves.filter((m): m is { move: Move; score: number } => m.score !== null);
  const unknown = moves.filter((m) => m.score === null).map((m) => m.move);
  const top = known.length > 0 ? Math.max(...known.map((m) => m.score)) : null;
  const assessed = known
    .map((m) => ({ move: m.move, score: m.score, kind: 'exact' as const }))
    .sort((a, b) => b.score - a.score);
  if (top !== null && (unknown.length === 0 || top > 0)) {
    const chosen = pick(
      known.filter((m) => m.score === top),
      random,
    );
    const summary =
      top > 0
        ? unknown.length === 0
          ? 'Plays the fastest win'
          : 'Keeps a proven win'
        : top === 0
          ? 'Holds the draw'
          : 'Every move loses: holds out longest';
    return {
      choice: {
        move: chosen.move,
        score: top,
        scoreKind: 'exact',
        summary,
        moves: assessed,
        depth: 0,
        nodes: analysis.nodes,
        interrupted: false,
      },
    };
  }
  if (top === 0) {
    return {
      candidates: known.filter((m) => m.score === 0).map((m) => m.move),
      note: 'holds a proven draw at least',
      nodes: analysis.nodes,
    };
  }
  const lost = known.length;
  return {
    candidates: unknown,
    note: lost > 0 ? `${plural(lost, 'move')} proven to lose ruled out` : 'nothing proven',
    nodes: analysis.nodes,
  };
}
