import { sameMove, type GamePosition, type Move } from '../../core/index.js';
import {
  analyseFamily,
  solveFamily,
  type FamilyAnalysis,
  type FamilySolveResult,
} from '../../solver/family/index.js';
import { popoutBookAnalysis, popoutBookScore } from '../../solver/family/popout-book.js';
import type { ThinkingBudget } from '../budgets.js';
import { pick, type RandomSource } from '../random.js';
import type { AbortSignalLike } from '../types.js';
import type { FamilyMoveChoice, FamilyPerfectContext } from './types.js';

/** What the solver settled of a position: its exact move, or the moves still worth searching. */
export type ExactOutcome =
  | { readonly choice: FamilyMoveChoice }
  | { readonly candidates: readonly Move[]; readonly note: string; readonly nodes: number };

/** The solver's analysis with its unknown scores taken from the book where it has them. */
function withBook(analysis: FamilyAnalysis, book: FamilyAnalysis | undefined): FamilyAnalysis {
  if (book === undefined) return analysis;
  return {
    moves: analysis.moves.map((m) =>
      m.score === null ? (book.moves.find((b) => sameMove(b.move, m.move)) ?? m) : m,
    ),
    nodes: analysis.nodes,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const SUMMARY = {
  win: 'Plays the fastest win',
  draw: 'Holds the draw',
  loss: 'Every move loses: holds out longest',
} as const;

/** A best move of the solver's (`solveFamily` with `best`): any of them, at random. */
function solvedChoice(solved: FamilySolveResult, random: RandomSource): FamilyMoveChoice {
  const { score } = solved;
  return {
    move: pick(solved.best, random),
    score,
    scoreKind: 'exact',
    summary: SUMMARY[score > 0 ? 'win' : score === 0 ? 'draw' : 'loss'],
    moves: solved.best.map((move) => ({ move, score, kind: 'exact' as const })),
    depth: 0,
    nodes: solved.nodes,
    interrupted: false,
  };
}

/**
 * Perfect's exact move: every legal move's score from PopOut's opening book (`context`, when the
 * shell loaded it) when it holds them. Else, in PopOut, the position's score and best moves from
 * the family solver within `solveNodes` (`solveFamily`: one proof, then one cheap question per
 * move, far less than every move's exact score: 4.2 M positions at ply 2, where every move's
 * score is beyond 500,000). Else every move's score from the solver within `solverNodes`. All
 * within the level's wall-clock ceiling. With every score known it plays the best (the fastest
 * win, the draw, the slowest loss; ties at random). With some unknown it keeps what is proven: a
 * proven win is played (the best proven one), a proven draw is held against moves that might
 * lose, and proven losses are never searched while anything else is open.
 */
export function exactFamilyMove(
  position: GamePosition,
  budget: ThinkingBudget,
  solverNodes: number,
  solveNodes: number,
  random: RandomSource,
  signal: AbortSignalLike | undefined,
  context: FamilyPerfectContext = {},
): ExactOutcome {
  // The book's scores are the solver's own (for a history without repeated positions). Every
  // move scored, or a proven win among them, settles the move without a search; otherwise the
  // solver runs and the book fills in what it left open.
  const book = context.popoutBook;
  const fromBook = book && popoutBookAnalysis(book, position);
  // The position's own score: a move that reaches it is best whatever the others score.
  const own = book && popoutBookScore(book, position);
  const settled =
    fromBook !== undefined &&
    (fromBook.moves.every((m) => m.score !== null) ||
      fromBook.moves.some((m) => (m.score ?? 0) > 0 || m.score === own));
  const deadline = Date.now() + Math.max(0, budget.timeMs);
  let solveSpent = 0;
  if (!settled && position.ruleset.pops) {
    const solved = solveFamily(position, {
      best: true,
      maxNodes: solveNodes,
      deadline,
      ...(signal ? { signal } : {}),
      ...(context.popoutShared ? { shared: context.popoutShared } : {}),
    });
    if (solved.exact && solved.best.length > 0) return { choice: solvedChoice(solved, random) };
    solveSpent = solved.nodes;
  }
  const analysed = settled
    ? fromBook
    : withBook(
        analyseFamily(position, {
          maxNodes: solverNodes,
          deadline,
          ...(signal ? { signal } : {}),
          ...(context.popoutShared ? { shared: context.popoutShared } : {}),
        }),
        fromBook,
      );
  const analysis = { moves: analysed.moves, nodes: analysed.nodes + solveSpent };
  const moves = analysis.moves;
  const known = moves.filter((m): m is { move: Move; score: number } => m.score !== null);
  const unknown = moves.filter((m) => m.score === null).map((m) => m.move);
  const top = known.length > 0 ? Math.max(...known.map((m) => m.score)) : null;
  const assessed = known
    .map((m) => ({ move: m.move, score: m.score, kind: 'exact' as const }))
    .sort((a, b) => b.score - a.score);
  if (top !== null && (unknown.length === 0 || top > 0 || top === own)) {
    const chosen = pick(
      known.filter((m) => m.score === top),
      random,
    );
    const summary =
      unknown.length === 0 || top === own
        ? SUMMARY[top > 0 ? 'win' : top === 0 ? 'draw' : 'loss']
        : 'Keeps a proven win';
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
