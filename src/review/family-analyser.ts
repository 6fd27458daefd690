import { sameMove, type GamePosition, type Move } from '../core/index.js';
import {
  analyseFamily,
  popoutMoveScore,
  solveFamily,
  type FamilyMoveScore,
  type FamilySolveOptions,
} from '../solver/family/index.js';
import {
  popoutBookAnalysis,
  popoutBookScore,
  type PopOutBook,
} from '../solver/family/popout-book.js';
import type { FamilyAnalyser } from './family.js';

const complete = (moves: readonly FamilyMoveScore[]): boolean =>
  moves.every((m) => m.score !== null);

/**
 * The review's analyser for the family (`reviewFamilyGame`), each position within `limits()`
 * (called once per position, so a deadline can be per position). Asking every move's exact score
 * (`analyseFamily`) is what a review of the opening cannot afford in PopOut: the moves that lose
 * each need their own proof, and the review of `popout:4433p4` judged no move at all. A move's
 * class needs less: the position's score and the played move's. So a PopOut position is judged
 * from the opening book where it knows every move (its first plies), else from the position's
 * score with its best moves (one proof, the moves checked from its table; the book's score when
 * it has one), then, unless the played move is among the best, that move's own score (a second
 * proof, from the position it leaves). Each proof gets the budget (`maxNodes` is per call); where
 * neither knows the position's score, every move's score as far as the budget goes, as before.
 * Five-in-a-Row's drops are scored all at once by the classic solver.
 */
export function familyReviewAnalyser(
  limits: () => FamilySolveOptions,
  book?: PopOutBook,
): FamilyAnalyser {
  return (position: GamePosition, played: Move) => {
    const options = limits();
    if (!position.ruleset.pops) return analyseFamily(position, options);
    const fromBook = book && popoutBookAnalysis(book, position);
    if (fromBook && complete(fromBook.moves)) return fromBook;
    let nodes = 0;
    const solved = solveFamily(position, { ...options, best: true });
    nodes += solved.nodes;
    const value = solved.exact ? solved.score : book && popoutBookScore(book, position);
    if (value === undefined) {
      // Neither knows the position's score: every move's score, as far as the budget goes.
      const all = analyseFamily(position, options);
      const moves = all.moves.map((m, i) => (m.score === null ? (fromBook?.moves[i] ?? m) : m));
      return { moves, nodes: nodes + all.nodes };
    }
    const best = solved.exact ? solved.best : [];
    const known = fromBook?.moves ?? position.legalMoves().map((move) => ({ move, score: null }));
    let moves: FamilyMoveScore[] = known.map((m) =>
      m.score === null && best.some((b) => sameMove(b, m.move)) ? { ...m, score: value } : m,
    );
    const entry = moves.find((m) => sameMove(m.move, played));
    if (entry !== undefined && entry.score === null && !stopped(options)) {
      const child = position.clone();
      child.play(played);
      const after = solveFamily(child, { ...options, best: false });
      nodes += after.nodes;
      if (after.exact) {
        const score = popoutMoveScore(after.score);
        moves = moves.map((m) => (m === entry ? { ...m, score } : m));
      }
    }
    return { moves, nodes, value };
  };
}

function stopped(options: FamilySolveOptions): boolean {
  const now = options.now ?? Date.now;
  return (
    options.signal?.aborted === true ||
    (options.deadline !== undefined && now() >= options.deadline)
  );
}
